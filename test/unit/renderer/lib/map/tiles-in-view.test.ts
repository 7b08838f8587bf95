import { describe, expect, it } from 'vitest';
import { tileInView } from '../../../../../src-renderer/src/lib/map/tiles-in-view';

// A 600 × 400 px map whose box starts at pixel (1000, 520) of the world at zoom 5:
// tiles x 3..6 (1000/256 → 3, 1599/256 → 6) and y 2..3 (520/256 → 2, 919/256 → 3).
const box = { min: { x: 1000, y: 520 }, max: { x: 1600, y: 920 } };

describe('tileInView', () => {
  it('counts the tiles of the zoom drawn now that overlap the map box', () => {
    for (const key of ['5/3/2', '5/6/2', '5/3/3', '5/6/3', '5/4/2']) expect(tileInView(key, 5, box), key).toBe(true);
  });

  it('leaves out tiles just outside the box and tiles of another zoom level', () => {
    for (const key of ['5/2/2', '5/7/2', '5/3/1', '5/3/4', '4/3/2', '6/3/2']) expect(tileInView(key, 5, box), key).toBe(false);
  });

  it('treats the box edge as exclusive (a tile that starts where the box ends is not seen)', () => {
    const edge = { min: { x: 512, y: 512 }, max: { x: 768, y: 768 } };
    expect(tileInView('5/2/2', 5, edge)).toBe(true);
    expect(tileInView('5/3/2', 5, edge)).toBe(false);
    expect(tileInView('5/1/2', 5, edge)).toBe(false);
  });
});
