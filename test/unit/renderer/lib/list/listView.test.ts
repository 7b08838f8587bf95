/**
 * ListView gives exactly what a plain scan of the whole index (test/fixtures/list/plain-scan.ts) gives: same rows in the same
 * order, same counts, categories and match count, for searches typed, backspaced, pasted
 * and cleared, under every sort and with filters. Each shortcut has a test that fails if
 * the shortcut is taken where it must not be.
 */
import { describe, expect, it } from 'vitest';
import { SORT_KEYS, type Asset, type Metric, type SortKey } from '../../../../../src-main/contract';
import { indexAssets, type IndexedAsset, type ListQuery, type ListResult } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { ListView } from '../../../../../src-renderer/src/lib/list/listView';
import { plainScan } from '../../../../fixtures/list/plain-scan';
import { narrows, searchTerms } from '../../../../../src-renderer/src/lib/list/searchTerms';
import { row as asset, metric, NOW } from '../../fixtures';

/** A small seeded generator (xorshift), so the fleet is the same on every run. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const KINDS = ['Truck', 'Dump truck', 'Excavator', 'Light tower', 'Trailer', 'Generator'];
const CATEGORIES = ['trucks', 'dump truck', 'Excavators', 'light tower', undefined, ''];

/** A mixed fleet: things and areas, shared names, missing serials and readings, old and fresh times. */
function fleet(count: number, seed = 7) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const at = () => new Date(NOW - Math.floor(next() * 6 * 3_600_000)).toISOString();
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    if (next() < 0.08) return asset(id, { assetId: `area:${id}`, type: 'area', name: `Yard ${id % 40}`, serialNumber: undefined, category: undefined }, null);
    const metrics: Record<string, Metric> = {};
    if (next() < 0.7) metrics.ignition = metric(next() < 0.5, at());
    if (next() < 0.6) metrics.fuel = metric(Math.floor(next() * 101), at());
    if (next() < 0.5) metrics.speed = metric(next() < 0.5 ? 0 : Math.floor(next() * 90), at());
    if (next() < 0.8) metrics.gps = metric({ lat: 39 + next(), lng: -111 + next() }, at());
    if (next() < 0.3) metrics.odometer = metric(Math.floor(next() * 1e6), at());
    if (next() < 0.3) metrics.altitude = metric(Math.floor(next() * 3000), at());
    if (next() < 0.3) metrics['time-zone'] = metric(pick(['America/Denver', 'Europe/Berlin', '']), at());
    const patch: Partial<Asset> = {
      name: next() < 0.1 ? 'Truck 12' : `${pick(KINDS)} ${Math.floor(next() * 500)}`,
      serialNumber: next() < 0.2 ? '' : next() < 0.1 ? undefined : `SN-${Math.floor(next() * 1e5)}`,
      category: pick(CATEGORIES),
    };
    if (next() < 0.05) patch.issues = [{ metric: 'fuel', path: `$[${i}].metrics.fuel.value`, message: 'fuel 140 %' }];
    return asset(id, patch, Object.keys(metrics).length ? metrics : null);
  });
}

const query = (patch: Partial<ListQuery> = {}): ListQuery => ({ search: '', filters: [], sort: 'name', descending: false, columns: [], ...patch });

/** A result in comparable form: rows by identity and order, counts as sorted entries. */
function shape(result: ListResult) {
  return {
    rows: result.rows.map((r) => r.position),
    same: result.rows,
    counts: [...result.counts].sort(([a], [b]) => (a < b ? -1 : 1)),
    categories: result.categories,
    searchMatches: result.searchMatches,
  };
}

function expectSame(view: ListView, index: IndexedAsset[], q: ListQuery, now = NOW, staleAfterMin = 60): void {
  const fast = view.apply(q, now, staleAfterMin);
  const plain = plainScan(index, q, now, staleAfterMin);
  const a = shape(fast);
  const b = shape(plain);
  expect(a.rows, JSON.stringify(q)).toEqual(b.rows);
  fast.rows.forEach((row, i) => expect(row).toBe(plain.rows[i]));
  expect(a.counts, JSON.stringify(q)).toEqual(b.counts);
  expect(a.categories).toEqual(b.categories);
  expect(a.searchMatches, JSON.stringify(q)).toBe(b.searchMatches);
}

/** What a dispatcher types: forward, backspace, paste over, clear, spaces and case. */
const TYPING = [
  't', 'tr', 'tru', 'truc', 'truck', 'truck ', 'truck 1', 'truck 12', 'truck 1', 'truck', 'tru', 't', '',
  '4', '42', '4', '', 'ex', 'exc', 'ex', 'e', '',
  'truck 12', 'TRUCK 12', '  truck   12  ', '12 truck', 'dump truck 1', 'dump', 'exc', 'excavators', 'sn-', 'sn-1', 'sn-12', 'sn-1', 'sn-',
  'area:', 'area:1', 'thing:1', 'thing:', 'yard 1', 'yard', 'zzz', 'truck zzz', 'truck', 'light', 'light t', 'light to', 'light', 'ligh', '1', '12', '123', '12', '',
];

