import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import StatusBar from '../../../../../src-renderer/src/views/status/StatusBar.svelte';
import { DEFAULT_SETTINGS } from '@contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { FakeBridge, KEYCHAIN_PROBLEM, NOW, snapshot, status, resetStores } from '../../fixtures';
import { formatClock } from '../../../../../src-renderer/src/lib/format/time';
import { clock } from '../../../../../src-renderer/src/state/clock.svelte';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { session } from '../../../../../src-renderer/src/state/session.svelte';

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
    resetStores(() => t);
    await Promise.all([session.init(), assets.init()]);
    render(StatusBar, {});
    // The clock last ticked at NOW; the service stamps the sync 11 s later, before the next tick.
    t = NOW + 11_000;
    bridge.emit('status', status({ lastSyncAt: '2026-11-22T12:00:11Z' }));
    flushSync();
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T12:00:11Z')} · just now`)).toBeInTheDocument();
    expect(screen.queryByText(/· in /)).not.toBeInTheDocument();
    expect(clock.now).toBe(NOW + 11_000);
  });

  it('a new asset list moves the clock too (the list ages read from it)', async () => {
    let t = NOW;
    resetStores(() => t);
    await Promise.all([session.init(), assets.init()]);
    t = NOW + 14_000;
    bridge.emit('assets', snapshot([], { fetchedAt: '2026-11-22T12:00:14Z' }));
    expect(clock.now).toBe(NOW + 14_000);
  });
});

describe('no keychain', () => {
  const info = (demo: boolean) => ({ shell: 'web' as const, version: '0.1.0', platform: 'linux', demo });

  it('on the demo: no banner, one quiet line in the status bar', async () => {
    const { default: Banners } = await import('../../../../../src-renderer/src/views/status/Banners.svelte');
    resetStores(() => NOW);
    session.appInfo = info(true);
    session.status = status({ keychainProblem: KEYCHAIN_PROBLEM });
    render(Banners, { onOpenConnection: () => {} });
    render(StatusBar, {});
    // Only the status bar's line: the banner is not shown on the demo.
    expect(screen.getAllByText(KEYCHAIN_PROBLEM)).toHaveLength(1);
    const note = screen.getByTestId('memory-only-note');
    expect(note).toHaveTextContent(KEYCHAIN_PROBLEM);
    expect(note.closest('[role="alert"]')).toBeNull();
  });

  it('on a real profile: the banner stays, and the status bar does not repeat it', async () => {
    const { default: Banners } = await import('../../../../../src-renderer/src/views/status/Banners.svelte');
    resetStores(() => NOW);
    session.appInfo = info(false);
    session.status = status({ keychainProblem: KEYCHAIN_PROBLEM });
    render(Banners, { onOpenConnection: () => {} });
    render(StatusBar, {});
    expect(screen.getAllByText(KEYCHAIN_PROBLEM)).toHaveLength(1);
    expect(screen.queryByTestId('memory-only-note')).toBeNull();
  });

  it('shows nothing about the keychain while it works', async () => {
    const { default: Banners } = await import('../../../../../src-renderer/src/views/status/Banners.svelte');
    resetStores(() => NOW);
    session.appInfo = info(true);
    session.status = status({ keychainProblem: null });
    render(Banners, { onOpenConnection: () => {} });
    render(StatusBar, {});
    expect(screen.queryByText(/keychain/i)).toBeNull();
    expect(screen.queryByTestId('memory-only-note')).toBeNull();
  });
});

describe('StatusBar and a stopped core', () => {
  it('shows what the main side says of a stopped core, and nothing once a status comes without it', async () => {
    resetStores(() => NOW);
    await Promise.all([session.init(), assets.init()]);
    render(StatusBar, {});
    const said = 'The core stopped 3 times in 10 minutes; restart Fleet Desk. The last loaded data stays on screen and your offline data is kept.';
    bridge.emit('status', status({ state: 'error', core: said }));
    flushSync();
    expect(screen.getByTestId('core-stopped')).toHaveTextContent(said);
    bridge.emit('status', status());
    flushSync();
    expect(screen.queryByTestId('core-stopped')).not.toBeInTheDocument();
  });
});
