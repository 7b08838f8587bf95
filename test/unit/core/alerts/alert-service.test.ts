import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertRecord, AlertRules, Asset, AssetSnapshot, EventChannel, FleetEvents, NewAlerts } from '../../../../src-main/contract';
import { AlertService } from '../../../../src-main/core/alerts/alert-service';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { AlertRulesStore } from '../../../../src-main/core/alerts/rules-store';
import { smallChange } from '../../../../src-main/core/handlers/assets';
import type { DesktopNotification, OfflineStore } from '../../../../src-main/core/ports';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { asset, metric } from './fixtures';

let dir: string;
let cleanup: () => void;
const opened: OfflineStore[] = [];
beforeEach(() => ({ dir, cleanup } = makeTempDir('fleet-alerts-')));
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  cleanup();
});

interface Harness {
  service: AlertService;
  events: { name: EventChannel; payload: unknown }[];
  notes: DesktopNotification[];
  store: OfflineStore;
}

function harness(options: { store?: OfflineStore; rules?: (r: AlertRules) => AlertRules; notify?: boolean } = {}): Harness {
  const store = options.store ?? createStoreFactory(dir).open('demo');
  opened.push(store);
  const events: Harness['events'] = [];
  const notes: DesktopNotification[] = [];
  const rules = new AlertRulesStore(dir);
  if (options.rules) rules.set('demo', options.rules(defaultAlertRules()));
  const service = new AlertService({
    profileId: () => 'demo',
    demo: () => false,
    store: () => store,
    rules,
    emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }),
    notify: options.notify === false ? undefined : (n) => notes.push(n),
    log: () => undefined,
  });
  return { service, events, notes, store };
}

const snapshot = (assets: Asset[], fetchedAt: string, source: 'network' | 'cache' = 'network'): AssetSnapshot => ({ profileId: 'demo', assets, skipped: [], fetchedAt, source });
const truck = (fuel: number, at = '2026-03-10T15:00:00.000Z') => asset('thing:1', { fuel: metric(fuel, at) }, { at, name: 'Truck 001' });
const all = { unacknowledgedOnly: false, rule: null } as const;