const SORTS: SortKey[] = [...SORT_KEYS];

describe('ListView against the plain scan', () => {
  const index = indexAssets(fleet(1500));

  it('gives the same list for every keystroke of typing, backspace, paste and clear', () => {
    const view = new ListView(index);
    for (const search of TYPING) expectSame(view, index, query({ search }));
  });

  it('gives the same list under every sort and direction while typing', () => {
    const view = new ListView(index);
    for (const sort of SORTS) {
      for (const descending of [false, true]) {
        for (const search of ['', 'tr', 'truck', 'truck 1', 'tr', 'e', '']) expectSame(view, index, query({ search, sort, descending }));
      }
    }
  }, 60_000);

  it('gives the same list and counts with filters, while typing and as the filters change', () => {
    const view = new ListView(index);
    const FILTERS = [
      [],
      ['type:thing'],
      ['type:area'],
      ['ignition:on', 'ignition:off'],
      ['ignition:off', 'stale'],
      ['moving'],
      ['no-gps', 'type:thing'],
      ['issues'],
      ['category:dump truck', 'category:trucks'],
      ['category:Excavators', 'moving', 'ignition:on'],
      ['stale'],
    ];
    for (const filters of FILTERS) for (const search of ['', 'truck', 'truck 1', 'e', '1', '']) expectSame(view, index, query({ search, filters }));
  });

  it('lists nothing for a filter id no asset can have; a chip of its group still counts what picking it gives', () => {
    const view = new ListView(index);
    expectSame(view, index, query({ search: 'truck', filters: ['moving:yes', 'moving'] }));
    for (const filters of [['bogus:1'], ['type:thing', 'bogus'], ['ignition:maybe'], ['stale:x']]) {
      expectSame(view, index, query({ search: 'truck', filters }));
      expect(view.apply(query({ search: 'truck', filters }), NOW, 60).rows).toHaveLength(0);
    }
    expect(view.apply(query({ search: 'truck', filters: ['ignition:maybe'] }), NOW, 60).counts.get('ignition:on')).toBeGreaterThan(0);
  });

  it('lists nothing when a remembered filter list names more groups than a number has bits', () => {
    const view = new ListView(index);
    const many = Array.from({ length: 40 }, (_, i) => `group${i}:x`);
    expectSame(view, index, query({ search: 'truck', filters: many }));
    expectSame(view, index, query({ search: '', filters: ['type:thing', ...many.slice(0, 31)] }));
    expectSame(view, index, query({ search: '', filters: ['type:area', ...many.slice(0, 32)] }));
  });

  it('follows the clock and the stale threshold for the same search (stale is never cached)', () => {
    const view = new ListView(index);
    for (const [now, after] of [[NOW, 60], [NOW + 3 * 3_600_000, 60], [NOW, 60 * 24], [NOW - 10 * 3_600_000, 60], [NaN, 60]] as const) {
      expectSame(view, index, query({ search: 'truck', filters: ['stale'] }), now, after);
      expectSame(view, index, query({ search: 'truck' }), now, after);
    }
  });

  it('handles an empty index and a single asset', () => {
    for (const one of [indexAssets([]), indexAssets(fleet(1))]) {
      const view = new ListView(one);
      for (const search of ['', 'truck', 'zzz', '']) expectSame(view, one, query({ search }));
    }
  });
});

