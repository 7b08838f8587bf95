import kinks from '@turf/kinks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../../../src-main/contract';
import { edgesMeet, firstCrossing } from '../../../../src-main/core/sites/ring-crossings';
import { box } from './site-shapes';

function generalPosition(corners: readonly (readonly [number, number])[]): boolean {
  for (let i = 0; i < corners.length; i++) {
    for (let j = i + 1; j < corners.length; j++) {
      for (let k = j + 1; k < corners.length; k++) {
        const [a, b, c] = [corners[i], corners[j], corners[k]];
        if (Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) < 1e-9) return false;
      }
    }
  }
  return true;
}

const closed = (corners: LngLat[]): LngLat[] => [...corners, corners[0]];

describe('where a polygon\u2019s edges cross', () => {
  it('finds a bowtie\u2019s crossing, and none in a box with a hole', () => {
    expect(firstCrossing([closed([[0, 0], [1, 1], [1, 0], [0, 1]])])).toEqual([0.5, 0.5]);
    expect(firstCrossing([box(0, 0, 4, 4), box(1, 1, 2, 2)])).toBeNull();
  });

  it('finds a hole that crosses the outline, and one that touches it', () => {
    expect(firstCrossing([box(0, 0, 4, 4), box(3, 1, 5, 2)])).not.toBeNull();
    expect(firstCrossing([box(0, 0, 4, 4), closed([[4, 2], [3, 1], [3, 3]])])).toEqual([4, 2]);
  });

  it('counts edges that overlap along one line as meeting', () => {
    const edge = (ax: number, ay: number, bx: number, by: number) => ({ ring: 0, at: 0, of: 4, ax, ay, bx, by });
    expect(edgesMeet(edge(0, 0, 4, 0), edge(1, 0, 3, 0))).toEqual([1, 0]);
    expect(edgesMeet(edge(1, 0, 3, 0), edge(0, 0, 4, 0))).toEqual([1, 0]);
    expect(edgesMeet(edge(0, 0, 4, 0), edge(5, 0, 6, 0))).toBeNull();
  });

  it('ignores repeated corners', () => {
    expect(firstCrossing([[[0, 0], [1, 0], [1, 0], [1, 1], [0, 1], [0, 0]]])).toBeNull();
  });

  // In general position (no three corners on one line): @turf/kinks does not report edges
  // that overlap along a line, which this module does (such rings are refused either way).
  it('agrees with @turf/kinks on random rings in general position', () => {
    const coordinate = fc.noBias(fc.integer({ min: 0, max: 2 ** 30 })).map((n) => (n / 2 ** 30) * 20 - 10);
    const corner = fc.tuple(coordinate, coordinate);
    fc.assert(
      fc.property(fc.array(corner, { minLength: 3, maxLength: 9 }), (corners) => {
        fc.pre(generalPosition(corners));
        const ring = closed(corners as LngLat[]);
        const turf = kinks({ type: 'Polygon', coordinates: [ring] }).features.length > 0;
        expect(firstCrossing([ring]) !== null).toBe(turf);
      }),
      { numRuns: 500 },
    );
  });
});
