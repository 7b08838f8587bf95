import { describe, expect, it, vi } from 'vitest';
import { createAssetHandlers, refreshAssets } from '../../../../src-main/core/handlers/assets';
import { RefreshScheduler } from '../../../../src-main/core/sync/refresh-scheduler';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { FleetError } from '../../../../src-main/core/errors';
import { DEFAULT_SETTINGS } from '../../../../src-main/core/settings/settings-schema';
import type { AssetChange, AssetRowChange, AssetRowSnapshot, AssetSnapshot, EventChannel, FleetEvents } from '../../../../src-main/contract';
import { assetRow } from '../../../../src-main/core/assets/asset-row';
import type { Connection, CoreContext, HttpClient, HttpResponse, OfflineStore } from '../../../../src-main/core/ports';

const NOW = new Date('2026-03-01T10:00:00Z');

class MemoryStore implements OfflineStore {
  saved: AssetSnapshot | null = null;
  loads = 0;
  failSave = false;
  notice = null;
  /** Called when a list is saved (a test sees what had been announced by then). */
  onSave: () => void = () => {};
  saveAssetSnapshot(snapshot: AssetSnapshot): void {
    this.onSave();
    if (this.failSave) throw new Error('disk full');
    this.saved = structuredClone(snapshot);
  }
  loadAssetSnapshot(): AssetSnapshot | null {
    this.loads += 1;
    return this.saved ? { ...structuredClone(this.saved), source: 'cache' } : null;
  }
  trail() {
    return [];
  }
  putDocument() {}
  getDocument() {
    return null;
  }
  prune() {}
  close() {}
}

function setup(answers: (HttpResponse | FleetError)[]) {
  const store = new MemoryStore();
  const events: { name: EventChannel; payload: unknown }[] = [];
  const urls: string[] = [];
  let connection: Connection = { profileId: 'demo', baseUrl: 'http://127.0.0.1:4000/v1', aempUrl: 'http://127.0.0.1:4000/aemp', demo: true };
  // One repository per profile, as the app keeps them (the store is shared here on purpose).
  const repositories = new Map<string, AssetRepository>();
  const assets = () => {
    const id = connection.profileId;
    if (!repositories.has(id)) repositories.set(id, new AssetRepository(id, store));
    return repositories.get(id)!;
  };
  const http: HttpClient = {
    async get(req) {
      urls.push(req.url);
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      if (answer instanceof FleetError) throw answer;
      return answer;
    },
  };
  const ctx: CoreContext = {
    userDataDir: '/nonexistent',
    platform: { shell: 'web', version: '0', openExternal: async () => undefined },
    emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }),
    connection: () => connection,
    http: () => http,
    store: () => store,
    assets,
    settings: () => DEFAULT_SETTINGS,
  };
  const scheduler = new RefreshScheduler<AssetSnapshot>({ refresh: () => refreshAssets(ctx, () => NOW), intervalSec: () => 60, profileId: () => connection.profileId, timers: { setTimeout: () => 0, clearTimeout: () => undefined } });
  const handlers = createAssetHandlers(ctx, scheduler);
  return { store, events, urls, handlers, scheduler, ctx, switchProfile: (id: string) => (connection = { ...connection, profileId: id }) };
}

const body = (json: unknown): HttpResponse => ({ status: 200, headers: {}, body: JSON.stringify(json), url: 'http://127.0.0.1:4000/v1/branch/current/assets' });
const LIST = [
  { assetId: 'thing:1', type: 'thing', name: 'Loader', urls: { mapEmbed: 'https://maps.example/e1' }, metrics: { fuel: { value: 150, meta: { collectedOn: '2026-03-01T09:00:00Z', source: 'x', other: {} } } } },
  { assetId: 'bogus', type: 'thing', name: 'x', urls: {}, metrics: null },
];

