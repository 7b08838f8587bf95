/**
 * Alerts for the active profile: evaluates the rules on every fresh asset list (never on
 * the cache, never offline), keeps the log in the profile's offline store (in memory when
 * the store cannot keep it), and announces new alerts, counts and desktop notifications.
 *
 * The open alerts of a store are read once and then kept in step with every write, so an
 * evaluation of 10,000 assets touches the database only for what changed.
 */
import type { AlertCounts, AlertList, AlertQuery, AlertRecord, AlertRules, Asset, AssetChange, AssetSnapshot, EventSink } from '../../contract';
import { FleetError, scrubSecrets } from '../errors';
import type { AlertLog, DesktopNotification, OfflineStore, OpenAlert } from '../ports';
import { MemoryAlertLog } from '../store/alert-log';
import { fingerprintsOf } from '../store/asset-fingerprint';
import { evaluateAlerts, ruleChecks, type UnchangedAssets } from './evaluate';
import { notificationsFor } from './notifications';
import type { RuleCheck } from './rule-check';
import type { AlertRulesStore } from './rules-store';

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
}

interface ProfileAlerts {
  profileId: string;
  log: AlertLog;
  /** Open alerts by asset id, as in the log. */
  open: Map<string, OpenAlert[]>;
  /** The list the next evaluation compares with (the last fresh list, or the cache at start). */
  previous: ReadonlyMap<string, Asset> | null;
  previousAssets: readonly Asset[] | null;
  /** When `previous` was fetched, so an older list never replaces a newer one. */
  previousAt: string | null;
  /** The rules `previous` was evaluated with (null: not evaluated in this run, or its write failed). */
  evaluatedWith: string | null;
  /**
   * The checks of the current rules, kept from one evaluation to the next: optimised code
   * that saw checks made per evaluation is thrown away once those are collected.
   */
  checks: { rulesKey: string; list: RuleCheck[] } | null;
}

export class AlertService {
  private readonly byStore = new WeakMap<OfflineStore, ProfileAlerts>();
  /** The last small change the refresh announced: which assets changed between two lists. */
  private lastChange: { profileId: string; baseFetchedAt: string; fetchedAt: string; changed: Set<string> } | null = null;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;

