/** The alerts pieces inside the app shell: header badge, panel placement, Escape, settings link, alerts:focus. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { DEFAULT_SETTINGS } from '@contract';
import App from '../../../../../src-renderer/src/App.svelte';
import { asset, FakeBridge, metric, snapshot, status } from '../../fixtures';
import { alertRecord, FakeAlertLog } from './alert-fixtures';

// uPlot (used by the Fleet view) reads matchMedia when it is imported; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
});

let bridge: FakeBridge;
let log: FakeAlertLog;

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  bridge = new FakeBridge()
    .handle('app:info', () => ({ shell: 'electron', version: '0.1.0', platform: 'linux', demo: true }))
    .handle('settings:get', () => DEFAULT_SETTINGS)
    .handle('status:get', () => status())
    .handle('assets:get', () => snapshot(Array.from({ length: 5 }, (_, i) => asset(i, {}, { gps: metric({ lat: 40 + i / 10, lng: -111 }), fuel: metric(10 + i) }))))
    .handle('profiles:list', () => ({ profiles: [], activeId: 'demo' }))
    .handle('aemp:cached', () => null);
  log = new FakeAlertLog([alertRecord(1, { assetId: 'thing:3', assetName: 'Truck 3' }), alertRecord(2, { assetId: 'thing:4', assetName: 'Truck 4', rule: 'stale' })]);
  log.install(bridge);
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  setBridge(null);
  vi.unstubAllGlobals();
});

describe('App: alerts', () => {
  it('the header badge opens the panel in place of the details; Escape closes it and gives focus back', async () => {
    render(App);
    const badge = await screen.findByRole('button', { name: 'Alerts: 2 unacknowledged' });
    expect(screen.queryByTestId('alerts-panel')).toBeNull();
    badge.focus();
    await fireEvent.click(badge);
    const panel = await screen.findByTestId('alerts-panel');
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
    render(App);
    await fireEvent.click(await screen.findByRole('button', { name: 'Alerts: 2 unacknowledged' }));
    const panel = await screen.findByTestId('alerts-panel');
    await fireEvent.change(within(panel).getByLabelText('Rule'), { target: { value: 'stale' } });
    await vi.waitFor(() => expect(within(within(panel).getByRole('listbox')).getAllByRole('option').map((o) => o.dataset.alertId)).toEqual(['2']));
    await fireEvent.click(within(panel).getByLabelText(/^Unacknowledged only/));
    await vi.waitFor(() => expect(bridge.callsTo('alerts:list').at(-1)).toEqual([{ unacknowledgedOnly: true, rule: 'stale' }]));
    expect(screen.getByTestId('alerts-panel')).toBeInTheDocument();
    expect(bridge.callsTo('app:info')).toHaveLength(1);
  });

  it('opens the alert rules from the settings dialog', async () => {
    render(App);
    await screen.findByText('Truck 1');
    await fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    await fireEvent.click(within(screen.getByRole('dialog', { name: 'Settings' })).getByRole('button', { name: 'Alert rules…' }));
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Alert rules' })).toBeInTheDocument();
  });

  it("alerts:focus (Electron's notification click) shows the panel and selects the asset, from the Fleet view too", async () => {
    render(App);
    await screen.findByText('Truck 1');
    bridge.emit('menu:command', { command: 'show-aemp' });
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Fleet' })).toHaveAttribute('aria-selected', 'true'));
    bridge.emit('alerts:focus', { assetId: 'thing:3' });
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'Assets' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByTestId('alerts-panel')).toBeInTheDocument();
    expect(screen.getByTestId('asset-list').querySelector('[data-asset-id="thing:3"]')).toHaveAttribute('aria-selected', 'true');
  });
});
