/** The asset list: whole assets as the core keeps them, and the rows the renderer holds. */

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
  /** As reported, unit not stated by the service (for optional list columns). */
  altitude: number | null;
  battery: number | null;
  deviceBattery: number | null;
  cabTemperature: number | null;
  signalStrength: number | null;
  /** The asset's time-zone name as reported (not checked here; the list shows it as text). */
  timeZone: string | null;
  /** The longest runtime (ms) of the asset's lamps (lights1-runtime … lights4-runtime), or null without any. */
  lightsMs: number | null;
  /** Inputs 1–4 as one mark each ('1' on, '0' off, '-' not reported); null when none is reported. */
  inputs: string | null;
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
