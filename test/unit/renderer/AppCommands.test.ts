/** Every menu command (and its shortcut) does what its menu label says. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/svelte';
import type { MenuCommand } from '../../../src-main/contract';
import type { FakeBridge} from './fixtures';
import { asset, metric, snapshot } from './fixtures';
import { appBridge, mountApp, useAppHarness } from './app-harness';


let bridge: FakeBridge;

beforeEach(() => {
  bridge = appBridge(({ shell: 'electron', version: '0.1.0', platform: 'linux', demo: true }))
    .handle('assets:get', () => snapshot([asset(1, {}, { gps: metric({ lat: 40, lng: -111 }) }), asset(2, {}, null)]))
    .handle('assets:refresh', () => bridge.emit('assets', snapshot([asset(1, {}, null)], { fetchedAt: '2026-11-22T12:01:00Z' })))
    .handle('embed:open', (req) => ({ id: 's1', kind: (req as { kind: string }).kind, assetIds: [], url: 'http://127.0.0.1:1/embed/auth?req=x&jws=y', expiresAt: '2099-01-01T00:00:00Z', requestedAt: '2026-11-22T12:00:00Z' }));
});
useAppHarness(() => bridge);

async function started() {
  await mountApp();
  await screen.findByText('Truck 2');
}

const send = (command: MenuCommand) => bridge.emit('menu:command', { command });

describe('menu commands do what their labels say', () => {
  it('File ▸ Export… opens the export choices', async () => {
    await started();
    send('export');
    expect(await screen.findByRole('dialog', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Positions and trails (GeoJSON)…' })).toBeInTheDocument();
  });

  it('Ctrl+E opens them too (the browser has no menu bar)', async () => {
    await started();
    await fireEvent.keyDown(window, { key: 'e', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Export' })).toBeInTheDocument();
    await fireEvent.keyDown(screen.getByRole('dialog', { name: 'Export' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Export' })).toBeNull();
  });

  it('Connection ▸ Profiles & sign-in… opens the connection panel, not Settings', async () => {
    await started();
    send('open-connection');
    expect(await screen.findByRole('dialog', { name: 'Connection' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
  });

  it('File ▸ Settings… opens Settings', async () => {
    await started();
    send('open-settings');
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it('View ▸ Refresh fetches now; Focus search puts the cursor in the search box', async () => {
    await started();
    send('refresh');
    await vi.waitFor(() => expect(bridge.callsTo('assets:refresh')).toHaveLength(1));
    send('focus-search');
    await vi.waitFor(() => expect(document.activeElement).toHaveAttribute('type', 'search'));
  });

  it('View ▸ Fleet, View ▸ Utilization and View ▸ Assets switch views', async () => {
    await started();
    send('show-aemp');
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Fleet' })).toHaveAttribute('aria-selected', 'true'));
    send('show-utilization');
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Utilization' })).toHaveAttribute('aria-selected', 'true'));
    send('show-assets');
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Assets' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('Map ▸ Branch map and Map ▸ Selection map open those maps', async () => {
    await started();
    send('open-branch-map');
    await vi.waitFor(() => expect(bridge.callsTo('embed:open')).toEqual([[{ kind: 'branch' }]]));
    await fireEvent.click(screen.getByText('Truck 2'));
    send('open-selection-map');
    await vi.waitFor(() => expect(bridge.callsTo('embed:open')).toEqual([[{ kind: 'branch' }], [{ kind: 'subset', assetIds: ['thing:2'] }]]));
  });
});
