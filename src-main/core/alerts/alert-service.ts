/**
 * Alerts for the active profile: evaluates the rules on every fresh asset list (never on
 * the cache, never offline), keeps the log in the profile's offline store (in memory when
 * the store cannot keep it), and announces new alerts, counts and desktop notifications.
 *
 * The open alerts of a store are read once and then kept in step with every write, and a
 * periodic refresh is evaluated in part: the assets its change announcement names, and
 * those time may affect (a no-report deadline come, working hours begun). A first list,
 * a rules change or a large change is evaluated whole.
 */
import type { AlertCounts, AlertList, AlertQuery, AlertRecord, AlertRuleField, AlertRuleKind, AlertRules, Asset, AssetChange, AssetSnapshot, EventSink } from '../../contract';
import { FleetError, scrubSecrets } from '../errors';
import type { AlertLog, ConditionAcknowledgement, DesktopNotification, OfflineStore, OpenAlert } from '../ports';
import { openMemoryAlertLog } from '../store/alert-log';
import { Deadlines } from './deadlines';
import { evaluateAlerts, ruleChecks, type UnchangedAssets } from './evaluate';
import { notificationsFor } from './notifications';
import { SiteMemory, type AlertPlaces, type AlertSite } from './places';
import type { RuleCheck } from './rule-check';
import { changedRules, type AlertRulesStore } from './rules-store';

/** Most alerts one `alerts:list` answer carries (the counts still cover all). */
export const MAX_LISTED_ALERTS = 10_000;

export interface AlertServiceOptions {
  profileId(): string;
  /** True when the active profile is the built-in demo (its default schedule differs). */
  demo(): boolean;
  store(): OfflineStore;
  rules: AlertRulesStore;
  emit: EventSink;
  /** The shell's desktop notifications, when it has any. */
  notify?: (notification: DesktopNotification) => void;
  now?: () => Date;
  log?: (line: string) => void;
  /**
   * The site a machine is on, for the list being evaluated (so the sites' presence must be
   * updated from a list before its alerts are evaluated). Default: no sites.
   */
  siteOf?: (assetId: string) => AlertSite | null;
  /** The site standing for a `geo-regions` code, whose name alerts then use. Default: none. */
  siteForRegion?: (code: string) => { name: string } | null;
  /** Whether the branch has any site (off-site alerts need sites). Default: no. */
  hasSites?: () => boolean;
  /** The dispatcher's name written with each acknowledgement made on this desk. */
  dispatcher?: () => string | null;
  /** Acknowledgements made on this desk, after they are logged (a dispatch room shares them). */
  onAcknowledged?: (profileId: string, acks: ConditionAcknowledgement[]) => void;
  /** Rules changed on this desk, after they are saved (a dispatch room shares them). */
  onRulesChanged?: (profileId: string, fields: AlertRuleField[]) => void;
}

interface ProfileAlerts {
  profileId: string;
  log: AlertLog;
  /** Open alerts by asset id, as in the log. */
  open: Map<string, OpenAlert[]>;
  /** Per rule, the assets with an open alert of it. */
  openByRule: Map<AlertRuleKind, Set<string>>;
  /** The list the next evaluation compares with (the last fresh list, or the cache at start), by id. */
  previous: Map<string, Asset> | null;
  /** When `previous` was fetched, so an older list never replaces a newer one. */
  previousAt: string | null;
  /** The rules `previous` was evaluated with (null: not evaluated in this run, or its write failed). */
  evaluatedWith: string | null;
  /** When time alone raises an alert for an asset of `previous` (no report for N minutes). */
  deadlines: Deadlines;
  /**
   * The checks of the current rules, kept from one evaluation to the next: optimised code
   * that saw checks made per evaluation is thrown away once those are collected.
   */
  checks: { rulesKey: string; list: RuleCheck[] } | null;
  /** The site each machine was on when the site rule last looked (in memory for the run). */
  sites: SiteMemory;
}

export class AlertService {
  private readonly byStore = new WeakMap<OfflineStore, ProfileAlerts>();
  /** The last small change the refresh announced: which assets changed between two lists. */
  private lastChange: AssetChange | null = null;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;
  private readonly places: AlertPlaces;

