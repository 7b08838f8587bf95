/**
 * The one typed contract between the renderer and the main side.
 *
 * Every call the renderer may make (the `CALLS` table, calls.ts) and every event the
 * main side may push (`FleetEvents`) is declared here. The Electron preload, the ipcMain
 * registration, the web shell's HTTP bridge and the renderer are all typed from
 * these maps, so a mismatch is a compile error. This file holds types and a few
 * constant tables only: the renderer imports it, so it must never import Node or
 * Electron code.
 *
 * Nothing in here ever carries an access token, a refresh token or a client secret
 * towards the renderer. (`auth:pasteToken` and `profiles:save` carry secrets the
 * user typed *into* the main side; no result type has a secret field.)
 */

export { equipmentForSerial, equipmentKeys, identifierKey } from './equipment-link';
// The shared rules (valibot schemas); the data types below that the renderer sends are inferred from them.
export * from './schemas';
export * from './row-wire';
export * from './staleness';
export * from './row-fields';
export * from './metric-labels';
export * from './region-codes';
import { DEFAULT_LIST_COLUMNS } from './schemas';
import { STALE_MINUTES } from './staleness';
import type { AempVersion, AlertRuleKind, EmbedRequest, HistoryMetric, ProfileInput, Settings } from './schemas';

// ---------------------------------------------------------------- errors

export type ErrorKind =
  | 'unauthorized' // 401: token missing, expired or revoked
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'bad-request' // 400 / 414 / other 4xx the service rejected
  | 'rate-limited' // 429 (also 405/503 used as throttling by fleet feeds)
  | 'server' // 5xx
  | 'network' // connection refused, reset, DNS, body cut off
  | 'timeout'
  | 'bad-payload' // response is not what the interface says (with a JSON path)
  | 'invalid-argument' // the renderer sent something the main side refuses
  | 'keychain' // the OS keychain failed or timed out
  | 'storage' // the offline store failed
  | 'auth-flow' // sign-in failed (denied, wrong state, exchange failed, timed out)
  | 'cancelled'
  | 'offline' // needs the network and we are offline
  | 'internal';

/** A serialisable error as it crosses the contract. Never contains a secret. */
export interface AppError {
  kind: ErrorKind;
  message: string;
  /** JSON path of the fault for bad payloads, e.g. `$[3].metrics.gps.value.lng`. */
  path?: string;
  status?: number;
  retryAfterMs?: number;
}

/** Every invoke result crosses the boundary wrapped, so errors keep their kind. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

// ---------------------------------------------------------------- assets

export type AssetType = 'thing' | 'area';

export interface MetricMeta {
  collectedOn: string; // ISO 8601 UTC
  source: string;
  other: Record<string, unknown>;
}

export interface Metric {
  value: unknown;
  meta: MetricMeta;
}

export interface GpsValue {
  lat: number;
  lng: number;
}

/** A problem found in an asset that was kept (e.g. fuel 140): shown, never hidden. */
export interface ValueIssue {
  metric: string;
  path: string;
  message: string;
}

export interface Asset {
  assetId: string; // `<type>:<number>`
  type: AssetType;
  name: string;
  serialNumber?: string; // things only; may be ''
  category?: string; // things only
  /** The asset's own embed URL (entry name varies by deployment; we keep the one we found). */
  embedUrl: string | null;
  metrics: Record<string, Metric> | null;
  /** Newest `collectedOn` over all metrics, or null when there are none. */
  lastUpdate: string | null;
  issues: ValueIssue[];
}

/** An element of the asset list that could not be understood and was skipped. */
export interface SkippedAsset {
  index: number;
  assetId?: string;
  path: string;
  reason: string;
}

export interface AssetSnapshot {
  profileId: string;
  assets: Asset[];
  skipped: SkippedAsset[];
  /** When the service answered with this list (ISO). */
  fetchedAt: string;
  source: 'network' | 'cache';
}