  constructor(private readonly options: AlertServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.error(scrubSecrets(line)));
  }

  rules(): AlertRules {
    return this.options.rules.get(this.options.profileId(), { demo: this.options.demo() });
  }

  setRules(rules: unknown): AlertRules {
    return this.options.rules.set(this.options.profileId(), rules);
  }

  /** Told of every 'assets:changed' announcement, so an evaluation need not find the changed assets again. */
  noteChange(change: AssetChange): void {
    this.lastChange = {
      profileId: change.profileId,
      baseFetchedAt: change.baseFetchedAt,
      fetchedAt: change.fetchedAt,
      changed: new Set(change.changed.map((asset) => asset.assetId)),
    };
  }

  /** The list shown from the cache at start or after a switch: what the first fresh list is compared with. */
  baseline(snapshot: AssetSnapshot | null): void {
    if (!snapshot) return;
    const state = this.state();
    if (!state || snapshot.profileId !== state.profileId) return;
    if (state.previousAt !== null && state.previousAt >= snapshot.fetchedAt) return;
    state.previous = byId(snapshot.assets);
    state.previousAssets = snapshot.assets;
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
    if (state.checks?.rulesKey !== rulesKey) state.checks = { rulesKey, list: ruleChecks(rules, now) };
    for (const check of state.checks.list) check.prepare(now);
    const { raise, clear } = evaluateAlerts({
      checks: state.checks.list,
      assets: snapshot.assets,
      previous: state.previous,
      open: state.open,
      now,
      unchanged: this.unchangedSince(state, rulesKey, snapshot),
    });
    let raised: AlertRecord[] = [];
    if (raise.length > 0 || clear.length > 0) {
      // Until this is written, the previous list does not stand for what the log holds.
      state.evaluatedWith = null;
      const written = state.log.record({ clear, raise });
      raised = written.raised;
      forgetCleared(state.open, clear);
      for (const alert of written.opened) addOpen(state.open, alert);
    }
    state.previous = byId(snapshot.assets);
    state.previousAssets = snapshot.assets;
    state.previousAt = snapshot.fetchedAt;
    state.evaluatedWith = rulesKey;
    if (raised.length > 0) this.options.emit('alerts:new', { profileId: state.profileId, alerts: raised });
    if (raised.length > 0 || clear.length > 0) this.announceCounts();
    if (raised.length > 0 && !rules.quiet) this.notify(raised);
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

  acknowledge(ids: readonly number[] | 'all'): AlertCounts {
    const state = this.requireState();
    const changed = state.log.acknowledge(ids, this.now().toISOString());
    const counts = this.countsOf(state);
    if (changed > 0) this.options.emit('alerts:counts', counts);
    return counts;
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
   * Which assets need only the time-dependent checks: those that did not change since the
   * previous list, when that list was evaluated with the same rules (a periodic refresh
   * changes a few per cent of 10,000 assets). The refresh's own change announcement says
   * which changed when it was made against the same list; otherwise fingerprints do
   * (computed once per list and shared with the store and the announcement).
   */
  private unchangedSince(state: ProfileAlerts, rulesKey: string, snapshot: AssetSnapshot): UnchangedAssets | undefined {
    if (state.evaluatedWith !== rulesKey || !state.previousAssets) return undefined;
    const change = this.lastChange;
    if (change && change.profileId === state.profileId && change.baseFetchedAt === state.previousAt && change.fetchedAt === snapshot.fetchedAt) {
      return new AnnouncedChange(change.changed);
    }
    return new SameFingerprint(fingerprintsOf(state.previousAssets), fingerprintsOf(snapshot.assets));
  }

  private countsOf(state: ProfileAlerts): AlertCounts {
    return { profileId: state.profileId, ...state.log.counts() };
  }

  private notify(raised: readonly AlertRecord[]): void {
    const notify = this.options.notify;
    if (!notify) return;
    for (const notification of notificationsFor(raised)) {
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
      log = store.alertLog?.() ?? new MemoryAlertLog(profileId);
      openAlerts = log.openAlerts();
    } catch (err) {
      this.log(`Fleet Desk: the alert log of ${profileId} could not be read; alerts are kept in memory for this run (${describe(err)}).`);
      log = new MemoryAlertLog(profileId);
      openAlerts = [];
    }
    const open = new Map<string, OpenAlert[]>();
    for (const alert of openAlerts) addOpen(open, alert);
    const state: ProfileAlerts = { profileId, log, open, previous: null, previousAssets: null, previousAt: null, evaluatedWith: null, checks: null };
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

/** Unchanged: the same fingerprint in both lists. */
class SameFingerprint implements UnchangedAssets {
  constructor(
    private readonly before: ReadonlyMap<string, string>,
    private readonly now: ReadonlyMap<string, string>,
  ) {}

  isUnchanged(asset: Asset): boolean {
    const print = this.before.get(asset.assetId);
    return print !== undefined && print === this.now.get(asset.assetId);
  }
}

function byId(assets: readonly Asset[]): Map<string, Asset> {
  const map = new Map<string, Asset>();
  for (const asset of assets) map.set(asset.assetId, asset);
  return map;
}

function addOpen(open: Map<string, OpenAlert[]>, alert: OpenAlert): void {
  const list = open.get(alert.assetId);
  if (list) list.push(alert);
  else open.set(alert.assetId, [alert]);
}

function forgetCleared(open: Map<string, OpenAlert[]>, cleared: readonly { id: number; assetId: string }[]): void {
  for (const { id, assetId } of cleared) {
    const list = open.get(assetId);
    if (!list) continue;
    const kept = list.filter((a) => a.id !== id);
    if (kept.length === 0) open.delete(assetId);
    else open.set(assetId, kept);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
