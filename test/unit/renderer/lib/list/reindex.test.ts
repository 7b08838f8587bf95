/**
 * A small change applied to the list's index and view gives exactly what building both
 * whole gives: the same index entries field for field, and the same rows, order, counts
 * and matches for every sort, search and filter — for random changes (rows replaced,
 * renamed, removed, added, reordered) after random queries filled the view's caches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssetRow, Metric, SortKey } from '../../../../../src-main/contract';
import { indexAssets, type IndexedAsset, type ListQuery } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { ListView } from '../../../../../src-renderer/src/lib/list/listView';
import { plainScan } from '../../../../fixtures/list/plain-scan';
import { reindexAssets } from '../../../../../src-renderer/src/lib/list/reindex';
import { row, metric, NOW } from '../../fixtures';

const NAMES = ['Truck 12', 'truck 12', 'Truck 120', 'Excavator 4', 'Light tower', 'Yard 75', 'Yard 725', 'Dump truck 9'];
const CATEGORIES = ['trucks', 'Excavators', 'light tower', undefined, ''];

/** One generated row: its id, name, category and a few readings that decide its filters and sort values. */
const rowSpec = fc.record({
  id: fc.integer({ min: 1, max: 60 }),
  area: fc.boolean(),
  name: fc.constantFrom(...NAMES),
  category: fc.constantFrom(...CATEGORIES),
  serial: fc.option(fc.constantFrom('SN-1', 'SN-22', 'sn-3'), { nil: undefined }),
  ageMin: fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
  fuel: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
  speed: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
  ignition: fc.option(fc.boolean(), { nil: undefined }),
  gps: fc.boolean(),
  issue: fc.boolean(),
});
type RowSpec = typeof rowSpec extends fc.Arbitrary<infer T> ? T : never;

function build(spec: RowSpec): AssetRow {
  const at = spec.ageMin === undefined ? undefined : new Date(NOW - spec.ageMin * 60_000).toISOString();
  const metrics: Record<string, Metric> = {};
  if (at && spec.fuel !== undefined) metrics.fuel = metric(spec.fuel, at);
  if (at && spec.speed !== undefined) metrics.speed = metric(spec.speed, at);
  if (at && spec.ignition !== undefined) metrics.ignition = metric(spec.ignition, at);
  if (at && spec.gps) metrics.gps = metric({ lat: 39 + spec.id / 100, lng: -111 }, at);
  return row(
    spec.id,
    {
      assetId: `${spec.area ? 'area' : 'thing'}:${spec.id}`,
      type: spec.area ? 'area' : 'thing',
      name: spec.name,
      category: spec.category,
      serialNumber: spec.serial,
      issues: spec.issue ? [{ metric: 'fuel', path: '$.metrics.fuel.value', message: 'fuel 140 %' }] : [],
    },
    Object.keys(metrics).length ? metrics : null,
  );
}

/** What a refresh does to the list: each row kept, replaced by a new object (maybe renamed), or removed; new rows appended or spliced in; sometimes the order shuffled. */
const change = fc.record({
  fate: fc.array(
    fc.oneof({ arbitrary: fc.constant('keep'), weight: 16 }, { arbitrary: fc.constantFrom('replace', 'rename', 'remove'), weight: 3 }),
    { minLength: 80, maxLength: 80 },
  ),
  added: fc.array(fc.tuple(rowSpec, fc.nat()), { maxLength: 3 }),
  shuffle: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: fc.tuple(fc.nat(), fc.nat()), weight: 1 }),
});

const SORTS: SortKey[] = ['name', 'id', 'lastUpdate', 'fuel', 'category', 'type', 'serial', 'speed', 'positionAge'];
const query = fc.record({
  search: fc.constantFrom('', 'truck', 'truck 12', 'yard', 'sn-', 'x', 'area'),
  filters: fc.subarray(['type:thing', 'type:area', 'ignition:on', 'moving', 'no-gps', 'stale', 'issues', 'category:trucks', 'category:nobody']),
  sort: fc.constantFrom(...SORTS),
  descending: fc.boolean(),
});
const asQuery = (q: { search: string; filters: string[]; sort: SortKey; descending: boolean }): ListQuery => ({ ...q, columns: [] });

