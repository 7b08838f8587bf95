/** The alerts pieces inside the app shell: header badge, panel placement, Escape, settings link, alerts:focus. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/svelte';
import type { FakeBridge} from '../../fixtures';
import { asset, metric, snapshot } from '../../fixtures';
import { appBridge, mountApp, useAppHarness } from '../../app-harness';
import { alertRecord, FakeAlertLog } from './alert-fixtures';


let bridge: FakeBridge;
let log: FakeAlertLog;

beforeEach(() => {
  bridge = appBridge(({ shell: 'electron', version: '0.1.0', platform: 'linux', demo: true }))
    .handle('assets:get', () => snapshot(Array.from({ length: 5 }, (_, i) => asset(i, {}, { gps: metric({ lat: 40 + i / 10, lng: -111 }), fuel: metric(10 + i) }))));
  log = new FakeAlertLog([alertRecord(1, { assetId: 'thing:3', assetName: 'Truck 3' }), alertRecord(2, { assetId: 'thing:4', assetName: 'Truck 4', rule: 'stale' })]);
  log.install(bridge);
});
useAppHarness(() => bridge);

describe('App: alerts', () => {
  it('the header badge opens the panel in place of the details; Escape closes it and gives focus back', async () => {
    await mountApp();
    const badge = await screen.findByRole('button', { name: 'Alerts: 2 unacknowledged' });
    expect(screen.queryByTestId('alerts-panel')).toBeNull();
    badge.focus();
    await fireEvent.click(badge);
    const panel = await screen.findByTestId('alerts-panel', {}, { timeout: 10_000 });
    expect(within(panel).getByText('Truck 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'false');

    await fireEvent.click(within(panel).getByText('Truck 4'));
    expect(screen.getByTestId('asset-list').querySelector('[data-asset-id="thing:4"]')).toHaveAttribute('aria-selected', 'true');

    within(panel).getByRole('listbox').focus();
    await fireEvent.keyDown(within(panel).getByRole('listbox'), { key: 'Escape' });
    expect(screen.queryByTestId('alerts-panel')).toBeNull();
    expect(document.activeElement).toBe(badge);
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('changing the filters keeps the panel open (the app does not restart its stores)', async () => {
    await mountApp();
    await fireEvent.click(await screen.findByRole('button', { name: 'Alerts: 2 unacknowledged' }));
    const panel = await screen.findByTestId('alerts-panel', {}, { timeout: 10_000 });
    await fireEvent.change(within(panel).getByLabelText('Rule'), { target: { value: 'stale' } });
    await vi.waitFor(() => expect(within(within(panel).getByRole('listbox')).getAllByRole('option').map((o) => o.dataset.alertId)).toEqual(['2']));
    await fireEvent.click(within(panel).getByLabelText(/^Unacknowledged only/));
    await vi.waitFor(() => expect(bridge.callsTo('alerts:list').at(-1)).toEqual([{ unacknowledgedOnly: true, rule: 'stale' }]));
    expect(screen.getByTestId('alerts-panel')).toBeInTheDocument();
    expect(bridge.callsTo('app:info')).toHaveLength(1);
  });

  it('opens the alert rules from the settings dialog', async () => {
    await mountApp();
    await screen.findByText('Truck 1');
    await fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    // The dialogs are chunks of their own (lib/lazy-views.ts): the first open waits for one.
    await fireEvent.click(within(await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 10_000 })).getByRole('button', { name: 'Alert rules…' }));
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Alert rules' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("alerts:focus (Electron's notification click) shows the panel and selects the asset, from the Fleet view too", async () => {
    await mountApp();
    await screen.findByText('Truck 1');
    bridge.emit('menu:command', { command: 'show-aemp' });
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Fleet' })).toHaveAttribute('aria-selected', 'true'));
    bridge.emit('alerts:focus', { assetId: 'thing:3' });
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Assets' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByTestId('alerts-panel', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('asset-list').querySelector('[data-asset-id="thing:3"]')).toHaveAttribute('aria-selected', 'true');
  });

  it('alerts:focus with the panel closed: the panel opens and its list takes the keyboard focus', async () => {
    await mountApp();
    await screen.findByText('Truck 1');
    expect(screen.queryByTestId('alerts-panel')).toBeNull();
    bridge.emit('alerts:focus', { assetId: 'thing:3' });
    const panel = await screen.findByTestId('alerts-panel', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('listbox')));
  });
});
