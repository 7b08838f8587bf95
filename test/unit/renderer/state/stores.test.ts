import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { DEFAULT_SETTINGS, Workspace } from '../../../../src-renderer/src/state/workspace.svelte';
import { Clock } from '../../../../src-renderer/src/state/clock.svelte';
import type { AssetChange, Settings } from '../../../../src-main/contract';
import { asset, FakeBridge, metric, NOW, snapshot, status } from '../fixtures';

describe('Workspace', () => {
  let bridge: FakeBridge;
  let settings: Settings;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    settings = { ...DEFAULT_SETTINGS, staleAfterMin: 30, list: { search: 'truck', filters: ['ignition:on'], sort: 'fuel', descending: true, columns: ['id', 'fuel'] } };
    bridge = new FakeBridge()
      .handle('app:info', () => ({ shell: 'web', version: '0.1.0', platform: 'linux', demo: true }))
      .handle('settings:get', () => settings)
      .handle('settings:set', (patch) => (settings = { ...settings, ...(patch as Partial<Settings>) }))
      .handle('status:get', () => status())
      .handle('assets:get', () => snapshot([asset(1, {}, { ignition: metric(true), fuel: metric(10) }), asset(2, {}, { ignition: metric(true), fuel: metric(90) }), asset(3, {}, { ignition: metric(false) })], { source: 'cache' }));
    setBridge(bridge);
  });
  afterEach(() => {
    vi.useRealTimers();
    setBridge(null);
  });

  it('starts from the cache with the remembered list state', async () => {
    const ws = new Workspace(new Clock());
    await ws.init();
    expect(ws.appInfo?.shell).toBe('web');
    expect(ws.visibleIds).toEqual(['thing:2', 'thing:1']);
    expect(ws.snapshot?.source).toBe('cache');
    expect(bridge.callsTo('assets:refresh')).toHaveLength(0);
    ws.dispose();
  });

  it('remembers list changes with one debounced settings:set', async () => {
    const ws = new Workspace(new Clock());
    await ws.init();
    ws.updateList({ search: 't' });
    ws.updateList({ search: 'tr' });
    ws.toggleFilter('ignition:on');
    expect(bridge.callsTo('settings:set')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(bridge.callsTo('settings:set')).toEqual([[{ list: { search: 'tr', filters: [], sort: 'fuel', descending: true, columns: ['id', 'fuel'] } }]]);
    ws.dispose();
  });

  it('a failed refresh keeps the last good snapshot and shows the error', async () => {
    bridge.handle('assets:refresh', () => {
      throw Object.assign(new Error('The service answered 503'), { kind: 'server' });
    });
    const ws = new Workspace(new Clock());
    await ws.init();
    const before = ws.snapshot;
    await ws.refresh();
    expect(ws.snapshot).toBe(before);
    expect(ws.actionError).toEqual({ kind: 'server', message: 'The service answered 503' });
  });

  it('follows pushed snapshots and status; selection drops vanished assets', async () => {
    const ws = new Workspace(new Clock());
    await ws.init();
    ws.click('thing:2', {});
    ws.click('thing:1', { ctrl: true });
    bridge.emit('assets', snapshot([asset(1, {}, { ignition: metric(true) })]));
    expect([...ws.selection.selected]).toEqual(['thing:1']);
    bridge.emit('status', status({ state: 'offline' }));
    expect(ws.status?.state).toBe('offline');
    const commands: string[] = [];
    ws.onCommand = (c) => commands.push(c);
    bridge.emit('menu:command', { command: 'refresh' });
    expect(commands).toEqual(['refresh']);
    ws.dispose();
  });

  it('a list state saved before columns existed gets the default columns', async () => {
    settings = { ...settings, list: { search: '', filters: [], sort: 'name', descending: false } as unknown as Settings['list'] };
    const ws = new Workspace(new Clock());
    await ws.init();
    expect(ws.list.columns).toEqual(DEFAULT_SETTINGS.list.columns);
    ws.dispose();
  });

  it('keeps a selection through a filter, counts the hidden part, and can keep only the shown part', async () => {
    const ws = new Workspace(new Clock());
    await ws.init(); // search "truck" + ignition on: thing:2, thing:1 listed
    ws.updateList({ filters: [] }, 60_000);
    ws.selectAllVisible();
    ws.click('thing:3', { ctrl: true }); // off and on again: thing:3 has the focus
    ws.click('thing:3', { ctrl: true });
    expect(ws.hiddenSelectedCount).toBe(0);
    ws.updateList({ filters: ['ignition:on'] }, 60_000);
    expect(ws.selection.selected.size).toBe(3);
    expect(ws.hiddenSelectedCount).toBe(1);
    expect(ws.focusedHidden).toBe(true);
    ws.selectOnlyVisible();
    expect([...ws.selection.selected].sort()).toEqual(['thing:1', 'thing:2']);
    expect(ws.selection.focused).toBe('thing:2'); // the first listed of those kept
    expect(ws.hiddenSelectedCount).toBe(0);
    ws.dispose();
  });

  it('a name picked in the summary is looked at until the selection changes', async () => {
    const ws = new Workspace(new Clock());
    await ws.init();
    ws.selectAllVisible();
    expect(ws.detailsMode).toBe('summary');
    ws.inspect('thing:1');
    expect(ws.detailsMode).toBe('asset');
    expect(ws.focusedAsset?.assetId).toBe('thing:1');
    expect(ws.selection.selected.size).toBe(2);
    ws.click('thing:2', { ctrl: true }); // unselects thing:2: one left
    expect(ws.detailsMode).toBe('asset');
    ws.click('thing:2', { ctrl: true });
    expect(ws.detailsMode).toBe('summary');
    ws.dispose();
  });

  it('export in the web shell triggers a download; in Electron reports the path', async () => {
    const ws = new Workspace(new Clock());
    await ws.init();
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    bridge.handle('export:assetsCsv', (ids) => ({ fileName: 'assets.csv', content: 'a,b', mimeType: 'text/csv', count: (ids as string[]).length }));
    await ws.exportCsv();
    expect(createObjectURL).toHaveBeenCalled();
    expect(ws.toast).toBe('Downloaded 2 assets as assets.csv');
    expect(bridge.callsTo('export:assetsCsv')).toEqual([[['thing:2', 'thing:1']]]);
    bridge.handle('export:assetsCsv', () => ({ fileName: '/home/d/assets.csv', mimeType: 'text/csv', count: 2 }));
    await ws.exportCsv();
    expect(ws.toast).toBe('Saved 2 assets to /home/d/assets.csv');
  });
  describe('small changes pushed as assets:changed', () => {
    const CACHE_AT = '2026-11-22T11:59:00Z';
    const change = (patch: Partial<AssetChange>): AssetChange => ({
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
      const ws = new Workspace(new Clock());
      await ws.init();
      const [one, , three] = ws.snapshot!.assets;
      const newTwo = asset(2, { name: 'Truck 2 moved' }, { ignition: metric(true), fuel: metric(55, '2026-11-22T12:00:30Z') });
      bridge.emit('assets:changed', change({ changed: [newTwo] }));
      expect(ws.snapshot?.fetchedAt).toBe('2026-11-22T12:01:00Z');
      expect(ws.snapshot?.source).toBe('network');
      expect(ws.snapshot?.assets.map((a) => a.name)).toEqual(['Truck 1', 'Truck 2 moved', 'Truck 3']);
      expect(ws.snapshot?.assets[0]).toBe(one);
      expect(ws.snapshot?.assets[1]).toBe(newTwo);
      expect(ws.snapshot?.assets[2]).toBe(three);
      expect(bridge.callsTo('assets:get')).toHaveLength(1); // only the one at start
      ws.dispose();
    });

    it('follows a new order with added and removed assets; selection drops the removed', async () => {
      const ws = new Workspace(new Clock());
      await ws.init();
      ws.click('thing:1', {});
      const four = asset(4, {}, { ignition: metric(true), fuel: metric(20) });
      bridge.emit('assets:changed', change({ changed: [four], removed: ['thing:1'], order: ['thing:3', 'thing:4', 'thing:2'], skipped: [{ index: 9, path: '$[9]', reason: 'not an object' }] }));
      expect(ws.snapshot?.assets.map((a) => a.assetId)).toEqual(['thing:3', 'thing:4', 'thing:2']);
      expect(ws.snapshot?.skipped).toHaveLength(1);
      expect(ws.selection.selected.size).toBe(0);
      ws.dispose();
    });

    it('removes assets when the order is unchanged but ids left', async () => {
      const ws = new Workspace(new Clock());
      await ws.init();
      bridge.emit('assets:changed', change({ removed: ['thing:2'] }));
      expect(ws.snapshot?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:3']);
      ws.dispose();
    });

    it('asks for the whole list when the change was made against another snapshot', async () => {
      const ws = new Workspace(new Clock());
      await ws.init();
      const whole = snapshot([asset(7)], { fetchedAt: '2026-11-22T12:05:00Z' });
      bridge.handle('assets:get', () => whole);
      bridge.emit('assets:changed', change({ baseFetchedAt: '2026-11-22T11:00:00Z', fetchedAt: '2026-11-22T12:05:00Z', changed: [asset(9)] }));
      await vi.waitFor(() => expect(ws.snapshot).toEqual(whole));
      expect(bridge.callsTo('assets:get')).toHaveLength(2);
      ws.dispose();
    });

    it('asks for the whole list when the order names an asset it does not have, or another profile changed', async () => {
      const ws = new Workspace(new Clock());
      await ws.init();
      bridge.emit('assets:changed', change({ order: ['thing:1', 'thing:8'] }));
      bridge.emit('assets:changed', change({ profileId: 'other' }));
      await vi.waitFor(() => expect(bridge.callsTo('assets:get')).toHaveLength(3));
      ws.dispose();
    });

    it('ignores a change it already shows (the manual refresh answered first)', async () => {
      bridge.handle('assets:refresh', () => snapshot([asset(5)], { fetchedAt: '2026-11-22T12:01:00Z' }));
      const ws = new Workspace(new Clock());
      await ws.init();
      await ws.refresh();
      const shown = ws.snapshot;
      bridge.emit('assets:changed', change({ changed: [asset(1, { name: 'late' })] }));
      expect(ws.snapshot).toBe(shown);
      expect(bridge.callsTo('assets:get')).toHaveLength(1);
      ws.dispose();
    });
  });
});