/**
 * What the renderer holds of one asset: the fields the list (its columns, search and
 * filters), the map markers and popups and the alert rules use. The full record
 * (every metric with its provenance) is fetched with `assets:detail` when the asset is
 * selected. Times are epoch milliseconds. A reading is null when the asset has none, or
 * one of the wrong type (that value is then in `odd` when the popup shows it). Which metric
 * fills which reading field, and what it holds, is ROW_READINGS (row-fields.ts).
 */
export interface AssetRow {
  assetId: string;
  type: AssetType;
  name: string;
  serialNumber?: string;
  category?: string;
  /** Newest `collectedOn` over all metrics, or null when there are none. */
  updatedAt: number | null;
  /** A usable GPS position (finite, within ±90° / ±180°) and when it was collected; all null without one. */
  lat: number | null;
  lng: number | null;
  gpsAt: number | null;
  /** Percent as reported (may lie outside 0–100: flagged in `issues`). */
  fuel: number | null;
  fuelAt: number | null;
  ignition: boolean | null;
  ignitionAt: number | null;
  inMotion: boolean | null;
  speed: number | null;
  speedAt: number | null;
  /** Degrees as reported. */
  heading: number | null;
  /** Engine runtime in milliseconds. */
  engineMs: number | null;
  engineAt: number | null;
  /** Odometer in centimetres. */
  odometerCm: number | null;
  odometerAt: number | null;
  issues: ValueIssue[];
  /** Metric keys of the readings above that are old by isOldReading (row-fields.ts); absent when none. */
  old?: string[];
  /** The `geo-regions` codes the asset reports; absent when none. */
  regions?: string[];
  /** Popup readings (ignition, in-motion, speed, heading, fuel, odometer) present with a value of the wrong type, as sent. */
  odd?: Record<string, unknown>;
}

/** The asset list as the renderer holds it: one row per asset, in list order. */
export interface AssetRowSnapshot {
  profileId: string;
  assets: AssetRow[];
  skipped: SkippedAsset[];
  /** When the service answered with this list (ISO). */
  fetchedAt: string;
  source: 'network' | 'cache';
}

/**
 * A periodic refresh that changed little, sent instead of the whole list: applied to the
 * rows of the snapshot fetched at `baseFetchedAt`, it gives the rows fetched at `fetchedAt`.
 * A renderer holding another snapshot asks `assets:get` instead.
 */
export interface AssetRowChange {
  profileId: string;
  baseFetchedAt: string;
  fetchedAt: string;
  source: 'network' | 'cache';
  skipped: SkippedAsset[];
  /** New or changed assets' rows. */
  changed: AssetRow[];
  /** Ids in the snapshot at `baseFetchedAt` that are not in this one (always filled; empty when none left). */
  removed: string[];
  /** The new order of all ids, only when ids were added, removed or reordered. */
  order: string[] | null;
}

/**
 * The same change with whole assets, as the core works with it (the alert evaluation reads
 * it); the renderer is sent its rows (AssetRowChange).
 */
export interface AssetChange {
  profileId: string;
  baseFetchedAt: string;
  fetchedAt: string;
  source: 'network' | 'cache';
  skipped: SkippedAsset[];
  /** New or changed assets (whole). */
  changed: Asset[];
  /** Ids in the snapshot at `baseFetchedAt` that are not in this one (always filled; empty when none left). */
  removed: string[];
  /** The new order of all ids, only when ids were added, removed or reordered. */
  order: string[] | null;
}

// ---------------------------------------------------------------- embed sessions

/**
 * Longest `assets=` query sent for a map of a selection: the subset endpoint takes the ids
 * in the query string, and long request lines are refused by proxies and servers (414).
 * With ids like `thing:1234` this is about 160 assets per map.
 */
export const MAX_ASSETS_QUERY_CHARS = 1800;