describe('AlertService', () => {
  it('raises one alert per condition until it clears, announcing new alerts and counts', () => {
    const h = harness();
    expect(h.service.evaluate(snapshot([truck(40, '2026-03-10T14:59:00.000Z')], '2026-03-10T15:00:00Z'))).toEqual([]);
    expect(h.events).toEqual([]);
    const raised = h.service.evaluate(snapshot([truck(10, '2026-03-10T15:00:30.000Z')], '2026-03-10T15:01:00Z'));
    expect(raised.map((a) => [a.assetName, a.rule, a.message])).toEqual([['Truck 001', 'low-fuel', 'Fuel 10 % (below 15 %)']]);
    expect(h.events.map((e) => e.name)).toEqual(['alerts:new', 'alerts:counts']);
    expect(h.events[1].payload).toEqual({ profileId: 'demo', total: 1, unacknowledged: 1 });
    for (const [fuel, at] of [[9, '15:01:10'], [8, '15:01:20'], [8, '15:01:20'], [7, '15:01:30']] as const) {
      expect(h.service.evaluate(snapshot([truck(fuel, `2026-03-10T${at}.000Z`)], '2026-03-10T15:02:00Z'))).toEqual([]);
    }
    h.service.evaluate(snapshot([truck(90, '2026-03-10T15:02:30.000Z')], '2026-03-10T15:03:00Z'));
    const [record] = h.service.list(all).alerts;
    expect(record.clearedAt).toBe('2026-03-10T15:03:00.000Z');
    expect(h.service.evaluate(snapshot([truck(5, '2026-03-10T15:03:30.000Z')], '2026-03-10T15:04:00Z'))).toHaveLength(1);
    expect(h.service.counts()).toEqual({ profileId: 'demo', total: 2, unacknowledged: 2 });
  });

  it('checks only what time can change for assets that sent nothing new, and everything when the rules change', () => {
    const h = harness();
    const fleet = [truck(40, '2026-03-10T15:00:00.000Z'), asset('thing:2', { fuel: metric(12, '2026-03-10T15:00:00.000Z') }, { at: '2026-03-10T15:00:00.000Z' })];
    let last: AssetSnapshot | null = null;
    // As the core runs it: each refresh announces what changed since the last list (here nothing).
    const refresh = (fetchedAt: string): AlertRecord[] => {
      const next = snapshot(fleet, fetchedAt);
      if (last) h.service.noteChange(smallChange(last, next)!);
      last = next;
      return h.service.evaluate(next);
    };
    expect(refresh('2026-03-10T15:00:10Z').map((a) => a.assetId)).toEqual(['thing:2']);
    // Nothing new reported: no alert appears or clears, but time alone makes both stale.
    expect(refresh('2026-03-10T15:30:10Z')).toEqual([]);
    expect(refresh('2026-03-10T16:00:10Z').map((a) => [a.assetId, a.rule])).toEqual([['thing:1', 'stale'], ['thing:2', 'stale']]);
    // A lower threshold is a rules change: the same data is checked again, and thing:2 clears.
    h.service.setRules({ ...h.service.rules(), lowFuel: { ...h.service.rules().lowFuel, belowPercent: 10 } });
    refresh('2026-03-10T16:00:20Z');
    expect(h.service.list({ unacknowledgedOnly: false, rule: 'low-fuel' }).alerts[0].clearedAt).toBe('2026-03-10T16:00:20.000Z');
    // A raised threshold raises for an asset whose data did not change.
    h.service.setRules({ ...h.service.rules(), lowFuel: { ...h.service.rules().lowFuel, belowPercent: 50 } });
    expect(refresh('2026-03-10T16:00:30Z').map((a) => [a.assetId, a.rule])).toEqual([['thing:1', 'low-fuel'], ['thing:2', 'low-fuel']]);
  });

  it('trusts a change announcement only when it was made against the list last evaluated', () => {
    const h = harness();
    h.service.evaluate(snapshot([truck(40, '2026-03-10T14:59:00.000Z')], '2026-03-10T15:00:00.000Z'));
    const changedList = snapshot([truck(5, '2026-03-10T15:00:30.000Z')], '2026-03-10T15:01:00.000Z');
    // An announcement against another list (it says nothing changed) is not used.
    h.service.noteChange({ profileId: 'demo', baseFetchedAt: '2026-03-10T14:00:00.000Z', fetchedAt: changedList.fetchedAt, source: 'network', skipped: [], changed: [], removed: [], order: null });
    expect(h.service.evaluate(changedList).map((a) => a.rule)).toEqual(['low-fuel']);
    // One against the right list is: it names the asset that changed.
    const next = snapshot([truck(5, '2026-03-10T15:00:30.000Z'), asset('thing:9', { fuel: metric(3, '2026-03-10T15:01:30.000Z') })], '2026-03-10T15:02:00.000Z');
    h.service.noteChange({ profileId: 'demo', baseFetchedAt: changedList.fetchedAt, fetchedAt: next.fetchedAt, source: 'network', skipped: [], changed: [next.assets[1]], removed: [], order: null });
    expect(h.service.evaluate(next).map((a) => a.assetId)).toEqual(['thing:9']);
  });

  it('clears an after-hours alert when work starts, even when the unit sent nothing new since', () => {
    const h = harness({ rules: (r) => ({ ...r, stale: { ...r.stale, enabled: false } }) });
    const gen = (on: boolean, at: string) => asset('thing:5', { ignition: metric(on, at) }, { at, name: 'Generator 005' });
    // Tuesday 10 March 2026 in Denver (UTC−6): 01:00, 02:00, then 07:05 local.
    expect(h.service.evaluate(snapshot([gen(true, '2026-03-10T07:00:00.000Z')], '2026-03-10T07:01:00Z')).map((a) => a.rule)).toEqual(['after-hours']);
    h.service.evaluate(snapshot([gen(false, '2026-03-10T08:00:00.000Z')], '2026-03-10T08:01:00Z'));
    h.service.evaluate(snapshot([gen(false, '2026-03-10T08:00:00.000Z')], '2026-03-10T12:00:00Z'));
    expect(h.service.list(all).alerts[0].clearedAt).toBeNull();
    h.service.evaluate(snapshot([gen(false, '2026-03-10T08:00:00.000Z')], '2026-03-10T13:05:00Z'));
    expect(h.service.list(all).alerts[0].clearedAt).toBe('2026-03-10T13:05:00.000Z');
  });

  it('raises nothing again after a restart for a condition already alerted', () => {
    const first = harness();
    first.service.evaluate(snapshot([truck(10)], '2026-03-10T15:00:00Z'));
    first.store.close();
    const second = harness(); // a new run: new service, the same store file
    expect(second.service.evaluate(snapshot([truck(9, '2026-03-10T17:59:00.000Z')], '2026-03-10T18:00:00Z'))).toEqual([]);
    expect(second.events.map((e) => e.name)).toEqual([]);
    expect(second.service.counts().total).toBe(1);
    // The alert of the first run is known to this one: refuelled, it clears.
    second.service.evaluate(snapshot([truck(80, '2026-03-10T18:04:00.000Z')], '2026-03-10T18:05:00Z'));
    expect(second.service.list(all).alerts.map((a) => a.clearedAt)).toEqual(['2026-03-10T18:05:00.000Z']);
  });

  it('after a long offline gap raises at most one alert per asset and rule, with the true time of the data', () => {
    const h = harness();
    const before = asset('thing:1', { 'geo-regions': metric(['region:UT', 'region:A'], '2026-03-01T10:00:00Z'), fuel: metric(60, '2026-03-01T10:00:00Z') }, { at: '2026-03-01T10:00:00Z' });
    // The list shown from the cache at start is what the first fresh list is compared with.
    h.service.baseline(snapshot([before], '2026-03-01T10:00:00Z', 'cache'));
    const after = asset(
      'thing:1',
      { 'geo-regions': metric(['region:B', 'region:C'], '2026-03-09T08:30:00Z'), fuel: metric(4, '2026-03-09T07:45:00Z') },
      { at: '2026-03-09T08:30:00Z' },
    );
    const raised = h.service.evaluate(snapshot([after], '2026-03-10T15:00:00Z'));
    expect(raised.map((a) => [a.rule, a.raisedAt]).sort()).toEqual([
      ['low-fuel', '2026-03-09T07:45:00.000Z'],
      ['region', '2026-03-09T08:30:00.000Z'],
      ['stale', '2026-03-09T09:30:00.000Z'], // last report 08:30 + 60 min
    ]);
    // The other region changes are tracked with the one shown, and not raised later.
    expect(h.service.evaluate(snapshot([after], '2026-03-10T15:01:00Z'))).toEqual([]);
  });

  it('never evaluates a list from the cache or of another profile', () => {
    const h = harness();
    expect(h.service.evaluate(snapshot([truck(1)], '2026-03-10T15:00:00Z', 'cache'))).toEqual([]);
    expect(h.service.evaluate({ ...snapshot([truck(1)], '2026-03-10T15:00:00Z'), profileId: 'other' })).toEqual([]);
    expect(h.service.counts().total).toBe(0);
    expect(h.events).toEqual([]);
  });

  it('notifies once per rule with a count when many arrive together, and not at all in quiet mode', () => {
    const many = Array.from({ length: 37 }, (_, i) => asset(`thing:${i + 1}`, { fuel: 50 }, { at: '2026-03-10T10:00:00.000Z', name: `Unit ${i + 1}` }));
    const h = harness();
    h.service.evaluate(snapshot([...many, truck(3)], '2026-03-10T15:00:00Z'));
    expect(h.notes.map((n) => n.title)).toEqual(['37 assets stale', 'Low fuel: Truck 001']);
    expect(h.notes[0].assetId).toBeNull();
    expect(h.notes[1].assetId).toBe('thing:1');

    const quiet = harness({ rules: (r) => ({ ...r, quiet: true }), store: createStoreFactory(dir).open('quiet') });
    expect(quiet.service.evaluate(snapshot([truck(3)], '2026-03-10T15:00:00Z'))).toHaveLength(1);
    expect(quiet.notes).toEqual([]);
    expect((quiet.events[0].payload as NewAlerts).notifications).toEqual([]);
  });

  it('carries in the alerts:new event the very notifications Electron is handed, built once', () => {
    const many = Array.from({ length: 5 }, (_, i) => asset(`thing:${i + 10}`, { fuel: 50 }, { at: '2026-03-10T10:00:00.000Z', name: `Unit\u200B ${i}` }));
    const h = harness();
    h.service.evaluate(snapshot([...many, truck(3)], '2026-03-10T15:00:00Z'));
    const event = h.events.find((e) => e.name === 'alerts:new')?.payload as NewAlerts;
    expect(event.notifications.map((n) => n.title)).toEqual(['5 assets stale', 'Low fuel: Truck 001']);
    expect(event.notifications).toEqual(h.notes);
    expect(event.notifications[0]).toMatchObject({ body: 'Unit 0, Unit 1, Unit 2 and 2 more', tag: 'fleet-desk-group-stale', assetId: null, rule: 'stale' });
  });

  it('clears the alerts of a rule that was switched off, and of assets that left the list', () => {
    const h = harness();
    h.service.evaluate(snapshot([truck(3), asset('thing:2', { fuel: 2 })], '2026-03-10T15:00:00Z'));
    h.service.evaluate(snapshot([truck(3)], '2026-03-10T15:01:00Z'));
    expect(h.service.list(all).alerts.find((a) => a.assetId === 'thing:2')?.clearedAt).toBe('2026-03-10T15:01:00.000Z');
    h.service.setRules({ ...h.service.rules(), lowFuel: { ...h.service.rules().lowFuel, enabled: false } });
    h.service.evaluate(snapshot([truck(3)], '2026-03-10T15:02:00Z'));
    expect(h.service.list(all).alerts.every((a) => a.clearedAt !== null)).toBe(true);
  });

  it('acknowledges offline, announcing the new counts only when something changed', () => {
    const h = harness();
    const [record] = h.service.evaluate(snapshot([truck(3)], '2026-03-10T15:00:00Z'));
    h.events.length = 0;
    expect(h.service.acknowledge([record.id])).toEqual({ profileId: 'demo', total: 1, unacknowledged: 0 });
    expect(h.events.map((e) => e.name)).toEqual(['alerts:counts']);
    h.service.acknowledge('all');
    expect(h.events).toHaveLength(1);
    expect(h.service.list({ unacknowledgedOnly: true, rule: null }).alerts).toEqual([]);
  });

  it('keeps alerts in memory for the run when the store cannot keep them', () => {
    // A store like the no-op fallback: keeps nothing, has no alert log.
    const noAlertLog: OfflineStore = {
      saveAssetSnapshot: () => undefined,
      loadAssetSnapshot: () => null,
      trail: () => [],
      putDocument: () => undefined,
      getDocument: () => null,
      prune: () => undefined,
      notice: null,
      close: () => undefined,
    };
    const h = harness({ store: noAlertLog });
    expect(h.service.evaluate(snapshot([truck(3)], '2026-03-10T15:00:00Z'))).toHaveLength(1);
    expect(h.service.evaluate(snapshot([truck(3)], '2026-03-10T15:01:00Z'))).toEqual([]);
    expect(h.service.list(all).alerts).toHaveLength(1);

    const failing: OfflineStore = {
      ...noAlertLog,
      alertLog: () => {
        throw new Error('disk on fire');
      },
    };
    const f = harness({ store: failing });
    expect(f.service.evaluate(snapshot([truck(3)], '2026-03-10T15:00:00Z'))).toHaveLength(1);
    expect(f.service.counts().total).toBe(1);
  });
});
