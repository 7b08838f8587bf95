import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import turfDistance from '@turf/distance';
import { bearingBetween, isParked, NearestIndex, type NearestRow } from '../../../../src-main/core/places/nearest-index';
import { NEAREST_LIMITS } from '../../../../src-main/contract';

const CATEGORIES = ['Excavator', 'Loader', 'Lift', undefined] as const;

function row(i: number, over: Partial<NearestRow> = {}): NearestRow {
  return { assetId: `thing:${i}`, type: 'thing', category: 'Excavator', lat: 40.6 + i * 0.001, lng: -111.9, ignition: false, inMotion: false, ...over };
}

/** The answer worked out the slow way: every row, an independent distance formula, a full sort. */
function bruteForce(rows: readonly NearestRow[], q: { lat: number; lng: number; limit: number; categories: string[]; parkedOnly: boolean; excludeAssetId: string | null }) {
  const kept = rows.filter(
    (r) =>
      r.type === 'thing' &&
      r.lat !== null &&
      r.lng !== null &&
      (!q.parkedOnly || (r.ignition === false && r.inMotion !== true)) &&
      (q.categories.length === 0 || q.categories.includes(r.category ?? '')) &&
      r.assetId !== q.excludeAssetId,
  );
  const withDistance = kept.map((r) => ({ id: r.assetId, m: turfDistance([q.lng, q.lat], [r.lng as number, r.lat as number], { units: 'meters' }) }));
  withDistance.sort((a, b) => a.m - b.m);
  return { hits: withDistance.slice(0, q.limit), searched: kept.length };
}

const rowArb = fc.record({
  type: fc.constantFrom<'thing' | 'area'>('thing', 'thing', 'thing', 'area'),
  category: fc.constantFrom(...CATEGORIES),
  lat: fc.option(fc.double({ min: -80, max: 80, noNaN: true }), { freq: 8 }),
  lng: fc.double({ min: -179, max: 179, noNaN: true }),
  ignition: fc.constantFrom(true, false, null),
  inMotion: fc.constantFrom(true, false, null),
});

