/**
 * Alerts in the renderer: the counts for the header badge, the alert log for the
 * panel's current query, the active profile's rules, and the web shell's desktop
 * notifications. The main side evaluates rules and keeps the log; this store listens
 * ('alerts:new', 'alerts:counts', 'alerts:focus', 'profiles:changed') and asks.
 * Data from the main side is held in `$state.raw` and replaced, never mutated.
 */
import * as v from 'valibot';
import { AlertAcknowledgementSchema } from '@contract';
import type { AlertCounts, AlertNotification, AlertQuery, AlertRecord, AlertRules, AppError, NewAlerts, ProfilesState, RoomSharedChange } from '@contract';
import { call, errorOf, bridge } from '../lib/bridge';
import { markAcknowledged, stillOpen } from '../lib/alerts/alert-log';
import type { NotificationApi, PermissionState } from '../lib/alerts/notifications';
import { tick } from 'svelte';
import { appEvents } from './events';
import { clock } from './clock.svelte';
import { session } from './session.svelte';
import { ui } from './ui.svelte';
import { sendAcknowledgements } from './alerts/acknowledge-calls';
import { DesktopNotifier } from './alerts/desktop-notifier.svelte';
import { exportAlertsCsv } from './alerts/export-alerts';
import { showAlertAsset } from './alerts/show-asset';

export { ACK_CHUNK } from './alerts/acknowledge-calls';

export const ALL_ALERTS: AlertQuery = { unacknowledgedOnly: false, rule: null };

export interface AlertsStoreOptions {
  /** The browser's Notification class; null where there is none. Defaults to the real one. */
  notifications?: NotificationApi | null;
  /** Brings the app's window to the front (a notification was clicked). */
  focusWindow?: () => void;
}

export class AlertsStore {
  counts = $state.raw<AlertCounts | null>(null);
  /** The log for `query`, newest first. */
  alerts = $state.raw<AlertRecord[]>([]);
  listLoaded = $state(false);
  loading = $state(false);
  query = $state.raw<AlertQuery>(ALL_ALERTS);
  rules = $state.raw<AlertRules | null>(null);
  /** The last change another desk of the room made to the rules (the open rules dialog says so). */
  sharedRuleChange = $state.raw<RoomSharedChange | null>(null);
  rulesError = $state.raw<AppError | null>(null);
  /** The last failed action (load, acknowledge, export), shown in the panel; the list stays. */
  error = $state.raw<AppError | null>(null);
  panelOpen = $state(false);
  rulesOpen = $state(false);
  /** The alert the panel's list has active (keyboard focus). */
  activeId = $state<number | null>(null);

  readonly unacknowledged: number = $derived(this.counts?.unacknowledged ?? 0);
  /** The web shell shows notifications itself; in Electron the main side does. */
  readonly notifiesHere: boolean = $derived(session.appInfo?.shell === 'web');

  readonly #notifier: DesktopNotifier;
  #unsubscribe: (() => void)[] = [];
  #seq = 0;
  #profileId: string | null = null;

  constructor(options: AlertsStoreOptions = {}) {
    this.#notifier = new DesktopNotifier(options.notifications, options.focusWindow);
  }

  /** The browser's permission for desktop notifications. */
  get permission(): PermissionState {
    return this.#notifier.permission;
  }

  /** Which Notification class and window focus to use (tests; the app keeps the browser's). */
  useNotifications(api: NotificationApi | null, focusWindow?: () => void): void {
    this.#notifier.use(api, focusWindow);
  }

  /** Listens (once) and loads the counts, the list and the rules of the active profile. */
  async init(): Promise<void> {
    if (this.#unsubscribe.length === 0) {
      const events = bridge();
      this.#unsubscribe.push(
        events.on('alerts:new', (event) => this.#onNew(event)),
        events.on('alerts:counts', (counts) => this.#onCounts(counts)),
        events.on('alerts:focus', ({ assetId }) => this.focus(assetId)),
        events.on('profiles:changed', (state) => this.#onProfiles(state)),
      );
    }
    await Promise.all([this.reload(), this.loadRules()]);
  }

  /** Stops listening and forgets everything (the store is a singleton the app re-inits). */
  dispose(): void {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    this.#seq++;
    this.#profileId = null;
    this.counts = null;
    this.alerts = [];
    this.listLoaded = false;
    this.loading = false;
    this.query = ALL_ALERTS;
    this.rules = null;
    this.sharedRuleChange = null;
    this.rulesError = null;
    this.error = null;
    this.panelOpen = false;
    this.rulesOpen = false;
    this.activeId = null;
  }

  // ------------------------------------------------------------ events

  #onCounts(counts: AlertCounts): void {
    if (this.#profileId !== null && counts.profileId !== this.#profileId) {
      this.#switchProfile(counts.profileId);
      this.counts = counts;
      return;
    }
    this.#profileId = counts.profileId;
    this.counts = counts;
    this.#listChanged();
  }

  #onProfiles(state: ProfilesState): void {
    if (this.#profileId !== null && state.activeId !== this.#profileId) this.#switchProfile(state.activeId);
  }

  #onNew(event: NewAlerts): void {
    if (this.#profileId !== null && event.profileId !== this.#profileId) return; // a late event of the previous profile
    this.#listChanged();
    this.#notify(event.notifications);
  }

  #switchProfile(profileId: string): void {
    this.#profileId = profileId;
    this.alerts = [];
    this.listLoaded = false;
    this.counts = null;
    this.rules = null;
    this.activeId = null;
    this.error = null;
    void this.reload();
    void this.loadRules();
  }