describe('each shortcut fails where it must not be taken', () => {
  // A fleet built so that the wrong shortcut gives a visibly different list.
  const index = indexAssets([
    asset(1, { name: 'Truck 12', category: 'trucks' }, { fuel: metric(10) }),
    asset(2, { name: 'Truck 1', category: 'trucks' }, { fuel: metric(90) }),
    asset(3, { name: 'Truck 13', category: 'trucks' }, { fuel: metric(50) }),
    asset(4, { name: 'Crane 1', category: 'cranes', serialNumber: 'TR-4' }, null),
    asset(5, { assetId: 'area:5', type: 'area', name: 'Yard 1', category: undefined, serialNumber: undefined }, null),
  ]);
  const names = (r: ListResult) => r.rows.map((row) => row.asset.name);

  it('a backspace widens the search: it does not narrow from the longer search’s matches', () => {
    const view = new ListView(index);
    expect(names(view.apply(query({ search: 'truck 12' }), NOW, 60))).toEqual(['Truck 12']);
    expect(names(view.apply(query({ search: 'truck 1' }), NOW, 60))).toEqual(['Truck 1', 'Truck 12', 'Truck 13']);
  });

  it('a pasted search that shares no term with the last one scans every asset', () => {
    const view = new ListView(index);
    expect(names(view.apply(query({ search: 'crane' }), NOW, 60))).toEqual(['Crane 1']);
    expect(names(view.apply(query({ search: 'tr' }), NOW, 60))).toEqual(['Crane 1', 'Truck 1', 'Truck 12', 'Truck 13']);
  });

  it('typing on narrows only from a search that covers it (a word changed in place does not)', () => {
    const view = new ListView(index);
    expect(names(view.apply(query({ search: 'truck 12' }), NOW, 60))).toEqual(['Truck 12']);
    expect(names(view.apply(query({ search: 'truck 13' }), NOW, 60))).toEqual(['Truck 13']);
    expect(names(view.apply(query({ search: 'truck 1' }), NOW, 60))).toEqual(['Truck 1', 'Truck 12', 'Truck 13']);
    expect(names(view.apply(query({ search: '1' }), NOW, 60))).toEqual(['Crane 1', 'Truck 1', 'Truck 12', 'Truck 13', 'Yard 1']);
  });

  it('a remembered search is listed in the order asked now, not the order it was first listed in', () => {
    const view = new ListView(index);
    expect(names(view.apply(query({ search: 'truck' }), NOW, 60))).toEqual(['Truck 1', 'Truck 12', 'Truck 13']);
    expect(names(view.apply(query({ search: 'truck', sort: 'fuel' }), NOW, 60))).toEqual(['Truck 12', 'Truck 13', 'Truck 1']);
    expect(names(view.apply(query({ search: 'truck', sort: 'fuel', descending: true }), NOW, 60))).toEqual(['Truck 1', 'Truck 13', 'Truck 12']);
    expect(names(view.apply(query({ search: 'truck 1', sort: 'fuel', descending: true }), NOW, 60))).toEqual(['Truck 1', 'Truck 13', 'Truck 12']);
    expect(names(view.apply(query({ search: 'truck' }), NOW, 60))).toEqual(['Truck 1', 'Truck 12', 'Truck 13']);
  });

  it('counts follow the search even when the list comes from a remembered search', () => {
    const view = new ListView(index);
    view.apply(query({ search: 'tr' }), NOW, 60);
    view.apply(query({ search: 'truck' }), NOW, 60);
    const again = view.apply(query({ search: 'tr' }), NOW, 60);
    expect(again.counts.get('category:cranes')).toBe(1);
    expect(again.counts.get('category:trucks')).toBe(3);
    expect(again.searchMatches).toBe(4);
  });
});

describe('search terms', () => {
  it('splits on any whitespace, lowercase, no empty terms', () => {
    expect(searchTerms('  Truck\t12\n ')).toEqual(['truck', '12']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('narrows when every earlier term lies inside a later one', () => {
    expect(narrows(['tru'], ['truck'])).toBe(true);
    expect(narrows(['truck'], ['truck', '1'])).toBe(true);
    expect(narrows(['truck', '1'], ['truck', '12'])).toBe(true);
    expect(narrows(['1', 'truck'], ['truck12'])).toBe(true);
    expect(narrows([], ['x'])).toBe(true);
  });

  it('does not narrow after a backspace, a replaced word or a removed word', () => {
    expect(narrows(['truck', '12'], ['truck', '1'])).toBe(false);
    expect(narrows(['truck', '12'], ['truck', '13'])).toBe(false);
    expect(narrows(['truck', '1'], ['truck'])).toBe(false);
    expect(narrows(['x'], [])).toBe(false);
  });
});

describe('listed ids', () => {
  it('answers for the rows of the list only, including ids the index holds twice', () => {
    const plain = { category: undefined, serialNumber: undefined };
    const index = indexAssets([asset(1, { name: 'Alpha', ...plain }), asset(2, { name: 'Bravo', ...plain }), asset(1, { name: 'Charlie', ...plain }), asset(3, { name: 'Delta', ...plain })]);
    const view = new ListView(index);
    const listed = view.listed(view.apply(query({ search: 'charlie' }), NOW, 60).rows);
    expect(listed.has('thing:1')).toBe(true);
    expect(listed.has('thing:2')).toBe(false);
    expect(listed.has('thing:3')).toBe(false);
    expect(listed.has('thing:99')).toBe(false);
    const all = view.listed(view.apply(query(), NOW, 60).rows);
    expect(['thing:1', 'thing:2', 'thing:3'].map((id) => all.has(id))).toEqual([true, true, true]);
    expect(view.listed([]).has('thing:1')).toBe(false);
  });
});
