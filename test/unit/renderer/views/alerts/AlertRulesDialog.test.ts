import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import AlertRulesDialog from '../../../../../src-renderer/src/views/alerts/AlertRulesDialog.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { alertsStore, type AlertsStore } from '../../../../../src-renderer/src/state/alerts.svelte';
import type { AlertRules } from '../../../../../src-main/contract';
import { asset, FakeBridge, metric, NOW, snapshot, resetStores } from '../../fixtures';
import { FakeAlertLog } from './alert-fixtures';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';
import { sitesStore } from '../../../../../src-renderer/src/state/sites.svelte';
import { followRoomChanges } from '../../../../../src-renderer/src/state/room-shared';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';

let bridge: FakeBridge;
let log: FakeAlertLog;
let store: AlertsStore;
let onClose: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  bridge = new FakeBridge();
  log = new FakeAlertLog();
  log.install(bridge);
  setBridge(bridge);
  onClose = vi.fn<() => void>();
});
afterEach(() => {
  cleanup();
  sitesStore.dispose();
  store?.dispose();
  setBridge(null);
});

async function open(): Promise<HTMLElement> {
  resetStores(() => NOW);
  assets.setSnapshot(
    snapshot([
      asset(1, { category: 'Trucks' }, { 'geo-regions': metric(['region:UT']) }),
      asset(2, { category: 'Loaders' }, { 'geo-regions': metric(['region:UT', 'region:NV']) }),
      asset(3, { category: 'trucks', name: '<b>Hostile</b>' }, null),
    ]),
  );
  store = alertsStore;
  store.useNotifications(null);
  await store.init();
  render(AlertRulesDialog, { onClose });
  return screen.findByRole('form', { name: 'Alert rules' });
}

const saved = (): AlertRules => bridge.callsTo('alerts:setRules').at(-1)?.[0] as AlertRules;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
const lowFuel = () => screen.getByRole('group', { name: /Low fuel/ });

