/**
 * The seams between the core's modules. Each area (api client, offline store,
 * sign-in and profiles, fleet interface) implements the interfaces it owns here and
 * depends only on the others' interfaces, so areas can be built and tested apart and
 * wired together in `src-main/app/fleet-desk.ts`.
 */
import type { AssetRepository } from './assets/asset-repository';
import type { SavedAssetList, StoredAssetRows } from './assets/saved-asset-list';
import type { TileProvider } from './tiles/tile-service';
import type {
  AlertNotification,
  AlertQuery,
  AlertRecord,
  AlertRuleKind,
  MachineNote,
  AssetSnapshot,
  EventSink,
  HistoryMarkKind,
  ExportResult,
  InvokeHandlers,
  Settings,
  Site,
  SpeedUnit,
  ShellKind,
  TrailPoint,
} from '../contract';

// ---------------------------------------------------------------- connection and token

/** Where the active profile's service lives. */
export interface Connection {
  profileId: string;
  /** Main interface prefix, ends in `/v1` (no trailing slash). */
  baseUrl: string;
  /** Fleet (AEMP) interface prefix (no trailing slash). */
  aempUrl: string;
  demo: boolean;
  /** Origins the user allowed for embed maps besides the service's own site (see core/embed/embed-policy). */
  embedOrigins?: readonly string[];
  /** The unit the profile says its service sends speeds in (absent: not stated). */
  speedUnit?: SpeedUnit;
}

/** Gives the HTTP client the bearer token; owned by sign-in/profiles. Never logs it. */
export interface TokenSource {
  /** The current access token, or null when signed out. */
  getToken(): Promise<string | null>;
  /**
   * Called once when a request got 401. Returns true when a fresh token was obtained
   * (refresh token) and the request should be retried once; false marks the profile
   * signed out.
   */
  handleUnauthorized(): Promise<boolean>;
}

/**
 * A TokenSource that also says where its token may go. The HTTP client attaches the
 * token only to these origins and refuses any other request: credentials are pinned to their origins.
 */
export interface PinnedTokenSource extends TokenSource {
  /**
   * The origins (`scheme://host[:port]`) the current token may be sent to: the active
   * profile's base-URL and AEMP-URL origins. Read at every request, so a profile switch
   * re-pins at once.
   */
  allowedOrigins(): readonly string[];
}

// ---------------------------------------------------------------- HTTP

export interface HttpRequest {
  url: string;
  /** Accept header; default `application/json`. */
  accept?: string;
  signal?: AbortSignal;
  /** Per-attempt timeout; default 20 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt for network errors, 5xx and 429; default 3. */
  retries?: number;
  /** Extra status codes treated as throttling (fleet feeds: AEMP_THROTTLE_STATUSES in http/retry-policy). */
  throttleStatuses?: readonly number[];
  /** Most bytes of the answer read; past it the request fails naming the limit. Default MAX_RESPONSE_BYTES. */
  maxBytes?: number;
  /** Told before each wait caused by throttling or a retry, so the UI can say "waiting". */
  onWait?: (info: { until: Date; reason: 'throttled' | 'retry'; status?: number }) => void;
}

export interface HttpResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
  url: string;
}

/**
 * A GET-only client that adds `Authorization: Bearer …` (only for the token source's
 * origins), follows same-origin redirects itself and refuses others, reads at most
 * `maxBytes`, times out, retries with capped exponential backoff and jitter (honouring
 * Retry-After, never less than 5 s), and throws `FleetError` of the right kind for every
 * failure. 2xx answers resolve; so do answers whose status is in
 * `acceptStatuses` (pagination uses that for 404/400 past the last page).
 */
export interface HttpClient {
  get(request: HttpRequest & { acceptStatuses?: number[] }): Promise<HttpResponse>;
}

// ---------------------------------------------------------------- offline store

/** A stored document with the time it was fetched. */
export interface StoredDocument<T> {
  value: T;
  fetchedAt: string;
}

export type { StoredAssetRows };

/**
 * One SQLite database per connection profile. All writes are single transactions. The reads
 * of the saved list (SavedAssetList) are the asset repository's.
 */
export interface OfflineStore extends SavedAssetList {
  /** Replaces the last asset list and records every metric value observed in it. */
  saveAssetSnapshot(snapshot: AssetSnapshot): void;
  /** Observed GPS positions of one asset since a time, oldest first. */
  trail(assetId: string, sinceIso: string): TrailPoint[];
  /** Generic JSON documents (fleet listings, histories) keyed by kind + key. */
  putDocument(kind: string, key: string, value: unknown, fetchedAt: string): void;
  getDocument<T>(kind: string, key: string): StoredDocument<T> | null;
  /** Deletes observations older than the retention. */
  prune(retentionDays: number, now: Date): void;
  /** Set when the database was unreadable and moved aside on open (for the status bar). */
  readonly notice: string | null;
  /**
   * The profile's alert log, kept in this store. Absent when the store cannot keep alerts
   * (the alert service then keeps them in memory for the run).
   */
  alertLog?(): AlertLog;
  /** The profile's sites and the machines' last known presence, kept in this store. */
  siteStore?(): SiteStore;
  /** The profile's notes on machines, kept in this store; absent when it keeps none. */
  noteStore?(): NoteStore;
  /** The profile's utilization days and engine readings, kept in this store; absent when it keeps none. */
  utilization?(): UtilizationStore;
  close(): void;
}

