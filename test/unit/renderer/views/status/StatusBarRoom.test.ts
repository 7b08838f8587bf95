import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import StatusBar from '../../../../../src-renderer/src/views/status/StatusBar.svelte';
import { DEFAULT_SETTINGS, type RoomStatus } from '@contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { FakeBridge, NOW, snapshot, status, resetStores } from '../../fixtures';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { session } from '../../../../../src-renderer/src/state/session.svelte';

const room = (patch: Partial<RoomStatus>): RoomStatus => ({ state: 'polling', desks: 1, poller: null, lastChangeAt: null, problem: null, ...patch });

let bridge: FakeBridge;
beforeEach(async () => {
  bridge = new FakeBridge()
    .handle('app:info', () => ({ shell: 'web', version: '0.1.0', platform: 'linux', demo: false }))
    .handle('settings:get', () => DEFAULT_SETTINGS)
    .handle('status:get', () => status())
    .handle('assets:get', () => snapshot([]))
    .handle('profiles:list', () => ({ profiles: [], activeId: 'demo' }));
  setBridge(bridge);
  resetStores(() => NOW);
  await Promise.all([session.init(), assets.init()]);
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

describe('StatusBar in a dispatch room', () => {
  it('says nothing of a room when the profile has none', () => {
    render(StatusBar, {});
    expect(screen.queryByTestId('room-status')).not.toBeInTheDocument();
  });

  it.each([
    [room({ state: 'polling', desks: 3 }), 'Room: polling for 3 desks'],
    [room({ state: 'following', poller: 'Desk 4', lastChangeAt: new Date(NOW - 12_000).toISOString() }), 'Room: following Desk 4 (last change 12 s ago)'],
    [room({ state: 'unreachable' }), 'Room server unreachable — polling the service myself'],
    [room({ state: 'quiet', poller: 'Desk 4', lastChangeAt: new Date(NOW - 300_000).toISOString() }), 'Room: no change from Desk 4 (last change 5 min ago) — polling the service myself'],
    [room({ state: 'following', poller: 'Desk 4', problem: 'A change from the room was refused (not JSON); the last good list stays' }), 'Room: following Desk 4 (no change yet). A change from the room was refused (not JSON); the last good list stays'],
  ])('shows the desk’s place in the room: %j', (r, text) => {
    render(StatusBar, {});
    bridge.emit('status', status({ room: r }));
    flushSync();
    expect(screen.getByTestId('room-status')).toHaveTextContent(text);
  });
});