describe('AlertRulesDialog', () => {
  it('shows one switch per rule, the quiet mode, and the loaded values', async () => {
    await open();
    const switches = screen.getAllByRole('switch').map((s) => s.closest('label')?.textContent?.replace(/\s+/g, ' ').trim());
    expect(switches).toEqual([
      'Low fuel on', 'No report on', 'After hours on', 'Regions on', 'Maintenance due off', 'Sites on', 'Moved with the ignition off on', 'Off site after hours off',
      'Quiet mode: no desktop notifications (alerts are still listed and counted)',
    ]);
    expect(screen.getByLabelText('Alert when fuel is below (%)')).toHaveValue('15');
    expect(screen.getByLabelText('Branch time zone')).toHaveValue('America/Denver');
    expect(screen.getAllByRole('textbox', { name: /start \(HH:MM\)/ })).toHaveLength(5);
  });

  it('validates in the form: messages beside the fields, nothing sent', async () => {
    await open();
    await fireEvent.input(screen.getByLabelText('Alert when fuel is below (%)'), { target: { value: '0' } });
    await fireEvent.input(screen.getByRole('textbox', { name: 'Monday end (HH:MM, 24:00 for midnight)' }), { target: { value: '06:00' } });
    await fireEvent.click(within(lowFuel()).getByLabelText('Only these categories'));
    await save();
    expect(screen.getByText('Fuel threshold must be a whole number of percent from 1 to 99')).toBeInTheDocument();
    expect(screen.getByLabelText('Alert when fuel is below (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Monday: the end (06:00) must be after the start (07:00); split a night shift into two days')).toBeInTheDocument();
    expect(within(lowFuel()).getByText('Choose at least one category, or watch every asset')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: fix the 3 problems marked above.');
    expect(bridge.callsTo('alerts:setRules')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves thresholds, scopes, schedule, zone, regions, maintenance and quiet mode', async () => {
    await open();
    selection.current = { selected: new Set(['thing:2', 'thing:3']), anchor: null, focused: null };
    await fireEvent.input(screen.getByLabelText('Alert when fuel is below (%)'), { target: { value: '20' } });
    // Low fuel: only trucks (the list has "Trucks" and "trucks": one choice).
    await fireEvent.click(within(lowFuel()).getByLabelText('Only these categories'));
    expect(within(lowFuel()).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent?.trim())).toEqual(['Loaders', 'Trucks']);
    await fireEvent.click(within(lowFuel()).getByLabelText('Trucks'));
    // No report: a saved selection.
    const stale = screen.getByRole('group', { name: /No report/ });
    await fireEvent.click(within(stale).getByLabelText('Only a saved selection'));
    await fireEvent.click(within(stale).getByRole('button', { name: 'Use the current selection (2 assets)' }));
    expect(within(stale).getByText('2 assets: Truck 2, <b>Hostile</b>')).toBeInTheDocument();
    await fireEvent.input(within(stale).getByLabelText('Selection name'), { target: { value: 'Night shift' } });
    // After hours: a Saturday period, another zone.
    await fireEvent.click(screen.getByRole('button', { name: 'Add a period' }));
    await fireEvent.input(screen.getByRole('textbox', { name: 'Saturday end (HH:MM, 24:00 for midnight)' }), { target: { value: '24:00' } });
    await fireEvent.change(screen.getByLabelText('Branch time zone'), { target: { value: 'Europe/Berlin' } });
    // Regions: one seen on the assets, one typed.
    await fireEvent.click(screen.getByLabelText('NV'));
    await fireEvent.input(screen.getByLabelText('Region code to add'), { target: { value: 'AZ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add region' }));
    await fireEvent.change(screen.getByLabelText('Alert when an asset'), { target: { value: 'leave' } });
    // Maintenance: on, one threshold.
    await fireEvent.click(screen.getByRole('switch', { name: /Maintenance due/ }));
    await fireEvent.click(screen.getByRole('button', { name: 'Add a threshold' }));
    const threshold = screen.getByRole('group', { name: 'Maintenance threshold 1' });
    await fireEvent.change(within(threshold).getByLabelText('When'), { target: { value: 'odometer' } });
    await fireEvent.input(within(threshold).getByLabelText('reach'), { target: { value: '15000' } });
    await fireEvent.click(screen.getByRole('switch', { name: /Quiet mode/ }));
    await save();

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const rules = saved();
    expect(rules.lowFuel).toEqual({ enabled: true, belowPercent: 20, scope: { categories: ['Trucks'], assetIds: [], selectionName: null } });
    expect(rules.stale.scope).toEqual({ categories: [], assetIds: ['thing:2', 'thing:3'], selectionName: 'Night shift' });
    expect(rules.afterHours.schedule.at(-1)).toEqual({ day: 6, start: '07:00', end: '24:00' });
    expect(rules.afterHours.timeZone).toBe('Europe/Berlin');
    expect(rules.region).toMatchObject({ regions: ['region:NV', 'region:AZ'], on: 'leave' });
    expect(rules.maintenance.enabled).toBe(true);
    expect(rules.maintenance.thresholds).toEqual([{ id: expect.stringMatching(/^[A-Za-z0-9._-]{1,64}$/), metric: 'odometer', dueAt: 15000, scope: { categories: [], assetIds: [], selectionName: null } }]);
    expect(rules.quiet).toBe(true);
    expect(store.rules).toEqual(rules);
  }, 20_000); // A guard against a hang, not a measure: the form is long and this machine shared.

  it('saves the place rules: site kinds and named sites, the towing distance, off site after hours', async () => {
    const site = (id: string, name: string, kind: 'yard' | 'job') => ({ id, name, kind, notes: '', shape: { type: 'circle' as const, center: [-111.9, 40.6] as [number, number], radiusM: 300 }, regionCode: null, createdAt: 0, updatedAt: 0 });
    await open();
    // The sites arrive after the dialog opened (as 'sites:changed' does): the choices follow.
    sitesStore.replace({ profileId: 'demo', sites: [site('s-000000a1', 'North yard', 'yard'), site('s-000000b2', 'Daybreak', 'job')], presence: {} });
    const sites = screen.getByRole('group', { name: /^Sites/ });
    await fireEvent.change(within(sites).getByLabelText('Alert when a machine'), { target: { value: 'leave' } });
    await fireEvent.click(within(sites).getByLabelText('Job site'));
    await fireEvent.click(within(sites).getByLabelText('Yard'));
    await fireEvent.click(await within(sites).findByLabelText('North yard'));
    await fireEvent.input(screen.getByLabelText(/moves farther than \(metres\)/), { target: { value: '500' } });
    const offSite = screen.getByRole('group', { name: /Off site after hours/ });
    await fireEvent.click(within(offSite).getByRole('switch'));
    await fireEvent.click(within(offSite).getByLabelText('Customer'));
    await save();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const rules = saved();
    expect(rules.site).toEqual({ enabled: true, on: 'leave', siteKinds: ['yard', 'job'], siteIds: ['s-000000a1'], scope: { categories: [], assetIds: [], selectionName: null } });
    expect(rules.towed.minMetres).toBe(500);
    expect(rules.offSite).toMatchObject({ enabled: true, siteKinds: ['customer'] });
  });

  it('works without sites, and refuses a towing distance out of range in words beside the field', async () => {
    await open();
    expect(within(screen.getByRole('group', { name: /^Sites/ })).getByText('The branch has no sites yet: draw them in Places.')).toBeInTheDocument();
    const metres = screen.getByLabelText(/moves farther than \(metres\)/);
    await fireEvent.input(metres, { target: { value: '20' } });
    await save();
    expect(screen.getByText('Moved with the ignition off: enter a distance from 50 m to 50,000 m')).toBeInTheDocument();
    expect(metres).toHaveAttribute('aria-invalid', 'true');
    expect(bridge.callsTo('alerts:setRules')).toHaveLength(0);
  });

  it("shows the main side's message when it refuses, without its JSON path, and stays open", async () => {
    await open();
    bridge.handle('alerts:setRules', () => {
      throw Object.assign(new Error('At most 5000 assets can be chosen.'), { kind: 'invalid-argument', path: '$.stale.scope.assetIds' });
    });
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Alert rules not saved: At most 5000 assets can be chosen.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('$.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says why when the rules cannot be loaded, and tries again', async () => {
    bridge.handle('alerts:rules', () => {
      throw Object.assign(new Error('The offline store could not be read'), { kind: 'storage' });
    });
    resetStores(() => NOW);
    store = alertsStore;
    store.useNotifications(null);
    await store.init();
    render(AlertRulesDialog, { onClose });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the alert rules: The offline store could not be read');
    log.install(bridge);
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Alert rules' })).toBeInTheDocument();
  });

  it('Escape closes without saving', async () => {
    await open();
    await fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    expect(bridge.callsTo('alerts:setRules')).toHaveLength(0);
  });

  it('says when another desk of the room changed the rules while the dialog is open, and saving keeps that change in the rules not edited', async () => {
    const stopRoomChanges = followRoomChanges();
    try {
      await open();
      await fireEvent.input(screen.getByLabelText('Alert when fuel is below (%)'), { target: { value: '22' } });
      // Ben changes the no-report rule on his desk; this desk keeps it and says so.
      const bens = log.rules.stale.afterMin + 45;
      log.rules = { ...log.rules, stale: { ...log.rules.stale, afterMin: bens } };
      bridge.emit('room:shared', { profileId: 'demo', kind: 'rule', names: ['No report'], how: 'changed', by: 'Ben', at: '2026-03-10T10:42:00.000Z' });
      expect(await screen.findByTestId('rules-shared-change')).toHaveTextContent(/^Ben changed the alert rule No report at .+ while this dialog was open/);
      expect(ui.toast).toMatch(/^Ben changed the alert rule No report at /);
      await vi.waitFor(() => expect(store.rules?.stale.afterMin).toBe(bens));
      await save();
      expect(saved().lowFuel.belowPercent).toBe(22);
      expect(saved().stale.afterMin).toBe(bens);
    } finally {
      stopRoomChanges();
    }
  });
});
