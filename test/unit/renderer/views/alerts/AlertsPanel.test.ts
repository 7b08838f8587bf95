import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import AlertsPanel from '../../../../../src-renderer/src/views/alerts/AlertsPanel.svelte';
import AlertsBadge from '../../../../../src-renderer/src/views/alerts/AlertsBadge.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { alertsStore, type AlertsStore } from '../../../../../src-renderer/src/state/alerts.svelte';
import type { AlertRecord } from '../../../../../src-main/contract';
import { formatDateTime } from '../../../../../src-renderer/src/lib/format/time';
import { asset, FakeBridge, metric, NOW, snapshot, resetStores } from '../../fixtures';
import { alertRecord, FakeAlertLog, fakeNotifications, type FakeNotificationClass } from './alert-fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';

let bridge: FakeBridge;
let log: FakeAlertLog;
let store: AlertsStore;
let notifications: FakeNotificationClass;

beforeEach(() => {
  bridge = new FakeBridge();
  log = new FakeAlertLog();
  log.install(bridge);
  setBridge(bridge);
  notifications = fakeNotifications('default');
});
afterEach(() => {
  cleanup();
  store?.dispose();
  setBridge(null);
});

async function open(records: AlertRecord[], assetCount = 20): Promise<void> {
  log.records = records;
  resetStores(() => NOW);
  session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
  assets.setSnapshot(snapshot(Array.from({ length: assetCount }, (_, i) => asset(i, {}, { fuel: metric(40) }))));
  store = alertsStore;
  store.useNotifications(notifications, () => {});
  await store.init();
  store.openPanel();
  render(AlertsPanel, { onClose: () => store.closePanel() });
}

const list = () => screen.getByRole('listbox', { name: /^Alerts/ });
const rows = () => within(list()).queryAllByRole('option');
const row = (id: number) => document.querySelector(`[data-alert-id="${id}"]`) as HTMLElement;