describe('asset handlers', () => {
  it('refresh fetches, normalizes, saves and announces the snapshot, and answers nothing', async () => {
    const { handlers, store, events, urls, scheduler } = setup([body(LIST)]);
    expect(await handlers['assets:refresh']()).toBeUndefined();
    expect(urls).toEqual(['http://127.0.0.1:4000/v1/branch/current/assets']);
    const snapshot = events[0].payload as AssetRowSnapshot;
    expect(snapshot).toMatchObject({ profileId: 'demo', fetchedAt: NOW.toISOString(), source: 'network' });
    expect(snapshot.assets.map((a) => a.assetId)).toEqual(['thing:1']);
    expect(snapshot.assets[0]).toMatchObject({ fuel: 150, fuelAt: Date.parse('2026-03-01T09:00:00Z') });
    expect(snapshot.assets[0]).not.toHaveProperty('metrics'); // rows, not full records
    expect(snapshot.assets[0].issues[0].path).toBe('$[0].metrics.fuel.value');
    expect(snapshot.skipped[0]).toMatchObject({ index: 1, path: '$[1].assetId' });
    expect(store.saved?.assets).toHaveLength(1);
    expect(events.map((e) => e.name)).toEqual(['assets']);
    expect(scheduler.status().state).toBe('online');
  });

  it('keeps the last good snapshot when a refresh fails (bad payload or network)', async () => {
    const { handlers, store, events, scheduler } = setup([body(LIST), body({ not: 'a list' }), new FleetError('network', 'down')]);
    await handlers['assets:refresh']();
    const good = structuredClone(store.saved);
    await expect(handlers['assets:refresh']()).rejects.toMatchObject({ kind: 'bad-payload', path: '$' });
    expect(scheduler.status().state).toBe('error');
    await expect(handlers['assets:refresh']()).rejects.toMatchObject({ kind: 'network' });
    expect(scheduler.status().state).toBe('offline');
    expect(store.saved).toEqual(good);
    expect(events).toHaveLength(1);
    expect((await handlers['assets:get']())?.assets).toHaveLength(1);
  });

  it('reports a body that is not JSON as a bad payload', async () => {
    const { handlers } = setup([{ status: 200, headers: {}, body: '<html>', url: 'http://127.0.0.1:4000/v1/branch/current/assets' }]);
    await expect(handlers['assets:refresh']()).rejects.toMatchObject({ kind: 'bad-payload' });
  });

  it('still shows a fresh list the store could not save, and says so', async () => {
    const { handlers, store, events } = setup([body(LIST)]);
    store.failSave = true;
    await expect(handlers['assets:refresh']()).rejects.toMatchObject({ kind: 'storage' });
    expect(events.map((e) => e.name)).toEqual(['assets']);
  });

  it('announces the change before writing the offline copy (the write does not hold the change back)', async () => {
    const { handlers, store, events } = setup([body(LIST), body(LIST.map((a: Record<string, unknown>) => ({ ...a, name: `${String(a.name)} renamed` })))]);
    const announcedAtSave: number[] = [];
    store.onSave = () => announcedAtSave.push(events.length);
    await handlers['assets:refresh']();
    await handlers['assets:refresh']();
    // Each refresh's list was announced before its copy was written.
    expect(announcedAtSave).toEqual([1, 2]);
    expect(events).toHaveLength(2);
  });

  it('drops a list that arrives after a profile switch', async () => {
    const t = setup([]);
    const http: HttpClient = {
      async get() {
        t.switchProfile('other');
        return body(LIST);
      },
    };
    const ctx = { ...t.ctx, http: () => http };
    await expect(refreshAssets(ctx, () => NOW)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(t.store.saved).toBeNull();
  });

  it('assets:get returns the stored snapshot (null when none) without the network', async () => {
    const { handlers, urls } = setup([]);
    expect(await handlers['assets:get']()).toBeNull();
    expect(urls).toEqual([]);
  });

  it('assets:get returns rows of the stored list at a cold start, without a refresh', async () => {
    const t = setup([body(LIST)]);
    await refreshAssets(t.ctx, () => NOW);
    const cold = setup([]);
    cold.store.saved = t.store.saved;
    const got = await cold.handlers['assets:get']();
    expect(got).toMatchObject({ profileId: 'demo', source: 'cache', fetchedAt: NOW.toISOString() });
    expect(got?.assets).toEqual([assetRow(t.store.saved!.assets[0])]);
    expect(cold.urls).toEqual([]);
  });

  it('assets:detail returns one asset\'s full record from the held list', async () => {
    const { handlers } = setup([body(LIST)]);
    await handlers['assets:refresh']();
    const detail = await handlers['assets:detail']('thing:1');
    expect(detail).toMatchObject({ assetId: 'thing:1', name: 'Loader', embedUrl: 'https://maps.example/e1' });
    expect(detail?.metrics?.fuel.meta.source).toBe('x');
  });

  it('assets:detail answers null for an id the list does not have, and before any list', async () => {
    const { handlers } = setup([body(LIST)]);
    expect(await handlers['assets:detail']('thing:1')).toBeNull();
    await handlers['assets:refresh']();
    expect(await handlers['assets:detail']('thing:2')).toBeNull();
    expect(await handlers['assets:detail']('area:1')).toBeNull();
  });

  it('assets:detail never answers with an asset of another profile', async () => {
    const t = setup([body(LIST)]);
    await t.handlers['assets:refresh']();
    expect(await t.handlers['assets:detail']('thing:1')).not.toBeNull();
    // The store still holds the demo profile's list; the active profile is another.
    t.switchProfile('other');
    expect(await t.handlers['assets:detail']('thing:1')).toBeNull();
  });

  it('assets:detail reports a store that cannot be read as a storage error', async () => {
    const t = setup([]);
    t.store.loadAssetSnapshot = () => {
      throw new Error('disk gone');
    };
    await expect(t.handlers['assets:detail']('thing:1')).rejects.toMatchObject({ kind: 'storage', message: expect.stringContaining('thing:1') });
  });

  it('status:get returns the scheduler status', async () => {
    const { handlers } = setup([]);
    expect(await handlers['status:get']()).toMatchObject({ profileId: 'demo', state: 'starting' });
  });
});

describe('refreshAssets announces small changes as assets:changed', () => {
  const raw = (n: number, at = '2026-03-01T09:00:00Z') => ({
    assetId: `thing:${n}`,
    type: 'thing',
    name: `Loader ${n}`,
    urls: {},
    metrics: { fuel: { value: 50, meta: { collectedOn: at, source: 'x', other: {} } } },
  });
  const list = (ids: number[], changed: number[] = []) => ids.map((n) => raw(n, changed.includes(n) ? '2026-03-01T09:30:00Z' : undefined));
  const TEN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const at = (minute: number) => () => new Date(NOW.getTime() + minute * 60_000);

  async function twoRefreshes(first: unknown, second: unknown, between?: (t: ReturnType<typeof setup>) => void) {
    const t = setup([body(first), body(second)]);
    const one = await refreshAssets(t.ctx, at(0));
    between?.(t);
    const two = await refreshAssets(t.ctx, at(1));
    return { ...t, one, two };
  }

  it('announces the first load whole, then only the changed asset, as rows', async () => {
    const { events, one, two } = await twoRefreshes(list(TEN), list(TEN, [3]));
    expect(events.map((e) => e.name)).toEqual(['assets', 'assets:changed']);
    expect(events[0].payload).toEqual({ profileId: 'demo', assets: one.assets.map(assetRow), skipped: [], fetchedAt: one.fetchedAt, source: 'network' });
    const change = events[1].payload as AssetRowChange;
    expect(change).toMatchObject({ profileId: 'demo', baseFetchedAt: one.fetchedAt, fetchedAt: two.fetchedAt, source: 'network', removed: [], order: null });
    expect(change.changed).toEqual([assetRow(two.assets[2])]);
    expect(two.assets).toHaveLength(10); // the refresh itself still returns the whole list
  });

  it('gives the same change with whole assets to onChange (the alert evaluation)', async () => {
    const t = setup([body(list(TEN)), body(list(TEN, [3]))]);
    const seen: AssetChange[] = [];
    await refreshAssets(t.ctx, at(0), (c) => seen.push(c));
    expect(seen).toEqual([]); // the first list is announced whole
    const two = await refreshAssets(t.ctx, at(1), (c) => seen.push(c));
    expect(seen).toHaveLength(1);
    expect(seen[0].changed).toEqual([two.assets[2]]);
    expect(seen[0].changed[0].metrics).not.toBeNull();
  });

  it('parses only the changed asset of a refresh: unchanged ones are taken from the last answer', async () => {
    const t = setup([body(list(TEN)), body(list(TEN, [3]))]);
    await refreshAssets(t.ctx, at(0));
    const before = t.ctx.assets().snapshot()!.assets;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      await refreshAssets(t.ctx, at(1));
      const parsedAssets = parse.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('"assetId"'));
      expect(parsedAssets).toHaveLength(1);
      expect(parsedAssets[0]).toContain('"thing:3"');
    } finally {
      parse.mockRestore();
    }
    const after = t.ctx.assets().snapshot()!.assets;
    expect(after[0]).toBe(before[0]); // the very asset of the last read
    expect(after[2]).not.toBe(before[2]);
  });

  it('builds rows for the changed assets only: unchanged assets keep their row', async () => {
    const t = setup([body(list(TEN)), body(list(TEN, [3]))]);
    await refreshAssets(t.ctx, at(0));
    const before = t.ctx.assets().rows()!.assets;
    await refreshAssets(t.ctx, at(1));
    const after = t.ctx.assets().rows()!.assets;
    expect(after[0]).toBe(before[0]);
    expect(after[9]).toBe(before[9]);
    expect(after[2]).not.toBe(before[2]);
    expect(after[2].fuelAt).toBe(Date.parse('2026-03-01T09:30:00Z'));
    const change = t.events[1].payload as AssetRowChange;
    expect(change.changed[0]).toBe(after[2]); // the announced row is the one held
  });

  it('sends the new order and the removed ids when assets come and go', async () => {
    const { events } = await twoRefreshes(list(TEN), list([2, 1, 3, 4, 5, 6, 7, 8, 9, 11]));
    const change = events[1].payload as AssetRowChange;
    expect(events[1].name).toBe('assets:changed');
    expect(change.changed.map((a) => a.assetId)).toEqual(['thing:11']);
    expect(change.removed).toEqual(['thing:10']);
    expect(change.order).toEqual(['thing:2', 'thing:1', 'thing:3', 'thing:4', 'thing:5', 'thing:6', 'thing:7', 'thing:8', 'thing:9', 'thing:11']);
  });

  it('names the removed ids when assets only left the list', async () => {
    const { events } = await twoRefreshes(list(TEN), list([1, 2, 4, 5, 6, 7, 8, 9]));
    const change = events[1].payload as AssetRowChange;
    expect(events[1].name).toBe('assets:changed');
    expect(change.changed).toEqual([]);
    expect(change.removed).toEqual(['thing:3', 'thing:10']);
    expect(change.order).toEqual(['thing:1', 'thing:2', 'thing:4', 'thing:5', 'thing:6', 'thing:7', 'thing:8', 'thing:9']);
  });

  it('names the removed ids when as many came in their place', async () => {
    const { events } = await twoRefreshes(list(TEN), list([1, 2, 3, 4, 5, 6, 7, 8, 9, 12]));
    const change = events[1].payload as AssetRowChange;
    expect(change.changed.map((a) => a.assetId)).toEqual(['thing:12']);
    expect(change.removed).toEqual(['thing:10']);
  });

  it('compares a refresh after start with the list shown from the store, removed ids included', async () => {
    const t = setup([body(list([1, 2, 3, 4, 5, 6, 7, 8, 9]))]);
    t.store.saved = { profileId: 'demo', assets: (await refreshAssets(setup([body(list(TEN))]).ctx, at(0))).assets, skipped: [], fetchedAt: at(0)().toISOString(), source: 'network' };
    const shown = t.ctx.assets().snapshot(); // what the app serves at start
    await refreshAssets(t.ctx, at(1));
    expect(t.store.loads).toBe(1);
    expect(t.events.map((e) => e.name)).toEqual(['assets:changed']);
    expect(t.events[0].payload).toMatchObject({ baseFetchedAt: shown?.fetchedAt, removed: ['thing:10'], changed: [] });
  });

  it('announces a large change whole', async () => {
    const { events } = await twoRefreshes(list(TEN), list(TEN, [1, 2, 3]));
    expect(events.map((e) => e.name)).toEqual(['assets', 'assets']);
  });

  it('announces the list of another profile whole, even into the same store', async () => {
    const { events } = await twoRefreshes(list(TEN), list(TEN, [3]), (t) => t.switchProfile('other'));
    expect(events.map((e) => e.name)).toEqual(['assets', 'assets']);
    expect((events[1].payload as AssetRowSnapshot).profileId).toBe('other');
  });

  it('compares with the stored list once assets:get has read it', async () => {
    const t = setup([body(list(TEN, [3]))]);
    t.store.saved = { profileId: 'demo', assets: (await refreshAssets(setup([body(list(TEN))]).ctx, at(0))).assets, skipped: [], fetchedAt: at(0)().toISOString(), source: 'network' };
    const cached = await t.handlers['assets:get']();
    await refreshAssets(t.ctx, at(1));
    expect(t.events.map((e) => e.name)).toEqual(['assets:changed']);
    expect((t.events[0].payload as AssetRowChange).baseFetchedAt).toBe(cached?.fetchedAt);
    expect((t.events[0].payload as AssetRowChange).changed.map((a) => a.assetId)).toEqual(['thing:3']);
  });
});