describe('the nearest index', () => {
  it('returns what a brute-force sort returns, with every filter and the excluded machine', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 150 }),
        fc.record({
          lat: fc.double({ min: -80, max: 80, noNaN: true }),
          lng: fc.double({ min: -179, max: 179, noNaN: true }),
          limit: fc.constantFrom(...NEAREST_LIMITS),
          categories: fc.subarray(['Excavator', 'Loader', 'Lift', '']),
          parkedOnly: fc.boolean(),
          excludeIndex: fc.option(fc.nat(149)),
        }),
        (specs, q) => {
          const rows: NearestRow[] = specs.map((s, i) => ({ assetId: `thing:${i}`, type: s.type, category: s.category, lat: s.lat, lng: s.lat === null ? null : s.lng, ignition: s.ignition, inMotion: s.inMotion }));
          const query = { lat: q.lat, lng: q.lng, limit: q.limit, categories: q.categories, parkedOnly: q.parkedOnly, excludeAssetId: q.excludeIndex === null ? null : `thing:${q.excludeIndex}` };
          const got = new NearestIndex(() => rows).query(query);
          const want = bruteForce(rows, query);
          expect(got.searched).toBe(want.searched);
          expect(got.hits.length).toBe(want.hits.length);
          // Distances agree in order (the two formulas take the Earth's radius a few metres apart
          // per thousand kilometres); ties may list equally far machines either way round.
          got.hits.forEach((hit, i) => expect(Math.abs(hit.distanceM - want.hits[i].m)).toBeLessThanOrEqual(want.hits[i].m * 1e-5 + 0.01));
          const allowed = new Set(bruteForce(rows, { ...query, limit: Infinity }).hits.map((h) => h.id));
          for (const hit of got.hits) expect(allowed.has(hit.assetId)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fills the limit without the excluded machine, wherever it stands', () => {
    // Twelve machines northwards, one per 0.001°: thing:1 nearest.
    const rows = Array.from({ length: 12 }, (_, i) => row(i + 1));
    const index = new NearestIndex(() => rows);
    const nearestLeftOut = index.query({ lat: 40.6, lng: -111.9, limit: 10, excludeAssetId: 'thing:1' });
    expect(nearestLeftOut.hits.map((h) => h.assetId)).toEqual(Array.from({ length: 10 }, (_, i) => `thing:${i + 2}`));
    const farLeftOut = index.query({ lat: 40.6, lng: -111.9, limit: 10, excludeAssetId: 'thing:12' });
    expect(farLeftOut.hits.map((h) => h.assetId)).toEqual(Array.from({ length: 10 }, (_, i) => `thing:${i + 1}`));
  });

  it('counts a machine whose ignition is not reported as not parked', () => {
    expect(isParked({ ignition: null, inMotion: false })).toBe(false);
    expect(isParked({ ignition: false, inMotion: null })).toBe(true);
    expect(isParked({ ignition: false, inMotion: true })).toBe(false);
    expect(isParked({ ignition: true, inMotion: false })).toBe(false);
  });

  it('leaves out areas and machines without a position', () => {
    const rows = [row(1), row(2, { type: 'area' }), row(3, { lat: null, lng: null })];
    const result = new NearestIndex(() => rows).query({ lat: 40.6, lng: -111.9, limit: 10 });
    expect(result.hits.map((h) => h.assetId)).toEqual(['thing:1']);
    expect(result.searched).toBe(1);
  });

  it('answers an empty list with no machines', () => {
    expect(new NearestIndex(() => []).query({ lat: 0, lng: 0, limit: 10 })).toEqual({ lat: 0, lng: 0, hits: [], searched: 0 });
  });

  it('is built again from the rows after invalidate, and not before', () => {
    let rows = [row(1)];
    const index = new NearestIndex(() => rows);
    expect(index.query({ lat: 40.6, lng: -111.9, limit: 10 }).hits).toHaveLength(1);
    rows = [row(1), row(2)];
    expect(index.query({ lat: 40.6, lng: -111.9, limit: 10 }).hits).toHaveLength(1);
    index.invalidate();
    expect(index.query({ lat: 40.6, lng: -111.9, limit: 10 }).hits).toHaveLength(2);
  });

  it('gives each hit its distance and its bearing from the point', () => {
    // One machine 0.1° due east of the point on the equator: about 11.1 km at 90°.
    const rows = [row(1, { lat: 0, lng: 0.1 })];
    const [hit] = new NearestIndex(() => rows).query({ lat: 0, lng: 0, limit: 10 }).hits;
    expect(hit.distanceM).toBeGreaterThan(11_000);
    expect(hit.distanceM).toBeLessThan(11_200);
    expect(hit.bearingDeg).toBeCloseTo(90, 5);
  });
});

describe('bearings', () => {
  it.each([
    ['north', 1, 0, 0],
    ['east', 0, 1, 90],
    ['south', -1, 0, 180],
    ['west', 0, -1, 270],
  ])('a point due %s is at its compass bearing', (_, dLat, dLng, deg) => {
    expect(bearingBetween(0, 0, dLat, dLng)).toBeCloseTo(deg, 5);
  });

  it('is within 0–360 for every pair, and 0 for the same point', () => {
    expect(bearingBetween(40, -111, 40, -111)).toBe(0);
    fc.assert(
      fc.property(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (a, b, c, d) => {
        const deg = bearingBetween(a, b, c, d);
        expect(deg).toBeGreaterThanOrEqual(0);
        expect(deg).toBeLessThan(360);
      }),
    );
  });

  it('north-east of Sandy, UT reads about 45°', () => {
    expect(bearingBetween(40.5649, -111.8389, 40.603, -111.789)).toBeGreaterThan(40);
    expect(bearingBetween(40.5649, -111.8389, 40.603, -111.789)).toBeLessThan(50);
  });
});