  constructor(private readonly options: AlertServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.error(scrubSecrets(line)));
    this.places = {
      siteOf: options.siteOf ?? (() => null),
      siteForRegion: options.siteForRegion ?? (() => null),
      hasSites: options.hasSites ?? (() => false),
    };
  }

  rules(): AlertRules {
    return this.options.rules.get(this.options.profileId(), { demo: this.options.demo() });
  }

  setRules(rules: unknown): AlertRules {
    const profileId = this.options.profileId();
    const previous = this.rules();
    const saved = this.options.rules.set(profileId, rules, { by: this.options.dispatcher?.() ?? null, at: this.now().toISOString(), previous });
    const fields = changedRules(previous, saved);
    if (fields.length > 0) this.options.onRulesChanged?.(profileId, fields);
    return saved;
  }

  /** Told of every 'assets:changed' announcement, so an evaluation need not find the changed assets again. */
  noteChange(change: AssetChange): void {
    this.lastChange = change;
  }

  /** The list shown from the cache at start or after a switch: what the first fresh list is compared with. */
  baseline(snapshot: AssetSnapshot | null): void {
    if (!snapshot) return;
    const state = this.state();
    if (!state || snapshot.profileId !== state.profileId) return;
    if (state.previousAt !== null && state.previousAt >= snapshot.fetchedAt) return;
    state.previous = byId(snapshot.assets);
    state.previousAt = snapshot.fetchedAt;
    state.evaluatedWith = null;
  }

  /**
   * Evaluates a list the refresh just fetched. Cached lists are ignored: an offline
   * app raises nothing (no "stale" storm because our own connection dropped).
   */
  evaluate(snapshot: AssetSnapshot): AlertRecord[] {
    if (snapshot.source !== 'network' || snapshot.profileId !== this.options.profileId()) return [];
    const state = this.state();
    if (!state) return [];
    const fetchedAt = Date.parse(snapshot.fetchedAt);
    const now = Number.isNaN(fetchedAt) ? this.now().getTime() : fetchedAt;
    const rules = this.rules();
    const rulesKey = JSON.stringify(rules);
    if (state.checks?.rulesKey !== rulesKey) state.checks = { rulesKey, list: ruleChecks(rules, now, this.places, state.sites) };
    const checks = state.checks.list;
    for (const check of checks) check.prepare(now);
    const change = this.changeSince(state, rulesKey, snapshot);
    const worth = change ? this.worthChecking(state, checks, change, now) : [];
    const { raise, clear } = change
      ? evaluateAlerts({
          checks,
          assets: worth,
          previous: state.previous,
          open: state.open,
          now,
          unchanged: new AnnouncedChange(new Set(change.changed.map((asset) => asset.assetId))),
          partial: { removed: change.removed },
        })
      : evaluateAlerts({ checks, assets: snapshot.assets, previous: state.previous, open: state.open, now });
    let raised: AlertRecord[] = [];
    if (raise.length > 0 || clear.length > 0) {
      // Until this is written, the previous list does not stand for what the log holds.
      state.evaluatedWith = null;
      const written = state.log.record({ clear, raise });
      raised = written.raised;
      forgetCleared(state, clear);
      for (const alert of written.opened) addOpen(state, alert);
    }
    if (change && state.previous) {
      for (const asset of change.changed) state.previous.set(asset.assetId, asset);
      for (const assetId of change.removed) state.previous.delete(assetId);
      for (const asset of change.changed) state.deadlines.set(asset.assetId, raisesAt(checks, asset, now));
      // An unchanged asset checked because its time came (or working hours began) gets its
      // next time: no report may have come before working hours end, or hours may end again.
      for (const asset of worth) if (!state.deadlines.has(asset.assetId)) state.deadlines.set(asset.assetId, raisesAt(checks, asset, now));
      for (const assetId of change.removed) state.deadlines.delete(assetId);
    } else {
      state.previous = byId(snapshot.assets);
      state.deadlines.clear();
      for (const asset of snapshot.assets) state.deadlines.set(asset.assetId, raisesAt(checks, asset, now));
    }
    state.previousAt = snapshot.fetchedAt;
    state.evaluatedWith = rulesKey;
    if (raised.length > 0) {
      // Built once: the event carries them to the web shell, `notify` to Electron.
      const notifications = rules.quiet ? [] : notificationsFor(raised);
      this.options.emit('alerts:new', { profileId: state.profileId, alerts: raised, notifications });
      this.announceCounts();
      this.notify(notifications);
    } else if (clear.length > 0) this.announceCounts();
    return raised;
  }

  list(query: AlertQuery): AlertList {
    const state = this.requireState();
    return { ...this.countsOf(state), alerts: state.log.list(query, MAX_LISTED_ALERTS) };
  }

  /** Every shown alert matching the query, newest first (for the CSV export). */
  all(query: AlertQuery): AlertRecord[] {
    return this.requireState().log.list(query, Number.MAX_SAFE_INTEGER);
  }

  acknowledge(ids: readonly number[] | 'all', note: string | null = null): AlertCounts {
    const state = this.requireState();
    const at = this.now().toISOString();
    const by = this.options.dispatcher?.() ?? null;
    const changed = state.log.acknowledge(ids, at, { by, note });
    const counts = this.countsOf(state);
    if (changed > 0) {
      this.options.emit('alerts:counts', counts);
      const onAcknowledged = this.options.onAcknowledged;
      if (onAcknowledged) {
        const made = state.log.acknowledgements(MAX_LISTED_ALERTS).filter((a) => a.at === at && a.by === by);
        onAcknowledged(state.profileId, made);
      }
    }
    return counts;
  }

  /**
   * An acknowledgement another desk made (through the dispatch room): the alert of its
   * condition shows that desk's name, time and note. False when this desk logs no such
   * alert (yet) or already showed it so.
   */
  adoptAcknowledgement(profileId: string, ack: ConditionAcknowledgement, options: { orOpen?: boolean } = {}): boolean {
    const state = this.state();
    if (!state || state.profileId !== profileId) return false;
    const changed = state.log.adoptAcknowledgement(ack, options);
    if (changed) this.options.emit('alerts:counts', this.countsOf(state));
    return changed;
  }

  /** The acknowledgements logged on this desk for the profile, newest first (published when a room is joined again). */
  acknowledgements(profileId: string): ConditionAcknowledgement[] {
    const state = this.state();
    if (!state || state.profileId !== profileId) return [];
    return state.log.acknowledgements(MAX_LISTED_ALERTS);
  }

  counts(): AlertCounts {
    return this.countsOf(this.requireState());
  }

  /** Announces the active profile's counts (start, profile switch, log replaced). */
  announceCounts(): void {
    try {
      const state = this.state();
      if (state) this.options.emit('alerts:counts', this.countsOf(state));
    } catch (err) {
      this.log(`Fleet Desk: counting alerts failed: ${describe(err)}`);
    }
  }

  /** Deletes cleared alerts older than the retention (open ones stay: they would be raised again). */
  prune(retentionDays: number): void {
    try {
      this.state()?.log.prune(retentionDays, this.now());
    } catch (err) {
      this.log(`Fleet Desk: pruning old alerts failed: ${describe(err)}`);
    }
  }

  /**
   * The refresh's own announcement of what changed since the list last evaluated, when
   * there is one and the rules are the same as then: a periodic refresh changes a few per
   * cent of 10,000 assets, and only those (and the ones time may affect) need a look.
   */
  private changeSince(state: ProfileAlerts, rulesKey: string, snapshot: AssetSnapshot): AssetChange | null {
    const change = this.lastChange;
    if (state.evaluatedWith !== rulesKey || !state.previous || !change) return null;
    if (change.profileId !== state.profileId || change.baseFetchedAt !== state.previousAt || change.fetchedAt !== snapshot.fetchedAt) return null;
    return change;
  }

  /**
   * The assets a partial evaluation looks at: the changed ones, those whose time to raise
   * has come, and those with an open alert that time can clear (after hours).
   */
  private worthChecking(state: ProfileAlerts, checks: readonly RuleCheck[], change: AssetChange, now: number): Asset[] {
    const picked = new Map<string, Asset>();
    for (const asset of change.changed) picked.set(asset.assetId, asset);
    const previous = state.previous!;
    const add = (assetId: string): void => {
      if (picked.has(assetId)) return;
      const asset = previous.get(assetId);
      if (asset) picked.set(assetId, asset);
    };
    for (const assetId of state.deadlines.due(now)) add(assetId);
    for (const check of checks) {
      if ((check.timeCan !== 'clear' && check.timeCan !== 'both') || check.timeMayClear?.() === false) continue;
      for (const assetId of state.openByRule.get(check.rule) ?? []) add(assetId);
    }
    for (const assetId of change.removed) picked.delete(assetId);
    return [...picked.values()];
  }

  private countsOf(state: ProfileAlerts): AlertCounts {
    return { profileId: state.profileId, ...state.log.counts() };
  }

  private notify(notifications: readonly DesktopNotification[]): void {
    const notify = this.options.notify;
    if (!notify) return;
    for (const notification of notifications) {
      try {
        notify(notification);
      } catch (err) {
        this.log(`Fleet Desk: a desktop notification failed: ${describe(err)}`);
        return;
      }
    }
  }

  private requireState(): ProfileAlerts {
    const state = this.state();
    if (!state) throw new FleetError('storage', 'The alert log of this profile could not be opened.');
    return state;
  }

  /** The alerts of the active store, opened on first use (a store that cannot keep alerts gets a log in memory). */
  private state(): ProfileAlerts | null {
    const store = this.options.store();
    const known = this.byStore.get(store);
    if (known) return known;
    const profileId = this.options.profileId();
    let log: AlertLog;
    let openAlerts: OpenAlert[];
    try {
      log = store.alertLog?.() ?? openMemoryAlertLog(profileId);
      openAlerts = log.openAlerts();
    } catch (err) {
      this.log(`Fleet Desk: the alert log of ${profileId} could not be read; alerts are kept in memory for this run (${describe(err)}).`);
      log = openMemoryAlertLog(profileId);
      openAlerts = [];
    }
    const state: ProfileAlerts = {
      profileId,
      log,
      open: new Map(),
      openByRule: new Map(),
      previous: null,
      previousAt: null,
      evaluatedWith: null,
      deadlines: new Deadlines(),
      checks: null,
      sites: new SiteMemory(),
    };
    for (const alert of openAlerts) addOpen(state, alert);
    this.byStore.set(store, state);
    return state;
  }
}