// ---------------------------------------------------------------- notes

/** One profile's notes on machines. */
export interface NoteStore {
  list(): MachineNote[];
  /** Writes the note, or removes it when `text` is empty. */
  put(note: MachineNote): void;
}

// ---------------------------------------------------------------- sites

/** Where a machine was last seen relative to the sites, as kept between runs. */
export interface StoredPresence {
  siteId: string | null;
  since: number | null;
  sinceAtLeast: boolean;
}

/** One profile's sites and presence. Every write is one transaction. */
export interface SiteStore {
  list(): Site[];
  /** Removes, then writes, in one transaction: all of it or none. */
  change(change: { put: readonly Site[]; remove: readonly string[] }): void;
  presence(): Map<string, StoredPresence>;
  /** Writes these entries (null: forget the asset) in one transaction. */
  savePresence(entries: Iterable<readonly [string, StoredPresence | null]>): void;
}

// ---------------------------------------------------------------- utilization days

/** One machine-day of hours as fetched and cut into days (see core/utilization/). */
export interface StoredUtilizationDay {
  assetId: string;
  day: string;
  /** null: fetched, and nothing told how long the engine ran. */
  hours: number | null;
  marks: { kind: HistoryMarkKind; count: number }[];
  source: 'aemp';
  fetchedAt: string;
}

/** One machine's stored days of a range: `days[i]` had `hours[i]`; marks name their day. */
export interface StoredMachineDays {
  assetId: string;
  days: string[];
  hours: (number | null)[];
  marks: { day: string; kind: HistoryMarkKind; count: number }[];
}

/** The first and last engine-runtime reading of one machine on one UTC day. */
export interface EngineDay {
  assetId: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  firstAt: number;
  firstMs: number;
  lastAt: number;
  lastMs: number;
}

export interface UtilizationStore {
  /** Writes (or replaces) machine-days cut in `zone`, in one transaction. */
  putDays(zone: string, rows: readonly StoredUtilizationDay[]): void;
  /** Machine-days of [fromDay, toDay] cut in `zone` (rows of another zone are not returned). */
  days(fromDay: string, toDay: string, zone: string): StoredUtilizationDay[];
  /** The same, one entry per machine (the report's read: a whole fleet over months). */
  machineDays(fromDay: string, toDay: string, zone: string): StoredMachineDays[];
  /** Keeps a reading if it is the first or last of its machine's UTC day. */
  recordEngineReading(assetId: string, at: number, runtimeMs: number): void;
  engineDays(fromUtcDay: string, toUtcDay: string): EngineDay[];
}

// ---------------------------------------------------------------- alert log

/** An alert whose condition has not cleared; one per (asset, rule, key). */
export interface OpenAlert {
  id: number;
  assetId: string;
  rule: AlertRuleKind;
  /** Which condition of the rule, e.g. a region change or a threshold id; '' when the rule has one. */
  key: string;
}

export interface NewAlert {
  assetId: string;
  assetName: string;
  rule: AlertRuleKind;
  key: string;
  message: string;
  value: AlertRecord['value'];
  raisedAt: string;
}

/**
 * The alerts one evaluation raised for one asset and rule: `shown` is listed; the others are
 * logged as merged into it (tracked until they clear, never listed), so one evaluation shows at
 * most one alert per asset and rule.
 */
export interface RaisedGroup {
  shown: NewAlert;
  merged: NewAlert[];
}

/** The alert log of one profile. Every write is one transaction. */
/**
 * An acknowledgement named by the alert's condition (asset, rule, key and the time the data
 * says it began): what every desk of a room that evaluated the same list agrees on, unlike
 * each desk's own alert number.
 */
export interface ConditionAcknowledgement {
  assetId: string;
  rule: AlertRuleKind;
  key: string;
  raisedAt: string;
  at: string;
  by: string | null;
  note: string | null;
}