export interface EmbedSession {
  id: string;
  kind: EmbedRequest['kind'];
  assetIds: string[];
  url: string;
  /** From the JWS `exp`, or requestedAt + 1 h when the URL carries none. */
  expiresAt: string;
  requestedAt: string;
}

// ---------------------------------------------------------------- status

export type ConnectionState = 'starting' | 'syncing' | 'online' | 'offline' | 'signed-out' | 'error';

export interface SyncStatus {
  profileId: string;
  state: ConnectionState;
  lastSyncAt: string | null;
  nextAttemptAt: string | null;
  /** The last error, shown once; null after a good sync. */
  error: AppError | null;
  /**
   * Why no keychain is used (sign-ins then live in memory for this run), in the words
   * every place of the UI shows; null while the keychain works.
   */
  keychainProblem: string | null;
  /** Human note on the data shown, e.g. a corrupt store that was moved aside. */
  notice: string | null;
  /**
   * Set by the main side when the core's worker stopped: what happened and what Fleet Desk
   * does about it (starting it again, or asking for a restart). Absent while the core runs.
   */
  core?: string;
}

// ---------------------------------------------------------------- profiles and sign-in

export interface Profile extends Omit<ProfileInput, 'clientSecret' | 'id' | 'embedOrigins'> {
  id: string;
  builtIn: boolean;
  hasClientSecret: boolean;
  signedIn: boolean;
  embedOrigins: string[];
  /** What Fleet Desk did to this profile on its own and why (signed it out: its address changed); gone after the next sign-in. */
  notice?: string;
}

export interface ProfilesState {
  profiles: Profile[];
  activeId: string;
}

export interface ConnectionTest {
  ok: boolean;
  message: string;
  assetCount?: number;
}

export type SignInState =
  | { state: 'idle' }
  | { state: 'waiting-for-browser'; profileId: string; authorizeUrl: string; startedAt: string }
  | { state: 'exchanging'; profileId: string }
  | { state: 'signed-in'; profileId: string }
  | { state: 'failed'; profileId: string; error: AppError };

// ---------------------------------------------------------------- settings

/** The standard OpenStreetMap tile server, the default for real profiles, and its required attribution. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/** The settings of a first run; both the main side and the renderer start from these. */
export const DEFAULT_SETTINGS: Settings = {
  refreshIntervalSec: 60,
  staleAfterMin: STALE_MINUTES.default,
  units: 'metric',
  theme: 'system',
  tileUrl: OSM_TILE_URL,
  tileAttribution: OSM_ATTRIBUTION,
  tileCacheMb: 200,
  mapShowsAll: false,
  retentionDays: 30,
  list: { filters: [], sort: 'name', descending: false, columns: [...DEFAULT_LIST_COLUMNS] },
};

// ---------------------------------------------------------------- base map

/** A place name the app draws as text over the demo map. */
export interface MapPlace {
  name: string;
  lat: number;
  lng: number;
  kind: 'city' | 'water' | 'mountain' | 'road' | 'depot' | 'site' | 'airport';
  /** Shown from this zoom level on. */
  minZoom: number;
}

/** The base map behind the asset markers, as the main side serves it (tiles go through it, cached for offline use). */
export interface BaseMap {
  /** 'demo': the demo service's own map; 'server': the tile server of the settings; 'none': a plain background. */
  kind: 'demo' | 'server' | 'none';
  /** The tile template to load ({z}/{x}/{y}): a route of the app itself, never the tile server; '' for none. */
  url: string;
  /** Shown as plain text in the map's corner. */
  attribution: string;
  /** The tile server's host, for messages ('' for the demo and none). */
  host: string;
  /** Labels to draw over the tiles (the demo map; empty for tile servers, whose tiles carry their own). */
  places: MapPlace[];
}

// ---------------------------------------------------------------- offline data

export interface TrailPoint {
  lat: number;
  lng: number;
  collectedOn: string;
}