function applyChange(before: readonly AssetRow[], specs: readonly RowSpec[], c: typeof change extends fc.Arbitrary<infer T> ? T : never): AssetRow[] {
  const next: AssetRow[] = [];
  before.forEach((asset, i) => {
    const fate = c.fate[i % c.fate.length];
    if (fate === 'remove') return;
    if (fate === 'keep') next.push(asset);
    else next.push(build({ ...specs[i], ageMin: 0, fuel: (specs[i].fuel ?? 0) + 1, name: fate === 'rename' ? 'Renamed 3' : specs[i].name }));
  });
  for (const [spec, at] of c.added) next.splice(at % (next.length + 1), 0, build({ ...spec, id: spec.id + 100 }));
  if (c.shuffle && next.length > 1) {
    const [a, b] = [c.shuffle[0] % next.length, c.shuffle[1] % next.length];
    [next[a], next[b]] = [next[b], next[a]];
  }
  return next;
}

/** The fields of an index entry that the list reads (all of them). */
const fields = (index: readonly IndexedAsset[]) => index.map((entry) => ({ ...entry }));

describe('reindexAssets and ListView.after', () => {
  it('give what a whole rebuild gives, for random changes after random queries', () => {
    let carried = 0;
    fc.assert(
      fc.property(fc.array(rowSpec, { minLength: 10, maxLength: 60 }), change, fc.array(query, { minLength: 1, maxLength: 5 }), fc.array(query, { minLength: 1, maxLength: 5 }), (specs, c, before, after) => {
        const rows = specs.map(build);
        const previous = indexAssets(rows);
        const view = new ListView(previous);
        for (const q of before) view.apply(asQuery(q), NOW, 60);
        const next = applyChange(rows, specs, c);
        const { index, delta } = reindexAssets(previous, next);
        const wholeIndex = indexAssets(next);
        expect(fields(index)).toEqual(fields(wholeIndex));
        if (delta) carried++;
        const nextView = delta ? view.after(index, delta) : new ListView(index);
        for (const q of [...before, ...after]) {
          const fast = nextView.apply(asQuery(q), NOW, 60);
          const plain = plainScan(wholeIndex, asQuery(q), NOW, 60);
          expect(fast.rows.map((r) => r.position), JSON.stringify(q)).toEqual(plain.rows.map((r) => r.position));
          fast.rows.forEach((r) => expect(r).toBe(index[r.position]));
          expect([...fast.counts].sort(), JSON.stringify(q)).toEqual([...plain.counts].sort());
          expect(fast.categories).toEqual(plain.categories);
          expect(fast.searchMatches).toBe(plain.searchMatches);
        }
      }),
      { numRuns: 300 },
    );
    // Most runs must take the incremental path, or the property says little.
    expect(carried).toBeGreaterThan(100);
  });

  it('reuses the unchanged entries of a small change and leaves the previous index as it was', () => {
    const rows = Array.from({ length: 50 }, (_, i) => build({ id: i + 1, area: false, name: NAMES[i % NAMES.length], category: 'trucks', serial: undefined, ageMin: 5, fuel: i, speed: 0, ignition: true, gps: true, issue: false }));
    const previous = indexAssets(rows);
    const snapshot = fields(previous);
    const next = rows.map((r, i) => (i % 10 === 3 ? { ...r, fuel: 1 } : r));
    const { index, delta } = reindexAssets(previous, next);
    expect(delta?.fresh).toEqual(Int32Array.from([3, 13, 23, 33, 43]));
    expect(index.filter((entry, i) => entry === previous[i])).toHaveLength(45);
    expect(fields(previous)).toEqual(snapshot);
    // A removal: kept rows get entries of their own (new places), the old ones stay put.
    const fewer = next.filter((_, i) => i !== 0);
    const again = reindexAssets(index, fewer);
    expect(again.delta).not.toBeNull();
    expect(fields(again.index)).toEqual(fields(indexAssets(fewer)));
    expect(index[1].position).toBe(1);
  });

  it('builds the index whole when most rows are new', () => {
    const rows = Array.from({ length: 20 }, (_, i) => build({ id: i + 1, area: false, name: 'Truck 12', category: undefined, serial: undefined, ageMin: 5, fuel: i, speed: 0, ignition: true, gps: true, issue: false }));
    const next = rows.map((r) => ({ ...r }));
    expect(reindexAssets(indexAssets(rows), next).delta).toBeNull();
  });
});
