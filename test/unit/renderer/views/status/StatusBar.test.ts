import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import StatusBar from '../../../../../src-renderer/src/views/status/StatusBar.svelte';
import { Workspace, DEFAULT_SETTINGS } from '../../../../../src-renderer/src/state/workspace.svelte';
import { Clock } from '../../../../../src-renderer/src/state/clock.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { FakeBridge, NOW, snapshot, status } from '../../fixtures';
import { formatClock } from '../../../../../src-renderer/src/lib/format/time';

process.env.TZ = 'UTC';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge()
    .handle('app:info', () => ({ shell: 'web', version: '0.1.0', platform: 'linux', demo: false }))
    .handle('settings:get', () => DEFAULT_SETTINGS)
    .handle('status:get', () => status())
    .handle('assets:get', () => snapshot([]))
    .handle('profiles:list', () => ({ profiles: [], activeId: 'demo' }));
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

describe('StatusBar times', () => {
  it('a sync that lands between two clock ticks reads "just now", never "in 11 s"', async () => {
    let t = NOW;
    const ws = new Workspace(new Clock(() => t));
    await ws.init();
    render(StatusBar, { ws });
    // The clock last ticked at NOW; the service stamps the sync 11 s later, before the next tick.
    t = NOW + 11_000;
    bridge.emit('status', status({ lastSyncAt: '2026-11-22T12:00:11Z' }));
    flushSync();
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T12:00:11Z')} · just now`)).toBeInTheDocument();
    expect(screen.queryByText(/· in /)).not.toBeInTheDocument();
    expect(ws.clock.now).toBe(NOW + 11_000);
  });

  it('a new asset list moves the clock too (the list ages read from it)', async () => {
    let t = NOW;
    const ws = new Workspace(new Clock(() => t));
    await ws.init();
    t = NOW + 14_000;
    bridge.emit('assets', snapshot([], { fetchedAt: '2026-11-22T12:00:14Z' }));
    expect(ws.clock.now).toBe(NOW + 14_000);
  });
});

describe('no keychain', () => {
  const info = (demo: boolean) => ({ shell: 'web' as const, version: '0.1.0', platform: 'linux', demo });

  it('on the demo: no banner, one quiet line in the status bar', async () => {
    const { default: Banners } = await import('../../../../../src-renderer/src/views/status/Banners.svelte');
    const ws = new Workspace(new Clock(() => NOW));
    ws.appInfo = info(true);
    ws.status = status({ tokenInMemoryOnly: true });
    render(Banners, { ws, onOpenConnection: () => {} });
    render(StatusBar, { ws });
    expect(screen.queryByText(/No keychain is available/)).toBeNull();
    const note = screen.getByTestId('memory-only-note');
    expect(note).toHaveTextContent('Sign-in kept in memory (no keychain)');
    expect(note.closest('[role="alert"]')).toBeNull();
  });

  it('on a real profile: the banner stays, and the status bar does not repeat it', async () => {
    const { default: Banners } = await import('../../../../../src-renderer/src/views/status/Banners.svelte');
    const ws = new Workspace(new Clock(() => NOW));
    ws.appInfo = info(false);
    ws.status = status({ tokenInMemoryOnly: true });
    render(Banners, { ws, onOpenConnection: () => {} });
    render(StatusBar, { ws });
    expect(screen.getByText(/No keychain is available: your sign-in is kept in memory only/)).toBeInTheDocument();
    expect(screen.queryByTestId('memory-only-note')).toBeNull();
  });
});
