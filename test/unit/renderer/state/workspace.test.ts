import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { DEFAULT_SETTINGS, Workspace } from '../../../../src-renderer/src/state/workspace.svelte';
import { Clock } from '../../../../src-renderer/src/state/clock.svelte';
import type { Settings } from '../../../../src-main/contract';
import { asset, FakeBridge, metric, NOW, snapshot, status } from '../fixtures';

describe('Workspace', () => {
  let bridge: FakeBridge;
  let settings: Settings;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    settings = { ...DEFAULT_SETTINGS, staleAfterMin: 30, list: { search: 'truck', filters: ['ignition:on'], sort: 'fuel', descending: true } };
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
    expect(bridge.callsTo('settings:set')).toEqual([[{ list: { search: 'tr', filters: [], sort: 'fuel', descending: true } }]]);
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
});