describe('AlertsPanel', () => {
  it('keeps few rows in the DOM for 5,000 alerts, newest first', async () => {
    await open(Array.from({ length: 5000 }, (_, i) => alertRecord(i + 1, { assetId: `thing:${i % 20}` })));
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(60);
    expect(rows()[0]).toHaveAttribute('aria-setsize', '5000');
    expect(rows()[0]).toHaveAttribute('data-alert-id', '1');
    expect(screen.getByText('5,000 in the log')).toBeInTheDocument();
    expect(screen.getByLabelText('Unacknowledged only (5,000)')).not.toBeChecked();
  });

  it('shows hostile asset names and messages as text', async () => {
    const name = '<img src=x onerror="window.__pwned=1">Truck';
    await open([alertRecord(1, { assetName: name, message: '<b>Fuel</b> 3 %' })]);
    expect(document.querySelector('[data-testid="alert-list"] img, [data-testid="alert-list"] b')).toBeNull();
    expect(within(row(1)).getByText(name)).toBeInTheDocument();
    expect(within(row(1)).getByText('<b>Fuel</b> 3 %')).toBeInTheDocument();
  });

  it('shows time relative with the absolute time on hover, and the cleared/acknowledged state', async () => {
    await open([alertRecord(3, { clearedAt: '2026-11-22T11:59:00Z' }), alertRecord(5, { acknowledgedAt: '2026-11-22T11:58:00Z' })]);
    const time = row(3).querySelector('time')!;
    expect(time).toHaveTextContent('3 min ago');
    expect(time.getAttribute('title')).toBe(formatDateTime('2026-11-22T11:57:00.000Z'));
    expect(within(row(3)).getByText('Cleared')).toBeInTheDocument();
    expect(within(row(5)).getByText('Active, acknowledged')).toBeInTheDocument();
  });

  it('filters: unacknowledged only, and by rule', async () => {
    await open([alertRecord(1), alertRecord(2, { rule: 'stale' }), alertRecord(3, { acknowledgedAt: '2026-11-22T11:00:00Z' })]);
    expect(rows()).toHaveLength(3);
    await fireEvent.click(screen.getByLabelText(/^Unacknowledged only/));
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(bridge.callsTo('alerts:list').at(-1)).toEqual([{ unacknowledgedOnly: true, rule: null }]);
    await fireEvent.change(screen.getByLabelText('Rule'), { target: { value: 'stale' } });
    await vi.waitFor(() => expect(rows().map((r) => r.dataset.alertId)).toEqual(['2']));
    await fireEvent.change(screen.getByLabelText('Rule'), { target: { value: 'maintenance' } });
    await screen.findByText('No unacknowledged alerts for this rule.');
  });

  it('selecting an alert (click, or Enter on the active one) selects its asset on map and list', async () => {
    await open([alertRecord(1, { assetId: 'thing:7', assetName: 'Truck 7' }), alertRecord(2, { assetId: 'thing:9' })]);
    await fireEvent.click(row(1));
    expect([...selection.current.selected]).toEqual(['thing:7']);
    expect(row(1)).toHaveAttribute('aria-selected', 'true');
    expect(list()).toHaveAttribute('aria-activedescendant', row(1).id);
    await fireEvent.keyDown(list(), { key: 'ArrowDown' });
    expect(list()).toHaveAttribute('aria-activedescendant', row(2).id);
    expect([...selection.current.selected]).toEqual(['thing:7']);
    await fireEvent.keyDown(list(), { key: 'Enter' });
    expect([...selection.current.selected]).toEqual(['thing:9']);
    await fireEvent.keyDown(list(), { key: 'Home' });
    await fireEvent.keyDown(list(), { key: ' ' });
    expect([...selection.current.selected]).toEqual(['thing:7']);
  });

  it('keeps every control out of the alert rows: an option\'s content is presentational, so a control there has no role and no name', async () => {
    await open([alertRecord(1), alertRecord(2, { acknowledgedAt: '2026-11-22T11:00:00Z' })]);
    const results = await axe.run(list(), { runOnly: ['nested-interactive'] });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    expect(results.passes.map((p) => p.id)).toEqual(['nested-interactive']);
    expect(row(1).querySelectorAll('button, a[href], input, select, textarea, [tabindex]')).toHaveLength(0);
    // The ✓ a mouse clicks is hidden from assistive technology; A and the toolbar's Acknowledge do its work.
    expect(within(row(1)).getByTitle('Acknowledge (A)')).toHaveAttribute('aria-hidden', 'true');
  });

  it('holds only options in the list: with no alerts, the text saying so sits beside the list and describes it', async () => {
    await open([]);
    const empty = await screen.findByText('No alerts yet. The rules are checked on every refresh.');
    expect(list()).not.toContainElement(empty);
    expect(list()).toHaveAccessibleDescription('No alerts yet. The rules are checked on every refresh.');
    const results = await axe.run(list(), { runOnly: ['aria-required-children'] });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  it('acknowledges one with the row\'s ✓ or the A key, and all shown with one button', async () => {
    await open([alertRecord(1), alertRecord(2), alertRecord(3), alertRecord(4, { acknowledgedAt: '2026-11-22T11:00:00Z' })]);
    await fireEvent.click(within(row(1)).getByTitle('Acknowledge (A)'));
    expect(bridge.callsTo('alerts:acknowledge')).toEqual([[[1]]]);
    await vi.waitFor(() => expect(within(row(1)).getByText('Active, acknowledged')).toBeInTheDocument());
    expect([...selection.current.selected]).toEqual([]); // the button acknowledges without selecting

    await fireEvent.keyDown(list(), { key: 'ArrowDown' });
    await fireEvent.keyDown(list(), { key: 'a' });
    await vi.waitFor(() => expect(bridge.callsTo('alerts:acknowledge').at(-1)).toEqual([[2]]));

    await fireEvent.click(screen.getByRole('button', { name: 'Acknowledge all 1 open alerts shown' }));
    await vi.waitFor(() => expect(bridge.callsTo('alerts:acknowledge').at(-1)).toEqual([[3]]));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /^Acknowledge all/ })).toBeDisabled());
    expect(store.unacknowledged).toBe(0);
  });

  it('the "Acknowledge" toolbar button acts on the active alert', async () => {
    await open([alertRecord(1), alertRecord(2)]);
    const ack = screen.getByRole('button', { name: 'Acknowledge' });
    expect(ack).toBeDisabled();
    await fireEvent.click(row(2));
    await fireEvent.click(ack);
    await vi.waitFor(() => expect(bridge.callsTo('alerts:acknowledge')).toEqual([[[2]]]));
  });

  it('exports the shown alerts and shows a refusal from the main side', async () => {
    await open([alertRecord(1)]);
    bridge.handle('export:alertsCsv', () => {
      throw Object.assign(new Error('Could not write alerts.csv: disk full'), { kind: 'storage' });
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Export the alerts shown as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not write alerts.csv: disk full');
    expect(bridge.callsTo('export:alertsCsv')).toEqual([[{ unacknowledgedOnly: false, rule: null }]]);
  });

  it('a notification click focuses the list once; later reloads leave the focus where the dispatcher put it', async () => {
    await open([alertRecord(1), alertRecord(2)]);
    store.focus('thing:2');
    await vi.waitFor(() => expect(document.activeElement).toBe(list()));
    expect(list()).toHaveAttribute('aria-activedescendant', row(2).id);
    const rule = screen.getByLabelText('Rule');
    rule.focus();
    log.records = [alertRecord(0), ...log.records];
    bridge.emit('alerts:counts', log.counts());
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(document.activeElement).toBe(rule);
  });

  it('offers "Enable desktop notifications" in the web shell and asks only on that click', async () => {
    await open([alertRecord(1)]);
    expect(notifications.requests).toBe(0);
    await fireEvent.click(screen.getByRole('button', { name: 'Enable desktop notifications' }));
    expect(notifications.requests).toBe(1);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Enable desktop notifications' })).toBeNull());
  });
});

describe('AlertsBadge', () => {
  it('shows the unacknowledged count and opens the panel', async () => {
    log.records = [alertRecord(1), alertRecord(2)];
    resetStores(() => NOW);
    store = alertsStore;
    store.useNotifications(null);
    await store.init();
    render(AlertsBadge);
    const badge = screen.getByRole('button', { name: 'Alerts: 2 unacknowledged' });
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    await fireEvent.click(badge);
    expect(store.panelOpen).toBe(true);
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    log.records = [alertRecord(1, { acknowledgedAt: '2026-11-22T11:00:00Z' }), alertRecord(2)];
    bridge.emit('alerts:counts', log.counts());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Alerts: 1 unacknowledged' })).toBeInTheDocument());
  });
});
