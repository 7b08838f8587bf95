import { describe, expect, it } from 'vitest';
import type { Asset, Metric } from '../../../../src-main/contract';
import { assetFacts, countTracked, tracksToGeoJson, type AssetFacts } from '../../../../src-main/core/store/export-geojson';

const p = (lat: number, lng: number, minute: number) => ({ lat, lng, collectedOn: `2026-03-01T10:0${minute}:00.000Z` });

const facts: AssetFacts = { category: 'Graders', serialNumber: 'GR-7', lastSeen: '2026-03-01T10:03:00.000Z', state: 'moving', fuel: 64, site: null };
const none = assetFacts(undefined, 0, 60);

describe('tracksToGeoJson', () => {
  const tracks = [
    { assetId: 'thing:1', name: 'Grader', facts, points: [p(40, -111, 1), p(40.1, -111.1, 2), p(40.2, -111.2, 3)] },
    { assetId: 'thing:2', name: 'Idle', facts: none, points: [] },
    { assetId: 'area:3', name: 'Yard', facts: none, points: [p(10, 20, 5)] },
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

  it('names the asset, its facts and the time span in the properties', () => {
    expect(collection.features[0].properties).toEqual({
      assetId: 'thing:1',
      name: 'Grader',
      category: 'Graders',
      serialNumber: 'GR-7',
      lastSeen: '2026-03-01T10:03:00.000Z',
      state: 'moving',
      fuel: 64,
      site: null,
      kind: 'track',
      from: '2026-03-01T10:01:00.000Z',
      to: '2026-03-01T10:03:00.000Z',
      points: 3,
    });
    expect(collection.features[2].properties).toMatchObject({ kind: 'last-position', from: '2026-03-01T10:05:00.000Z', points: 1 });
    expect(collection.features[1].properties).toMatchObject({ kind: 'last-position', category: 'Graders', state: 'moving', fuel: 64, site: null });
  });

  it('is empty for no positions', () => {
    expect(tracksToGeoJson([{ assetId: 'thing:1', name: 'x', facts: none, points: [] }])).toEqual({ type: 'FeatureCollection', features: [] });
  });
});

describe('assetFacts', () => {
  const NOW = Date.parse('2026-03-01T12:00:00Z');
  const m = (value: unknown): Metric => ({ value, meta: { collectedOn: '2026-03-01T11:50:00Z', source: 's', other: {} } });
  const asset = (metrics: Record<string, Metric> | null, lastUpdate: string | null = '2026-03-01T11:50:00Z', serialNumber = 'SN9'): Asset => ({
    assetId: 'thing:1',
    type: 'thing',
    name: 'Loader',
    serialNumber,
    category: 'Loaders',
    embedUrl: null,
    metrics,
    lastUpdate,
    issues: [],
  });

  it('carries category, serial, last seen and a numeric fuel reading', () => {
    expect(assetFacts(asset({ fuel: m(37.5) }), NOW, 60)).toEqual({ category: 'Loaders', serialNumber: 'SN9', lastSeen: '2026-03-01T11:50:00Z', state: 'reporting', fuel: 37.5, site: null });
    expect(assetFacts(asset({ fuel: m(37.5) }), NOW, 60, 'North yard').site).toBe('North yard');
  });

  it('leaves out an empty serial and a fuel reading that is not a number', () => {
    expect(assetFacts(asset({ fuel: m('N/A') }, undefined, ''), NOW, 60)).toMatchObject({ serialNumber: null, fuel: null });
  });

  it('says stale once the report is older than the threshold, before moving or ignition', () => {
    const moving = asset({ 'in-motion': m(true), ignition: m(true) });
    expect(assetFacts(moving, NOW, 60).state).toBe('moving');
    expect(assetFacts(moving, NOW, 10).state).toBe('stale');
    expect(assetFacts(asset(null, null), NOW, 60).state).toBe('stale');
  });

  it('tells ignition on from ignition off when the machine is not moving', () => {
    expect(assetFacts(asset({ 'in-motion': m(false), ignition: m(true) }), NOW, 60).state).toBe('ignition on');
    expect(assetFacts(asset({ ignition: m(false) }), NOW, 60).state).toBe('ignition off');
  });
});