export interface AlertLog {
  /** False when the log lives in memory for this run only. */
  readonly persistent: boolean;
  /** Every alert whose condition has not cleared, shown or merged. */
  openAlerts(): OpenAlert[];
  /** Clears, then raises; returns the shown records raised and every alert opened. */
  record(change: { clear: readonly { id: number; clearedAt: string }[]; raise: readonly RaisedGroup[] }): { raised: AlertRecord[]; opened: OpenAlert[] };
  /** Shown alerts, newest first, at most `limit`. */
  list(query: AlertQuery, limit: number): AlertRecord[];
  counts(): { total: number; unacknowledged: number };
  /** Marks shown alerts acknowledged (once; the first time stays); returns how many changed. */
  acknowledge(ids: readonly number[] | 'all', at: string, by?: { by: string | null; note: string | null }): number;
  /**
   * Takes an acknowledgement made elsewhere (another desk of the room) for the shown alert
   * of its condition, replacing this desk's own when they differ: the first acknowledgement
   * wins. `orOpen`: when no alert began at the same time, the open alert of the same asset,
   * rule and key takes it (for an acknowledgement just made, of an alert open where it was
   * made). Returns false when no alert of that condition is logged or nothing changed.
   */
  adoptAcknowledgement(ack: ConditionAcknowledgement, options?: { orOpen?: boolean }): boolean;
  /** The acknowledged shown alerts, newest first, at most `limit`, by their condition. */
  acknowledgements(limit: number): ConditionAcknowledgement[];
  /** Deletes cleared alerts that cleared before the retention; open ones are kept. */
  prune(retentionDays: number, now: Date): void;
}

export interface StoreFactory {
  open(profileId: string): OfflineStore;
  /** Deletes a profile's database (sign-out without keeping offline data). */
  remove(profileId: string): void;
}

// ---------------------------------------------------------------- platform

/** What differs between the Electron shell and the web shell. */
export interface PlatformHooks {
  shell: ShellKind;
  version: string;
  /** Opens an http(s) URL in the system browser (web shell: the renderer opens a tab). */
  openExternal(url: string): Promise<void>;
  /**
   * Saves a file through the system save dialog. Returns the path, or null when the user
   * cancelled. Absent in the web shell: exports are returned to the renderer as downloads.
   */
  saveFile?(suggestedName: string, content: string, mimeType: string): Promise<string | null>;
  /** Electron: draws/hides the native embed view. Absent in the web shell (iframe). */
  showEmbed?(url: string, sessionId: string, bounds: { x: number; y: number; width: number; height: number }): Promise<void>;
  hideEmbed?(): Promise<void>;
  /**
   * Electron: shows a desktop notification (plain text, already grouped and trimmed by the
   * core); a click focuses the window and selects `assetId`. Absent in the web shell (the
   * renderer uses the browser's notifications from the 'alerts:new' event).
   */
  notify?(notification: DesktopNotification): void;
  /**
   * Electron: prints the app's own page (its print layout) to a PDF where the user chooses
   * through the system save dialog. Absent in the web shell: the browser's Print saves PDFs.
   */
  printPdf?(fileName: string): Promise<ExportResult>;
}

/** A notification as the core built it (the one form both shells show). */
export type DesktopNotification = AlertNotification;

// ---------------------------------------------------------------- the context areas get

export interface CoreContext {
  readonly userDataDir: string;
  readonly platform: PlatformHooks;
  readonly emit: EventSink;
  /** The active profile's connection. Changes on profile switch. */
  connection(): Connection;
  /** HTTP client bound to the active profile's token. */
  http(): HttpClient;
  /** Offline store of the active profile. */
  store(): OfflineStore;
  /** The active profile's asset list and its indexes: ask here, never re-read the store's list. */
  assets(): AssetRepository;
  settings(): Settings;
}

/** A slice of the handler table, provided by one area. */
export type HandlerGroup<C extends keyof InvokeHandlers> = Pick<InvokeHandlers, C>;

// ---------------------------------------------------------------- the assembled core

export interface FleetDeskOptions {
  /** Folder for settings, profiles (non-secret) and the offline databases. */
  userDataDir: string;
  platform: PlatformHooks;
  /** FLEET_BASE_URL, FLEET_AEMP_URL, FLEET_TOKEN …; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** The clock of refreshes and alert evaluation; tests move it. Defaults to the system clock. */
  now?: () => Date;
}

/** The whole core, as both shells see it (built by `createFleetDesk` in fleet-desk.ts). */
export interface FleetDeskCore {
  handlers: InvokeHandlers;
  /**
   * Map tiles for the shell's tile route (absent in cores without a base map, e.g. test
   * fakes). The shell tells it the route the renderer loads tiles from (web: a loopback
   * path carrying a key; Electron: a custom protocol).
   */
  tiles?: TileProvider;
  /** Adds an event listener (a shell forwards events to its renderer). */
  subscribe(sink: EventSink): () => void;
  /** Serves the cache at once, then starts the refresh schedule. */
  start(): Promise<void>;
  stop(): Promise<void>;
}
