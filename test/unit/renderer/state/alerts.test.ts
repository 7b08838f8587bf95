import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { ACK_CHUNK, AlertsStore } from '../../../../src-renderer/src/state/alerts.svelte';
import type { AlertNotification, AlertQuery, AlertRecord } from '../../../../src-main/contract';
import { asset, FakeBridge, metric, NOW, snapshot, resetStores } from '../fixtures';
import { alertRecord, FakeAlertLog, fakeNotifications, rules, type FakeNotificationClass } from '../views/alerts/alert-fixtures';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { session } from '../../../../src-renderer/src/state/session.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { selection } from '../../../../src-renderer/src/state/selection.svelte';

/** A notification as the main side builds one for an alert (its text is the main side's to decide). */
const noteFor = (a: AlertRecord): AlertNotification => ({ title: `Low fuel: ${a.assetName}`, body: a.message, tag: `fleet-desk-alert-${a.id}`, assetId: a.assetId, rule: null });
const newAlerts = (profileId: string, alerts: AlertRecord[], notifications: AlertNotification[] = alerts.map(noteFor)) => ({ profileId, alerts, notifications });

let bridge: FakeBridge;
let log: FakeAlertLog;
let notifications: FakeNotificationClass;
let focusWindow: ReturnType<typeof vi.fn<() => void>>;
let store: AlertsStore;

function workspace(shell: 'web' | 'electron' = 'web'): void {
  resetStores(() => NOW);
  session.appInfo = { shell, version: '0.1.0', platform: 'linux', demo: true };
  assets.setSnapshot(snapshot(Array.from({ length: 10 }, (_, i) => asset(i, {}, { fuel: metric(50) }))));
}

async function started(shell: 'web' | 'electron' = 'web'): Promise<void> {
  workspace(shell);
  store = new AlertsStore({ notifications, focusWindow });
  await store.init();
}

beforeEach(() => {
  bridge = new FakeBridge();
  log = new FakeAlertLog([alertRecord(1), alertRecord(2, { rule: 'stale', message: 'No report for 75 min' }), alertRecord(3, { acknowledgedAt: '2026-11-22T11:00:00Z' })]);
  log.install(bridge);
  setBridge(bridge);
  notifications = fakeNotifications('granted');
  focusWindow = vi.fn<() => void>();
});
afterEach(() => {
  store?.dispose();
  resetStores();
  setBridge(null);
});

describe('AlertsStore: loading and events', () => {
  it('loads the counts, the list (newest first) and the rules at start', async () => {
    await started();
    expect(store.counts).toEqual({ profileId: 'demo', total: 3, unacknowledged: 2 });
    expect(store.unacknowledged).toBe(2);
    expect(store.alerts.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(store.rules?.lowFuel.belowPercent).toBe(15);
  });

  it('follows alerts:counts; reloads the list only while the panel is open (else when it opens)', async () => {
    await started();
    const listCalls = () => bridge.callsTo('alerts:list').length;
    const before = listCalls();
    log.records = [alertRecord(0), ...log.records];
    bridge.emit('alerts:counts', log.counts());
    expect(store.unacknowledged).toBe(3);
    expect(listCalls()).toBe(before);
    store.openPanel();
    await vi.waitFor(() => expect(store.alerts.map((a) => a.id)).toEqual([0, 1, 2, 3]));
    log.records = [alertRecord(-1), ...log.records];
    bridge.emit('alerts:counts', log.counts());
    await vi.waitFor(() => expect(store.alerts[0].id).toBe(-1));
  });

  it('shows the answer to the latest query when an older answer arrives last', async () => {
    await started();
    const release: Record<string, () => void> = {};
    log.gate = (q: AlertQuery) => new Promise<void>((resolve) => (release[q.rule ?? 'all'] = resolve));
    store.setQuery({ rule: 'stale' });
    store.setQuery({ rule: 'low-fuel' });
    await vi.waitFor(() => expect(Object.keys(release).sort()).toEqual(['low-fuel', 'stale']));
    release['low-fuel']();
    await vi.waitFor(() => expect(store.loading).toBe(false));
    release.stale();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.query.rule).toBe('low-fuel');
    expect(store.alerts.map((a) => a.rule)).toEqual(['low-fuel', 'low-fuel']);
  });

  it('keeps the last good list when loading fails, and says why', async () => {
    await started();
    bridge.handle('alerts:list', () => {
      throw Object.assign(new Error('The offline store could not be read'), { kind: 'storage' });
    });
    await store.reload();
    expect(store.error?.message).toBe('The offline store could not be read');
    expect(store.alerts.map((a) => a.id)).toEqual([1, 2, 3]);
  });

  it('reloads everything on a profile switch and drops the previous profile', async () => {
    await started();
    log.records = [...log.records, alertRecord(50, { profileId: 'work', assetName: 'Work loader' })];
    log.rules = rules({ quiet: true });
    log.profileId = 'work';
    bridge.emit('profiles:changed', { profiles: [], activeId: 'work' });
    expect(store.alerts).toEqual([]);
    await vi.waitFor(() => expect(store.alerts.map((a) => a.assetName)).toEqual(['Work loader']));
    expect(store.counts).toEqual({ profileId: 'work', total: 1, unacknowledged: 1 });
    await vi.waitFor(() => expect(store.rules?.quiet).toBe(true));

    // The same by counts alone (a switch made elsewhere).
    log.profileId = 'demo';
    bridge.emit('alerts:counts', log.counts());
    await vi.waitFor(() => expect(store.alerts.map((a) => a.id)).toEqual([1, 2, 3]));
  });

  it('ignores alerts:new of another profile for notifications', async () => {
    await started();
    bridge.emit('alerts:new', newAlerts('other', [alertRecord(9, { profileId: 'other' })]));
    expect(notifications.shown).toHaveLength(0);
  });
});

