/**
 * The demo map's place names never print over one another: a depot named after its town
 * moves below the town's name, names that find no free spot are left out, names step
 * aside from the markers they would cover, and only the names of the zoom level drawn are placed.
 */
import { describe, expect, it } from 'vitest';
import type { MapPlace } from '@contract';
import { labelSize, placeLabels, type PlacedLabel } from '../../../../../src-renderer/src/lib/map/place-labels';

/** One degree is 100 px here, north up: enough to reason about boxes by hand. */
const project = (lat: number, lng: number) => ({ x: (lng + 112) * 100, y: (41 - lat) * 100 });
const view = { width: 800, height: 600 };

function place(name: string, kind: MapPlace['kind'], lat: number, lng: number, minZoom = 0): MapPlace {
  return { name, kind, lat, lng, minZoom };
}

function boxOf({ place: p, dy }: PlacedLabel) {
  const at = project(p.lat, p.lng);
  const { width, height } = labelSize(p);
  return { left: at.x - width / 2, right: at.x + width / 2, top: at.y + dy - height / 2, bottom: at.y + dy + height / 2 };
}

function overlapping(labels: PlacedLabel[]): string[] {
  const pairs: string[] = [];
  const boxes = labels.map(boxOf);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) pairs.push(`${labels[i].place.name} / ${labels[j].place.name}`);
    }
  }
  return pairs;
}

describe('placeLabels', () => {
  it('moves a depot named after its town below the town\'s name instead of printing over it', () => {
    const sandy = place('Sandy', 'city', 40.5, -111);
    const depot = place('Sandy depot', 'depot', 40.5, -111);
    const labels = placeLabels([depot, sandy], 12, project, view);
    expect(labels.map((l) => l.place.name)).toEqual(['Sandy', 'Sandy depot']);
    expect(labels[0].dy).toBe(0);
    expect(labels[1].dy).toBeGreaterThanOrEqual(labelSize(sandy).height / 2 + labelSize(depot).height / 2);
    expect(overlapping(labels)).toEqual([]);
  });

  it('puts a name above the one in its way when below is taken too', () => {
    const labels = placeLabels(
      [place('Draper', 'city', 40.5, -111), place('Draper North', 'city', 40.5 - 0.2, -111), place('Draper depot', 'depot', 40.5, -111)],
      12,
      project,
      view,
    );
    const depot = labels.find((l) => l.place.name === 'Draper depot');
    expect(depot?.dy).toBeLessThan(0);
    expect(overlapping(labels)).toEqual([]);
  });

  it('never lets two names overlap, leaving out the least useful when there is no room', () => {
    const crowd: MapPlace[] = [];
    for (let i = 0; i < 60; i++) crowd.push(place(`Job site ${i}`, i % 3 === 0 ? 'depot' : 'site', 38.5 + ((i * 7) % 11) * 0.15, -111.5 + ((i * 5) % 13) * 0.5));
    crowd.push(place('Salt Lake City', 'city', 40.6, -111));
    const labels = placeLabels(crowd, 14, project, view);
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.length).toBeLessThan(crowd.length);
    expect(labels.map((l) => l.place.name)).toContain('Salt Lake City');
    expect(overlapping(labels)).toEqual([]);
  });

  it('steps a name aside from a cluster bubble on its point, and still shows it over markers when there is no room', () => {
    const town = place('West Valley City', 'city', 40.5, -111);
    const at = project(town.lat, town.lng);
    const bubble = { left: at.x - 20, right: at.x + 20, top: at.y - 20, bottom: at.y + 20 };
    const [aside] = placeLabels([town], 12, project, view, [bubble]);
    const box = boxOf(aside);
    expect(aside.dy).not.toBe(0);
    expect(box.top >= bubble.bottom || box.bottom <= bubble.top).toBe(true);

    const wall = { left: at.x - 200, right: at.x + 200, top: at.y - 300, bottom: at.y + 300 };
    expect(placeLabels([town], 12, project, view, [wall])).toEqual([{ place: town, dy: 0 }]);
  });

  it('places only the names of the zoom level drawn, and none far outside the view', () => {
    const labels = placeLabels(
      [place('Near', 'city', 40.5, -111, 10), place('Later', 'site', 40.2, -110.5, 14), place('Far away', 'city', 30, -100, 0)],
      12,
      project,
      view,
    );
    expect(labels.map((l) => l.place.name)).toEqual(['Near']);
  });
});
