/** Electron draws the embed map as a native view above the page: the alert rules dialog must hide it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSync } from 'svelte';
import { cleanup, render } from '@testing-library/svelte';
import EmbedPanel from '../../../../../src-renderer/src/views/embed/EmbedPanel.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { EmbedController } from '../../../../../src-renderer/src/state/embed.svelte';
import { alertsStore } from '../../../../../src-renderer/src/state/alerts.svelte';
import { FakeBridge, NOW, resetStores } from '../../fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge()
    .handle('embed:open', () => ({ id: 's1', kind: 'branch', assetIds: [], url: 'http://127.0.0.1:1/embed/auth?req=x&jws=y', expiresAt: '2099-01-01T00:00:00Z', requestedAt: '2026-11-22T12:00:00Z' }))
    .handle('embed:show', () => undefined)
    .handle('embed:hide', () => undefined);
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  alertsStore.rulesOpen = false;
  setBridge(null);
});

describe('Alert rules dialog over an Electron embed view', () => {
  it('hides the native view while the dialog is open and shows it again after', async () => {
    resetStores(() => NOW);
    session.appInfo = { shell: 'electron', version: '0.1.0', platform: 'linux', demo: true };
    const embed = new EmbedController({ now: () => NOW });
    await embed.open({ kind: 'branch' });
    render(EmbedPanel, { embed });
    await vi.waitFor(() => expect(bridge.callsTo('embed:show').length).toBeGreaterThan(0));
    alertsStore.rulesOpen = true;
    flushSync();
    await vi.waitFor(() => expect(bridge.callsTo('embed:hide')).toHaveLength(1));
    const shows = bridge.callsTo('embed:show').length;
    alertsStore.rulesOpen = false;
    flushSync();
    await vi.waitFor(() => expect(bridge.callsTo('embed:show').length).toBe(shows + 1));
    embed.close();
  });
});