export interface ExportResult {
  /** Where it was written (Electron) or the suggested file name (web download). */
  fileName: string;
  /** Web shell only: the file contents to offer as a download. */
  content?: string;
  mimeType: string;
  count: number;
  cancelled?: boolean;
}

// ---------------------------------------------------------------- fleet interface (AEMP)


/** One unit of the fleet feed, normalised with explicit units. */
export interface Equipment {
  equipmentId: string | null;
  serialNumber: string | null;
  vin: string | null; // PIN in AEMP 2.0
  make: string | null;
  model: string | null;
  location: { lat: number; lng: number; altitudeM: number | null; at: string | null } | null;
  operatingHours: { hours: number; at: string | null } | null;
  idleHours: { hours: number; at: string | null } | null;
  distance: { metres: number; at: string | null } | null;
  fuelUsed: { litres: number; at: string | null } | null;
  fuelRemaining: { percent: number; at: string | null } | null;
  engineRunning: { running: boolean; at: string | null } | null;
  /** The asset-list asset this unit links to (one rule: contract/equipment-link.ts), set by the core; null when none. */
  linkedAssetId: string | null;
}

export interface ParseIssue {
  path: string;
  message: string;
}

export interface AempListing {
  version: AempVersion;
  snapshotTime: string | null;
  equipment: Equipment[];
  issues: ParseIssue[];
  pages: number;
  fetchedAt: string;
  source: 'network' | 'cache';
}

export interface HistoryPoint {
  at: string;
  /** Location: lat/lng; other metrics: value in hours, metres or percent. */
  value: number | null;
  lat?: number;
  lng?: number;
}

export interface HistoryResult {
  identifier: string;
  metric: HistoryMetric;
  start: string;
  end: string;
  points: HistoryPoint[];
  issues: ParseIssue[];
  fetchedAt: string;
  source: 'network' | 'cache';
}

export interface AempProgress {
  version: AempVersion;
  page: number;
  lastPage: number | null;
  /** Machines read so far (repeats counted once). */
  equipment: number;
  /** Set while throttled: the service asked us to wait until this time. */
  waitingUntil: string | null;
  done: boolean;
}

// ---------------------------------------------------------------- alerts

/** One raised alert, as logged in the profile's offline store. */
export interface AlertRecord {
  id: number;
  profileId: string;
  assetId: string;
  assetName: string;
  rule: AlertRuleKind;
  /** What was seen, as plain text for people, e.g. "Fuel 12 % (below 15 %)". */
  message: string;
  /** The value that raised it (fuel %, minutes silent, region code, reading …). */
  value: string | number | boolean | null;
  /** When the condition began, from the data (collectedOn) where known. */
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
}

export interface AlertCounts {
  profileId: string;
  total: number;
  unacknowledged: number;
}

export interface AlertList extends AlertCounts {
  /** Newest first. */
  alerts: AlertRecord[];
}

/**
 * One desktop notification, built once by the main side: plain one-line text, already
 * grouped, capped and cleaned. Electron and the web shell show it exactly as it is.
 */
export interface AlertNotification {
  title: string;
  body: string;
  /** Replaces an older notification with the same tag instead of stacking. */
  tag: string;
  /** The asset a click selects; null when it stands for several. */
  assetId: string | null;
  /** The rule of a group, for filtering the panel on a click (null for one alert). */
  rule: AlertRuleKind | null;
}

/** Alerts raised by one evaluation (one refresh), for notifications and the panel. */
export interface NewAlerts {
  profileId: string;
  alerts: AlertRecord[];
  /** What to show on the desktop for them; empty when the profile's alerts are quiet. */
  notifications: AlertNotification[];
}

// ---------------------------------------------------------------- app

export type ShellKind = 'electron' | 'web';

export interface AppInfo {
  shell: ShellKind;
  version: string;
  platform: string;
  /** True when the active profile is the built-in demo service. */
  demo: boolean;
}

