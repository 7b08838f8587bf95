import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { DEFAULT_SETTINGS } from '@contract';
import type { AssetChange, AssetRowChange, Settings } from '../../../../src-main/contract';
import { asset, FakeBridge, metric, NOW, rowChange, snapshot, status, resetStores } from '../fixtures';
import { session } from '../../../../src-renderer/src/state/session.svelte';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { selection } from '../../../../src-renderer/src/state/selection.svelte';
import { appEvents } from '../../../../src-renderer/src/state/events';
import { startStores } from '../../../../src-renderer/src/state/app-start';
import { exportListedCsv } from '../../../../src-renderer/src/views/export/export-actions';
import { deferred } from '../../../fixtures/deferred';

describe('the stores together (session, assets, selection, ui)', () => {
  let bridge: FakeBridge;
  let settings: Settings;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    settings = { ...DEFAULT_SETTINGS, staleAfterMin: 30, list: { filters: ['ignition:on'], sort: 'fuel', descending: true, columns: ['id', 'fuel'] } };
    bridge = new FakeBridge()
      .handle('app:info', () => ({ shell: 'web', version: '0.1.0', platform: 'linux', demo: true }))
      .handle('settings:get', () => settings)
      .handle('settings:set', (patch) => {
        settings = { ...settings, ...(patch as Partial<Settings>) };
        bridge.emit('settings', settings);
      })
      .handle('status:get', () => status())
      .handle('assets:get', () => snapshot([asset(1, {}, { ignition: metric(true), fuel: metric(10) }), asset(2, {}, { ignition: metric(true), fuel: metric(90) }), asset(3, {}, { ignition: metric(false) })], { source: 'cache' }));
    setBridge(bridge);
  });
  afterEach(() => {
    resetStores();
    vi.useRealTimers();
    setBridge(null);
  });

  it('starts from the cache with the remembered list state', async () => {
    resetStores(Date.now);
    await startStores();
    expect(session.appInfo?.shell).toBe('web');
    expect(assets.visibleIds).toEqual(['thing:2', 'thing:1']);
    expect(assets.snapshot?.source).toBe('cache');
    expect(bridge.callsTo('assets:refresh')).toHaveLength(0);
  });

  it('remembers list changes with one debounced settings:set', async () => {
    resetStores(Date.now);
    await startStores();
    ui.toggleFilter('ignition:on');
    ui.updateList({ sort: 'name' });
    expect(bridge.callsTo('settings:set')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(bridge.callsTo('settings:set')).toEqual([[{ list: { filters: [], sort: 'name', descending: true, columns: ['id', 'fuel'] } }]]);
  });

  it('a settings save resolves holding the announced settings, without asking again when the announcement came first (Electron)', async () => {
    resetStores(Date.now);
    await startStores();
    const asks = bridge.callsTo('settings:get').length;
    await session.saveSettings({ staleAfterMin: 45 });
    expect(session.settings.staleAfterMin).toBe(45);
    expect(bridge.callsTo('settings:get')).toHaveLength(asks);
  });

  it('a settings save whose announcement comes after its answer (the web shell) resolves holding the saved settings, read once', async () => {
    resetStores(Date.now);
    await startStores();
    let saved = settings;
    bridge.handle('settings:set', (patch) => {
      saved = { ...settings, ...(patch as Partial<Settings>) };
      settings = saved;
      return undefined; // the event is on its way on the socket, not here yet
    });
    const asks = bridge.callsTo('settings:get').length;
    await session.saveSettings({ staleAfterMin: 45 });
    expect(session.settings.staleAfterMin).toBe(45);
    expect(bridge.callsTo('settings:get')).toHaveLength(asks + 1);
    // The late announcement changes nothing more.
    bridge.emit('settings', saved);
    expect(session.settings).toEqual(saved);
  });

  it('a settings save keeps the last good settings and throws when the main side refuses it', async () => {
    resetStores(Date.now);
    await startStores();
    const before = session.settings;
    bridge.handle('settings:set', () => {
      throw Object.assign(new Error('Refresh every 15 s to 24 h (86,400 s).'), { kind: 'invalid-argument' });
    });
    await expect(session.saveSettings({ refreshIntervalSec: 1 })).rejects.toThrow('Refresh every 15 s to 24 h');
    expect(session.settings).toBe(before);
  });

  it('keeps the search text to itself: typing sends nothing to the main side', async () => {
    resetStores(Date.now);
    await startStores();
    ui.setSearch('t');
    ui.setSearch('tr');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(bridge.callsTo('settings:set')).toHaveLength(0);
    expect(assets.visibleIds).toEqual(['thing:2', 'thing:1']);
    ui.setSearch('zzz');
    expect(assets.visibleIds).toEqual([]);
  });

  it('a failed refresh keeps the last good snapshot and shows the error', async () => {
    bridge.handle('assets:refresh', () => {
      throw Object.assign(new Error('The service answered 503'), { kind: 'server' });
    });
    resetStores(Date.now);
    await startStores();
    const before = assets.snapshot;
    await assets.refresh();
    expect(assets.snapshot).toBe(before);
    expect(ui.actionError).toEqual({ kind: 'server', message: 'The service answered 503' });
  });

  it('keeps a status event that came while the first status:get was on its way (the answer is older)', async () => {
    const answer = deferred<ReturnType<typeof status>>();
    bridge.handle('status:get', () => answer.promise);
    resetStores(Date.now);
    const started = startStores();
    await vi.waitFor(() => expect(bridge.callsTo('status:get')).toHaveLength(1));
    bridge.emit('status', status({ state: 'online' }));
    answer.resolve(status({ state: 'syncing' }));
    await started;
    expect(session.status?.state).toBe('online');
  });

  it('follows pushed snapshots and status; selection drops vanished assets', async () => {
    resetStores(Date.now);
    await startStores();
    selection.click('thing:2', {});
    selection.click('thing:1', { ctrl: true });
    bridge.emit('assets', snapshot([asset(1, {}, { ignition: metric(true) })]));
    expect([...selection.current.selected]).toEqual(['thing:1']);
    bridge.emit('status', status({ state: 'offline' }));
    expect(session.status?.state).toBe('offline');
    const commands: string[] = [];
    const off = appEvents.on('command', (c) => commands.push(c));
    bridge.emit('menu:command', { command: 'refresh' });
    off();
    expect(commands).toEqual(['refresh']);
  });

  it('a list state saved before columns existed gets the default columns', async () => {
    settings = { ...settings, list: { filters: [], sort: 'name', descending: false } as unknown as Settings['list'] };
    resetStores(Date.now);
    await startStores();
    expect(ui.list.columns).toEqual(DEFAULT_SETTINGS.list.columns);
  });

  it('keeps a selection through a filter, counts the hidden part, and can keep only the shown part', async () => {
    resetStores(Date.now);
    await startStores(); // search "truck" + ignition on: thing:2, thing:1 listed
    ui.updateList({ filters: [] }, 60_000);
    selection.selectAllVisible();
    selection.click('thing:3', { ctrl: true }); // off and on again: thing:3 has the focus
    selection.click('thing:3', { ctrl: true });
    expect(selection.hiddenCount).toBe(0);
    ui.updateList({ filters: ['ignition:on'] }, 60_000);
    expect(selection.current.selected.size).toBe(3);
    expect(selection.hiddenCount).toBe(1);
    expect(selection.focusedHidden).toBe(true);
    selection.selectOnlyVisible();
    expect([...selection.current.selected].sort()).toEqual(['thing:1', 'thing:2']);
    expect(selection.current.focused).toBe('thing:2'); // the first listed of those kept
    expect(selection.hiddenCount).toBe(0);
  });

  it('a name picked in the summary is looked at until the selection changes', async () => {
    resetStores(Date.now);
    await startStores();
    selection.selectAllVisible();
    expect(selection.detailsMode).toBe('summary');
    selection.inspect('thing:1');
    expect(selection.detailsMode).toBe('asset');
    expect(selection.focusedAsset?.assetId).toBe('thing:1');
    expect(selection.current.selected.size).toBe(2);
    selection.click('thing:2', { ctrl: true }); // unselects thing:2: one left
    expect(selection.detailsMode).toBe('asset');
    selection.click('thing:2', { ctrl: true });
    expect(selection.detailsMode).toBe('summary');
  });

  it('export in the web shell triggers a download; in Electron reports the path', async () => {
    resetStores(Date.now);
    await startStores();
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    bridge.handle('export:assetsCsv', (ids) => ({ fileName: 'assets.csv', content: 'a,b', mimeType: 'text/csv', count: (ids as string[]).length }));
    await exportListedCsv();
    expect(createObjectURL).toHaveBeenCalled();
    expect(ui.toast).toBe('Downloaded 2 assets as assets.csv');
    expect(bridge.callsTo('export:assetsCsv')).toEqual([[['thing:2', 'thing:1']]]);
    bridge.handle('export:assetsCsv', () => ({ fileName: '/home/d/assets.csv', mimeType: 'text/csv', count: 2 }));
    await exportListedCsv();
    expect(ui.toast).toBe('Saved 2 assets to /home/d/assets.csv');
  });
  describe('small changes pushed as assets:changed', () => {
    const CACHE_AT = '2026-11-22T11:59:00Z';
    const change = (patch: Partial<AssetChange>): AssetRowChange => rowChange({
      profileId: 'demo',
      baseFetchedAt: CACHE_AT,
      fetchedAt: '2026-11-22T12:01:00Z',
      source: 'network',
      skipped: [],
      changed: [],
      removed: [],
      order: null,
      ...patch,
    });

    it('replaces changed assets in place and keeps the unchanged objects', async () => {
      resetStores(Date.now);
      await startStores();
      const [one, , three] = assets.snapshot!.assets;
      const newTwo = asset(2, { name: 'Truck 2 moved' }, { ignition: metric(true), fuel: metric(55, '2026-11-22T12:00:30Z') });
      bridge.emit('assets:changed', change({ changed: [newTwo] }));
      expect(assets.snapshot?.fetchedAt).toBe('2026-11-22T12:01:00Z');
      expect(assets.snapshot?.source).toBe('network');
      expect(assets.snapshot?.assets.map((a) => a.name)).toEqual(['Truck 1', 'Truck 2 moved', 'Truck 3']);
      expect(assets.snapshot?.assets[0]).toBe(one);
      expect(assets.snapshot?.assets[1]).toMatchObject({ assetId: 'thing:2', name: 'Truck 2 moved', fuel: 55, ignition: true });
      expect(assets.snapshot?.assets[2]).toBe(three);
      expect(bridge.callsTo('assets:get')).toHaveLength(1); // only the one at start
    });

    it('follows a new order with added and removed assets; selection drops the removed', async () => {
      resetStores(Date.now);
      await startStores();
      selection.click('thing:1', {});
      const four = asset(4, {}, { ignition: metric(true), fuel: metric(20) });
      bridge.emit('assets:changed', change({ changed: [four], removed: ['thing:1'], order: ['thing:3', 'thing:4', 'thing:2'], skipped: [{ index: 9, path: '$[9]', reason: 'not an object' }] }));
      expect(assets.snapshot?.assets.map((a) => a.assetId)).toEqual(['thing:3', 'thing:4', 'thing:2']);
      expect(assets.snapshot?.skipped).toHaveLength(1);
      expect(selection.current.selected.size).toBe(0);
    });

    it('removes assets when the order is unchanged but ids left', async () => {
      resetStores(Date.now);
      await startStores();
      bridge.emit('assets:changed', change({ removed: ['thing:2'] }));
      expect(assets.snapshot?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:3']);
    });

    it('asks for the whole list when the change was made against another snapshot', async () => {
      resetStores(Date.now);
      await startStores();
      const whole = snapshot([asset(7)], { fetchedAt: '2026-11-22T12:05:00Z' });
      bridge.handle('assets:get', () => whole);
      bridge.emit('assets:changed', change({ baseFetchedAt: '2026-11-22T11:00:00Z', fetchedAt: '2026-11-22T12:05:00Z', changed: [asset(9)] }));
      await vi.waitFor(() => expect(assets.snapshot).toEqual(whole));
      expect(bridge.callsTo('assets:get')).toHaveLength(2);
    });

    it('asks for the whole list when the order names an asset it does not have, or another profile changed', async () => {
      resetStores(Date.now);
      await startStores();
      bridge.emit('assets:changed', change({ order: ['thing:1', 'thing:8'] }));
      bridge.emit('assets:changed', change({ profileId: 'other' }));
      await vi.waitFor(() => expect(bridge.callsTo('assets:get')).toHaveLength(3));
    });

    it('ignores a change it already shows (the refresh announced the whole list first)', async () => {
      bridge.handle('assets:refresh', () => bridge.emit('assets', snapshot([asset(5)], { fetchedAt: '2026-11-22T12:01:00Z' })));
      resetStores(Date.now);
      await startStores();
      await assets.refresh();
      const shown = assets.snapshot;
      bridge.emit('assets:changed', change({ changed: [asset(1, { name: 'late' })] }));
      expect(assets.snapshot).toBe(shown);
      expect(bridge.callsTo('assets:get')).toHaveLength(1);
    });

    it('a removed asset leaves the list, the selection and its trail on the map', async () => {
      bridge.handle('trail:get', () => [{ lat: 40, lng: -111, collectedOn: '2026-11-22T11:00:00Z' }]);
      resetStores(Date.now);
      await startStores();
      selection.click('thing:2', {});
      await assets.showTrail('thing:2');
      expect(assets.trail?.assetId).toBe('thing:2');
      bridge.emit('assets:changed', change({ removed: ['thing:2'] }));
      expect(assets.byId.has('thing:2')).toBe(false);
      expect(selection.current.selected.size).toBe(0);
      expect(assets.trail).toBeNull();
    });
  });

  it('a manual refresh shows what the events bring, never the answer of the call', async () => {
    resetStores(Date.now);
    await startStores();
    const shown = assets.snapshot;
    bridge.handle('assets:refresh', () => snapshot([asset(9)], { fetchedAt: '2026-11-22T12:09:00Z' }) as never);
    await assets.refresh();
    expect(assets.snapshot).toBe(shown);
    expect(ui.actionError).toBeNull();
  });

  it('a selection belongs to its branch: 9 selected in one shows nothing selected in the next', async () => {
    resetStores(Date.now);
    await startStores();
    const nine = Array.from({ length: 9 }, (_, i) => asset(i + 1));
    bridge.emit('assets', snapshot(nine, { profileId: 'north' }));
    ui.updateList({ filters: [] }, 60_000);
    selection.selectAllVisible();
    expect(selection.current.selected.size).toBe(9);
    // Branch "south" has six assets whose ids are the same as six of north's.
    bridge.emit('profiles:changed', { profiles: [], activeId: 'north' });
    bridge.emit('profiles:changed', { profiles: [], activeId: 'south' });
    bridge.emit('assets', snapshot(nine.slice(0, 6), { profileId: 'south' }));
    expect(selection.current.selected.size).toBe(0);
    expect(selection.current.focused).toBeNull();
  });

  it('a new snapshot of the same branch keeps the selected assets it still has', async () => {
    resetStores(Date.now);
    await startStores();
    ui.updateList({ filters: [] }, 60_000);
    selection.selectAllVisible();
    bridge.emit('assets', snapshot([asset(1), asset(3)], { source: 'cache' }));
    expect([...selection.current.selected].sort()).toEqual(['thing:1', 'thing:3']);
  });
});