  /** The log changed: reload now when the panel shows it (opening it reloads anyway). */
  #listChanged(): void {
    if (this.panelOpen) void this.reload();
  }

  // ------------------------------------------------------------ loading

  async reload(): Promise<void> {
    const seq = ++this.#seq;
    this.loading = true;
    try {
      const { alerts, ...counts } = await call('alerts:list', this.query);
      if (seq !== this.#seq) return; // a newer query or profile answered, or will
      this.#profileId = counts.profileId;
      this.alerts = alerts;
      this.counts = counts;
      this.listLoaded = true;
      this.error = null;
    } catch (err) {
      if (seq === this.#seq) this.error = errorOf(err); // the last good list stays
    } finally {
      if (seq === this.#seq) this.loading = false;
    }
  }

  setQuery(patch: Partial<AlertQuery>): void {
    this.query = { ...this.query, ...patch };
    void this.reload();
  }

  async loadRules(): Promise<void> {
    try {
      this.rules = await call('alerts:rules');
      this.rulesError = null;
    } catch (err) {
      this.rulesError = errorOf(err);
    }
  }

  /** Another desk of the room changed the rules: they are read again, and the open dialog says what changed. */
  sharedRulesChanged(change: RoomSharedChange): void {
    this.sharedRuleChange = change;
    void this.loadRules();
  }

  /** Saves the rules; a refusal is thrown to the caller (the dialog shows it). */
  async saveRules(rules: AlertRules): Promise<void> {
    this.rules = await call('alerts:setRules', rules);
  }

  // ------------------------------------------------------------ panel

  /** Opens the panel; it lives beside the asset list and map, so the Assets view is shown. */
  openPanel(): void {
    ui.view = 'assets';
    this.panelOpen = true;
    this.#notifier.refreshPermission();
    void this.reload(); // one call; what the panel shows is never older than its opening
  }

  closePanel(): void {
    this.panelOpen = false;
  }

  /** The badge: closes the panel when it is in view, else brings it up. */
  togglePanel(): void {
    if (this.panelOpen && ui.view !== 'aemp') this.closePanel();
    else this.openPanel();
  }

  /** A notification was clicked (or Electron's was): show the alerts and select the asset. */
  focus(assetId: string | null): void {
    this.openPanel();
    // After the panel has rendered: it may have been closed until now.
    void tick().then(() => appEvents.emit('focus-alert-list'));
    if (assetId) {
      const alert = this.alerts.find((a) => a.assetId === assetId);
      if (alert) this.activeId = alert.id;
      this.showAsset(assetId, alert?.assetName);
    }
  }

  /** Selects the asset on the map and in the list, clearing a search or filter that hides it. */
  showAsset(assetId: string, name?: string): void {
    showAlertAsset(assetId, name);
  }

  // ------------------------------------------------------------ actions

  /** Acknowledges these alerts (only ones still open are sent). True when it worked. */
  async acknowledge(ids: readonly number[]): Promise<boolean> {
    const wanted = stillOpen(this.alerts, ids);
    if (wanted.length === 0) return false;
    try {
      await sendAcknowledgements(wanted);
      // Shown at once; the reload brings the log's own times (and drops them under "unacknowledged only").
      this.alerts = markAcknowledged(this.alerts, wanted, clock.now);
      void this.reload();
      return true;
    } catch (err) {
      this.error = errorOf(err);
      void this.reload(); // some chunks may have gone through
      return false;
    }
  }

  /** Acknowledges one alert; under "unacknowledged only" the next row becomes active. */
  async acknowledgeOne(id: number): Promise<boolean> {
    const index = this.alerts.findIndex((a) => a.id === id);
    const next = this.alerts[index + 1] ?? this.alerts[index - 1] ?? null;
    const ok = await this.acknowledge([id]);
    if (ok && this.query.unacknowledgedOnly && this.activeId === id) this.activeId = next?.id ?? null;
    return ok;
  }

  /**
   * Acknowledges one alert with the dispatcher's note (checked by the contract's rule first,
   * so a refused note is named and stays in the field). True when it worked.
   */
  async acknowledgeWithNote(id: number, note: string): Promise<boolean> {
    if (stillOpen(this.alerts, [id]).length === 0) return false;
    const checked = v.safeParse(AlertAcknowledgementSchema, { id, note });
    if (!checked.success) {
      this.error = { kind: 'invalid-argument', message: checked.issues[0].message };
      return false;
    }
    try {
      await call('alerts:acknowledgeWithNote', checked.output);
      this.error = null;
      void this.reload();
      return true;
    } catch (err) {
      this.error = errorOf(err);
      return false;
    }
  }

  /**
   * Acknowledges every open alert the panel shows. Ids, not 'all': an alert that arrived
   * after the list was shown has not been seen, so it stays open.
   */
  async acknowledgeShown(): Promise<boolean> {
    return this.acknowledge(this.alerts.filter((a) => a.acknowledgedAt === null).map((a) => a.id));
  }

  async exportCsv(): Promise<void> {
    try {
      await exportAlertsCsv(this.query);
      this.error = null;
    } catch (err) {
      this.error = errorOf(err);
    }
  }

  // ------------------------------------------------------------ notifications

  /** Asks the browser for permission; call only from a click (browsers ignore it otherwise). */
  requestPermission(): Promise<void> {
    return this.#notifier.requestPermission();
  }

  /** Shows what the main side built (it leaves them out when the profile's alerts are quiet). */
  #notify(notifications: readonly AlertNotification[]): void {
    if (!this.notifiesHere) return;
    this.#notifier.show(notifications, (spec) => this.#onNotificationClick(spec));
  }

  #onNotificationClick(spec: AlertNotification): void {
    if (spec.assetId) {
      this.focus(spec.assetId);
      return;
    }
    if (spec.rule) this.query = { unacknowledgedOnly: true, rule: spec.rule };
    this.focus(null);
  }
}

/** The app's one alerts store. */
export const alertsStore = new AlertsStore();
