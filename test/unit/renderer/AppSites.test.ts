/** The sites pane in the app: View ▸ Sites and the top bar's Sites button open it beside the map; Escape and Details close it. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/svelte';
import type { FakeBridge } from './fixtures';
import { asset, metric, snapshot } from './fixtures';
import { appBridge, mountApp, useAppHarness } from './app-harness';
import { site, sitesState } from './views/sites/sites-fixtures';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = appBridge()
    .handle('assets:get', () => snapshot([asset(1, {}, { gps: metric({ lat: 40, lng: -111 }) })]))
    .handle('sites:get', () => sitesState([site('s-0000000a', { name: 'North yard' })]));
});
useAppHarness(() => bridge);

async function started() {
  await mountApp();
  await screen.findByText('Truck 1');
}

describe('the sites pane in the app', () => {
  it('View ▸ Sites opens it with the branch’s sites, and Escape closes it', async () => {
    await started();
    bridge.emit('menu:command', { command: 'show-sites' });
    expect(await screen.findByTestId('sites-pane')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'North yard' })).toBeInTheDocument();
    await fireEvent.keyDown(window, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByTestId('sites-pane')).toBeNull());
  });

  it('the Sites button opens it in place of the details, and Details brings them back', async () => {
    await started();
    await fireEvent.click(screen.getByRole('button', { name: 'Sites' }));
    expect(await screen.findByTestId('sites-pane')).toBeInTheDocument();
    expect(screen.queryByTestId('asset-details')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    await vi.waitFor(() => expect(screen.queryByTestId('sites-pane')).toBeNull());
    expect(screen.getByTestId('asset-details')).toBeInTheDocument();
  });
});