// Classes rather than closures: optimised code that calls a closure made per evaluation is
// thrown away by the next garbage collection; a method of a class stays.

/** Unchanged: not named by the refresh's change announcement (an asset new to the list is named). */
class AnnouncedChange implements UnchangedAssets {
  constructor(private readonly changed: ReadonlySet<string>) {}

  isUnchanged(asset: Asset): boolean {
    return !this.changed.has(asset.assetId);
  }
}

function byId(assets: readonly Asset[]): Map<string, Asset> {
  const map = new Map<string, Asset>();
  for (const asset of assets) map.set(asset.assetId, asset);
  return map;
}

/** When time alone raises an alert for this asset (the earliest of the checks that can), NaN: never. */
function raisesAt(checks: readonly RuleCheck[], asset: Asset, now: number): number {
  let at = Number.NaN;
  for (const check of checks) {
    if ((check.timeCan !== 'raise' && check.timeCan !== 'both') || !check.raisesAt) continue;
    const t = check.raisesAt(asset);
    if (t > now && !(t >= at)) at = t;
  }
  return at;
}

function addOpen(state: ProfileAlerts, alert: OpenAlert): void {
  const list = state.open.get(alert.assetId);
  if (list) list.push(alert);
  else state.open.set(alert.assetId, [alert]);
  let assets = state.openByRule.get(alert.rule);
  if (!assets) state.openByRule.set(alert.rule, (assets = new Set()));
  assets.add(alert.assetId);
}

function forgetCleared(state: ProfileAlerts, cleared: readonly { id: number; assetId: string }[]): void {
  for (const { id, assetId } of cleared) {
    const list = state.open.get(assetId);
    if (!list) continue;
    const gone = list.find((a) => a.id === id);
    if (!gone) continue;
    const kept = list.filter((a) => a !== gone);
    if (kept.length === 0) state.open.delete(assetId);
    else state.open.set(assetId, kept);
    if (!kept.some((a) => a.rule === gone.rule)) state.openByRule.get(gone.rule)?.delete(assetId);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