describe('AlertsStore: acknowledging', () => {
  it('acknowledges one alert and updates counts and row', async () => {
    await started();
    expect(await store.acknowledgeOne(1)).toBe(true);
    expect(bridge.callsTo('alerts:acknowledge')).toEqual([[[1]]]);
    expect(store.unacknowledged).toBe(1);
    expect(store.alerts.find((a) => a.id === 1)?.acknowledgedAt).not.toBeNull();
  });

  it('"acknowledge all" sends the shown open ids, never "all": an alert that arrived unseen stays open', async () => {
    await started();
    log.records = [alertRecord(0, { message: 'arrived after the list was shown' }), ...log.records];
    expect(await store.acknowledgeShown()).toBe(true);
    expect(bridge.callsTo('alerts:acknowledge')).toEqual([[[1, 2]]]);
    expect(log.records.find((r) => r.id === 0)?.acknowledgedAt).toBeNull();
  });

  it('sends thousands of ids in chunks', async () => {
    log.records = Array.from({ length: ACK_CHUNK * 2 + 7 }, (_, i) => alertRecord(i + 1));
    await started();
    await store.acknowledgeShown();
    const sent = bridge.callsTo('alerts:acknowledge').map((args) => (args[0] as number[]).length);
    expect(sent).toEqual([ACK_CHUNK, ACK_CHUNK, 7]);
    expect(store.unacknowledged).toBe(0);
  });

  it('a refused acknowledgement is shown and changes nothing', async () => {
    await started();
    bridge.handle('alerts:acknowledge', () => {
      throw Object.assign(new Error('Could not write the alert log: disk full'), { kind: 'storage' });
    });
    expect(await store.acknowledgeOne(1)).toBe(false);
    expect(store.error?.message).toBe('Could not write the alert log: disk full');
    expect(store.alerts.find((a) => a.id === 1)?.acknowledgedAt).toBeNull();
  });

  it('under "unacknowledged only" the next alert becomes active after acknowledging the active one', async () => {
    await started();
    store.setQuery({ unacknowledgedOnly: true });
    await vi.waitFor(() => expect(store.alerts.map((a) => a.id)).toEqual([1, 2]));
    store.activeId = 1;
    await store.acknowledgeOne(1);
    expect(store.activeId).toBe(2);
  });
});

describe('AlertsStore: the asset of an alert', () => {
  it('selects the asset on map and list, clearing a search that hides it', async () => {
    await started();
    ui.setSearch('Truck 7');
    store.showAsset('thing:3');
    expect([...selection.current.selected]).toEqual(['thing:3']);
    expect(selection.current.focused).toBe('thing:3');
    expect(ui.search).toBe('');
    expect(assets.visibleIds).toContain('thing:3');
    expect(ui.toast).toBe('Cleared the search and filters to show Truck 3');
  });

  it('says so when the asset left the list', async () => {
    await started();
    store.showAsset('thing:404', 'Gone truck');
    expect(selection.current.selected.size).toBe(0);
    expect(ui.toast).toBe('Gone truck is not in the current asset list');
  });

  it("alerts:focus (Electron's notification click) opens the panel and selects the asset", async () => {
    await started('electron');
    ui.view = 'aemp';
    bridge.emit('alerts:focus', { assetId: 'thing:2' });
    expect(store.panelOpen).toBe(true);
    expect(ui.view).toBe('assets');
    expect(selection.current.focused).toBe('thing:2');
    expect(store.activeId).toBe(2);
  });
});