// ---------------------------------------------------------------- the maps

// The calls (name → arguments and result) are one table in calls.ts; their types come from it.
export { CALLS, INVOKE_CHANNELS } from './calls';
export type { CallArg, CallSpec, FleetInvoke, Handler, InvokeArgs, InvokeChannel, InvokeHandlers, InvokeResult } from './calls';
import type { InvokeArgs, InvokeChannel, InvokeResult } from './calls';

export interface FleetEvents {
  status: SyncStatus;
  /** The whole list as rows (a cold start, a profile switch, a large change). */
  assets: AssetRowSnapshot;
  /** A small change to the last announced rows (see AssetRowChange). */
  'assets:changed': AssetRowChange;
  'auth:state': SignInState;
  'profiles:changed': ProfilesState;
  'aemp:progress': AempProgress;
  /** Settings after any change, so every open view follows (units, tiles). */
  settings: Settings;
  /** The base map after a change of tile settings or of the active profile. */
  'map:base': BaseMap;
  /** Electron: the embed view reported its session expired (the renderer renews). */
  'embed:expired': { sessionId: string };
  /** From the application menu (Electron) or shortcuts. */
  'menu:command': { command: MenuCommand };
  /** Alerts raised by the last evaluation (never sent for an empty list). */
  'alerts:new': NewAlerts;
  /** Counts after any change (new, cleared, acknowledged, profile switch). */
  'alerts:counts': AlertCounts;
  /** Electron: a desktop notification was clicked; the renderer selects the asset (null: just show alerts). */
  'alerts:focus': { assetId: string | null };
  /**
   * Web shell: whether the page must be reloaded to open the active profile's embed maps
   * (its page policy, fixed at load, lacks their site after a profile switch or edit).
   */
  'page:reload-needed': { needed: boolean };
}

export type MenuCommand =
  | 'refresh'
  | 'focus-search'
  | 'open-branch-map'
  | 'open-selection-map'
  | 'open-settings'
  /** The connection panel: profiles (branches) and sign-in. */
  | 'open-connection'
  | 'show-aemp'
  | 'show-assets'
  /** The export choices (asset CSV, positions and trails GeoJSON). */
  | 'export';

export type EventChannel = keyof FleetEvents;

export type EventSink = <E extends EventChannel>(name: E, payload: FleetEvents[E]) => void;

/** What the renderer sees as `window.fleetDesk`, identical in both shells. */
export interface Bridge {
  invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>>;
  on<E extends EventChannel>(name: E, listener: (payload: FleetEvents[E]) => void): () => void;
}

export const EVENT_CHANNELS = [
  'status',
  'assets',
  'assets:changed',
  'auth:state',
  'profiles:changed',
  'aemp:progress',
  'settings',
  'map:base',
  'embed:expired',
  'menu:command',
  'alerts:new',
  'alerts:counts',
  'alerts:focus',
  'page:reload-needed',
] as const satisfies readonly EventChannel[];

/** Events that change the asset list: a page that missed one must ask for the list again. */
export const LIST_EVENTS = ['assets', 'assets:changed'] as const satisfies readonly EventChannel[];

/**
 * The web shell's way to tell a page that it missed list events: every answer carries
 * how many list events the shell had sent when it answered (this header), and a new event
 * socket's first message says how many it had sent when the socket joined
 * (`{ name: SOCKET_HELLO, payload: { listEvents } }`). A list answered with fewer was made
 * before events that went out before the socket joined, so no page saw them.
 */
export const LIST_EVENTS_HEADER = 'x-fleet-list-events';
export const SOCKET_HELLO = 'socket:hello';

// Compile-time check that the event table lists every event.
type Missing<All, Listed> = Exclude<All, Listed>;
export const _allEventsListed: [Missing<EventChannel, (typeof EVENT_CHANNELS)[number]>] extends [never] ? true : never = true;
