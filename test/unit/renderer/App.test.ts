import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/svelte';
import type { FakeBridge} from './fixtures';
import { asset, metric, snapshot } from './fixtures';
import { appBridge, mountApp, useAppHarness } from './app-harness';


let bridge: FakeBridge;

beforeEach(() => {
  bridge = appBridge()
    .handle('assets:get', () => snapshot([asset(1, {}, { gps: metric({ lat: 40, lng: -111 }), ignition: metric(true) }), asset(2, {}, null)]))
    .handle('assets:refresh', () => bridge.emit('assets', snapshot([asset(3, {}, null)], { fetchedAt: '2026-11-22T12:01:00Z' })))
    .handle('embed:open', () => ({ id: 's1', kind: 'branch', assetIds: [], url: 'http://127.0.0.1:1/embed/auth?req=x&jws=y', expiresAt: '2099-01-01T00:00:00Z', requestedAt: '2026-11-22T12:00:00Z' }));
});
useAppHarness(() => bridge);

describe('App shell', () => {
  it('starts from the cache and answers the keyboard shortcuts and menu commands', async () => {
    await mountApp();
    await screen.findByText('Truck 1');
    // The map and the dialogs are chunks of their own, loaded after the first rows (lazy-views.ts).
    expect(await screen.findByTestId('asset-map', {}, { timeout: 10_000 })).toBeInTheDocument();

    await fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 10_000 })).toBeInTheDocument();
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument();

    await fireEvent.keyDown(window, { key: 'm', ctrlKey: true });
    await screen.findByTitle('Branch map');
    expect(bridge.callsTo('embed:open')).toEqual([[{ kind: 'branch' }]]);

    await fireEvent.keyDown(window, { key: 'r', ctrlKey: true });
    await screen.findByText('Truck 3');

    bridge.emit('menu:command', { command: 'show-aemp' });
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Fleet' })).toHaveAttribute('aria-selected', 'true'));
  });
});