describe('AlertsStore: notifications in the web shell', () => {
  it('shows one notification per alert for a few alerts; a click focuses the window and selects the asset', async () => {
    await started('web');
    bridge.emit('alerts:new', newAlerts('demo', [alertRecord(4)]));
    expect(notifications.shown.map((n) => n.title)).toEqual(['Low fuel: Truck 4']);
    expect(notifications.shown[0].options?.body).toBe('Fuel 4 % (below 15 %)');
    notifications.shown[0].onclick?.call(undefined, new Event('click'));
    expect(focusWindow).toHaveBeenCalled();
    expect(selection.current.focused).toBe('thing:4');
    expect(store.panelOpen).toBe(true);
    expect(notifications.shown[0].closed).toBe(true);
  });

  it('groups a burst into one notification per rule; a click filters the panel on that rule', async () => {
    await started('web');
    const burst = [...Array.from({ length: 37 }, (_, i) => alertRecord(100 + i, { rule: 'stale' })), alertRecord(200)];
    const group: AlertNotification = { title: '37 assets stale', body: 'Truck 100, Truck 101, Truck 102 and 34 more', tag: 'fleet-desk-group-stale', assetId: null, rule: 'stale' };
    bridge.emit('alerts:new', newAlerts('demo', burst, [noteFor(burst[37]), group]));
    expect(notifications.shown.map((n) => n.title)).toEqual(['Low fuel: Truck 200', '37 assets stale']);
    notifications.shown[1].onclick?.call(undefined, new Event('click'));
    expect(store.query).toEqual({ unacknowledgedOnly: true, rule: 'stale' });
    expect(store.panelOpen).toBe(true);
  });

  it('shows exactly what the event carries: its notifications, not ones made from its alerts', async () => {
    await started('web');
    const carried: AlertNotification = { title: 'Low fuel: Truck 4 ‹b›', body: 'As the main side wrote it', tag: 'fleet-desk-alert-4', assetId: 'thing:4', rule: null };
    bridge.emit('alerts:new', newAlerts('demo', [alertRecord(4), alertRecord(5), alertRecord(6)], [carried]));
    expect(notifications.shown.map((n) => [n.title, n.options])).toEqual([['Low fuel: Truck 4 ‹b›', { body: 'As the main side wrote it', tag: 'fleet-desk-alert-4' }]]);
  });

  it('stays silent when the event carries none (quiet), without permission, and in Electron (the main side notifies there)', async () => {
    await started('web');
    bridge.emit('alerts:new', newAlerts('demo', [alertRecord(4)], []));
    expect(notifications.shown).toHaveLength(0);
    store.dispose();

    log.rules = rules();
    notifications = fakeNotifications('default');
    await started('web');
    bridge.emit('alerts:new', newAlerts('demo', [alertRecord(4)]));
    expect(notifications.shown).toHaveLength(0);
    store.dispose();

    notifications = fakeNotifications('granted');
    await started('electron');
    bridge.emit('alerts:new', newAlerts('demo', [alertRecord(4)]));
    expect(notifications.shown).toHaveLength(0);
  });

  it('asks for permission only when told to (a click), and remembers the answer', async () => {
    notifications = fakeNotifications('default');
    await started('web');
    bridge.emit('alerts:new', newAlerts('demo', [alertRecord(4)]));
    expect(notifications.requests).toBe(0);
    expect(store.permission).toBe('default');
    await store.requestPermission();
    expect(notifications.requests).toBe(1);
    expect(store.permission).toBe('granted');
  });
});

describe('AlertsStore: export', () => {
  it('downloads the CSV of the current query in the web shell', async () => {
    await started();
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    store.setQuery({ rule: 'stale' });
    await store.exportCsv();
    expect(bridge.callsTo('export:alertsCsv')).toEqual([[{ unacknowledgedOnly: false, rule: 'stale' }]]);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(await created[0].text()).toBe('id,asset\n2,Truck 2\n');
    expect(ui.toast).toBe('Downloaded 1 alert as alerts-demo.csv');
    clicks.mockRestore();
    vi.unstubAllGlobals();
  });

  it('reports a file saved by the main side, and a failure', async () => {
    await started();
    bridge.handle('export:alertsCsv', () => ({ fileName: '/home/d/alerts.csv', mimeType: 'text/csv', count: 3 }));
    await store.exportCsv();
    expect(ui.toast).toBe('Saved 3 alerts to /home/d/alerts.csv');
    bridge.handle('export:alertsCsv', () => ({ fileName: '/home/d/alerts.csv', mimeType: 'text/csv', count: 12_500 }));
    await store.exportCsv();
    expect(ui.toast).toBe('Saved 12,500 alerts to /home/d/alerts.csv'); // counted like every count in the app
    bridge.handle('export:alertsCsv', () => {
      throw Object.assign(new Error('Could not write /home/d/alerts.csv: permission denied'), { kind: 'storage' });
    });
    await store.exportCsv();
    expect(store.error?.message).toBe('Could not write /home/d/alerts.csv: permission denied');
  });
});
