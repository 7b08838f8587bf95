import { describe, expect, it } from 'vitest';
import { countTracked, tracksToGeoJson } from '../../../../src-main/core/store/export-geojson';

const p = (lat: number, lng: number, minute: number) => ({ lat, lng, collectedOn: `2026-03-01T10:0${minute}:00.000Z` });

describe('tracksToGeoJson', () => {
  const tracks = [
    { assetId: 'thing:1', name: 'Grader', points: [p(40, -111, 1), p(40.1, -111.1, 2), p(40.2, -111.2, 3)] },
    { assetId: 'thing:2', name: 'Idle', points: [] },
    { assetId: 'area:3', name: 'Yard', points: [p(10, 20, 5)] },
  ];
  const collection = tracksToGeoJson(tracks);

  it('is a FeatureCollection with a track and a last position per asset that has positions', () => {
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f) => [f.properties.assetId, f.geometry.type])).toEqual([
      ['thing:1', 'LineString'],
      ['thing:1', 'Point'],
      ['area:3', 'Point'],
    ]);
    expect(countTracked(tracks)).toBe(2);
  });

  it('writes coordinates as [longitude, latitude], oldest first', () => {
    expect(collection.features[0].geometry.coordinates).toEqual([
      [-111, 40],
      [-111.1, 40.1],
      [-111.2, 40.2],
    ]);
    expect(collection.features[1].geometry.coordinates).toEqual([-111.2, 40.2]);
  });

  it('names the asset and the time span in the properties', () => {
    expect(collection.features[0].properties).toEqual({
      assetId: 'thing:1',
      name: 'Grader',
      kind: 'track',
      from: '2026-03-01T10:01:00.000Z',
      to: '2026-03-01T10:03:00.000Z',
      points: 3,
    });
    expect(collection.features[2].properties).toMatchObject({ kind: 'last-position', from: '2026-03-01T10:05:00.000Z', points: 1 });
  });

  it('is empty for no positions', () => {
    expect(tracksToGeoJson([{ assetId: 'thing:1', name: 'x', points: [] }])).toEqual({ type: 'FeatureCollection', features: [] });
  });
});
