/**
 * Faceted chip counts: a chip's count is what picking it gives, with every other active
 * filter applied. Checked as a property over random fleets, searches and filter lists, for
 * the list's view and for the plain scan alike.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Metric } from '../../../../../src-main/contract';
import { FIXED_FILTERS, groupOf, indexAssets, type IndexedAsset, type ListQuery, type ListResult } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { ListView } from '../../../../../src-renderer/src/lib/list/listView';
import { plainScan } from '../../../../fixtures/list/plain-scan';
import { row as asset, metric, NOW } from '../../fixtures';

const CATEGORIES = ['Cranes', 'Dozers', 'Trucks', undefined];
const FRESH = new Date(NOW - 60_000).toISOString();
const OLD = new Date(NOW - 5 * 3_600_000).toISOString();

const assetArb = fc.record({
  area: fc.boolean(),
  category: fc.constantFrom(...CATEGORIES),
  ignition: fc.constantFrom(true, false, undefined),
  speed: fc.constantFrom(0, 30, undefined),
  gps: fc.boolean(),
  fresh: fc.boolean(),
  issue: fc.boolean(),
  name: fc.constantFrom('Truck', 'Crane', 'Dozer'),
});

type AssetSpec = typeof assetArb extends fc.Arbitrary<infer T> ? T : never;

function build(specs: AssetSpec[]): IndexedAsset[] {
  return indexAssets(
    specs.map((s, i) => {
      const at = s.fresh ? FRESH : OLD;
      const metrics: Record<string, Metric> = {};
      if (s.ignition !== undefined) metrics.ignition = metric(s.ignition, at);
      if (s.speed !== undefined) metrics.speed = metric(s.speed, at);
      if (s.gps) metrics.gps = metric({ lat: 40, lng: -111 }, at);
      const patch = s.area
        ? { assetId: `area:${i}`, type: 'area' as const, name: `Yard ${i}`, category: undefined, serialNumber: undefined }
        : { name: `${s.name} ${i}`, category: s.category, issues: s.issue ? [{ metric: 'fuel', path: 'fuel', message: 'fuel 140 %' }] : [] };
      return asset(i, patch, Object.keys(metrics).length ? metrics : null);
    }),
  );
}

const CHIPS = [...FIXED_FILTERS.map((f) => f.id), ...CATEGORIES.filter(Boolean).map((c) => `category:${c}`)];
const query = (filters: string[], search: string): ListQuery => ({ search, filters, sort: 'name', descending: false, columns: [] });

type Apply = (index: IndexedAsset[], q: ListQuery) => ListResult;
const plain: Apply = (index, q) => plainScan(index, q, NOW, 60);
const viewed: Apply = (index, q) => new ListView(index).apply(q, NOW, 60);

/** How many more rows picking `chip` lists (for an active chip: how many turning it off takes away, when it is alone in its group). */
function pickedRows(apply: Apply, index: IndexedAsset[], filters: string[], search: string, chip: string): number | null {
  const listed = (f: string[]) => apply(index, query(f, search)).rows.length;
  const group = groupOf(chip);
  const others = filters.filter((f) => f !== chip && groupOf(f) === group);
  if (filters.includes(chip)) return others.length === 0 ? listed(filters) : null;
  // A row has one chip of a group at most, so picking one more of an active group adds its rows to the list.
  return listed([...filters, chip]) - (others.length > 0 ? listed(filters) : 0);
}

describe.each([
  ['the list view', viewed],
  ['the plain scan', plain],
])('faceted chip counts (%s)', (_name, apply) => {
  it('each chip counts exactly the rows picking it gives, with the other filters and the search applied', () => {
    fc.assert(
      fc.property(fc.array(assetArb, { maxLength: 40 }), fc.subarray(CHIPS, { maxLength: 4 }), fc.constantFrom('', 'truck', 'yard', '1'), (specs, filters, search) => {
        const index = build(specs);
        const counts = apply(index, query(filters, search)).counts;
        for (const chip of CHIPS) {
          const expected = pickedRows(apply, index, filters, search, chip);
          if (expected !== null) expect(counts.get(chip) ?? 0, `${chip} with ${JSON.stringify(filters)} "${search}"`).toBe(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('with Stale on, Moving counts the stale moving rows only', () => {
    const index = build([
      { area: false, category: 'Trucks', ignition: true, speed: 30, gps: true, fresh: true, issue: false, name: 'Truck' },
      { area: false, category: 'Trucks', ignition: true, speed: 30, gps: true, fresh: true, issue: false, name: 'Truck' },
      { area: false, category: 'Trucks', ignition: false, speed: 0, gps: true, fresh: false, issue: false, name: 'Truck' },
    ]);
    const result = apply(index, query(['stale'], ''));
    expect(result.counts.get('moving') ?? 0).toBe(0);
    expect(result.counts.get('ignition:off')).toBe(1);
    expect(result.counts.get('stale')).toBe(1);
  });

  it('a remembered filter no asset can have leaves every other chip at 0 (picking one still lists nothing)', () => {
    const index = build([{ area: false, category: 'Trucks', ignition: true, speed: 30, gps: true, fresh: true, issue: false, name: 'Truck' }]);
    const result = apply(index, query(['bogus:1'], ''));
    expect(result.rows).toHaveLength(0);
    for (const chip of CHIPS) expect(result.counts.get(chip) ?? 0).toBe(0);
  });
});
