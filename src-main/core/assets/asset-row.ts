/**
 * The row the renderer holds of one asset (contract AssetRow): built once per asset and
 * refresh (only for new or changed assets, see AssetRepository), so the renderer keeps
 * a few numbers per asset instead of every metric with its provenance.
 */
import { AGED_READINGS, isOldReading, LIGHT_RUNTIME_METRIC, POPUP_READINGS, ROW_INPUTS, ROW_METRICS, ROW_READINGS, type Asset, type AssetRow, type Metric, type ReadingKind } from '../../contract';
import { parseIsoTimestamp } from './timestamps';

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** Collected time (ms) of a kept metric; null when absent (kept metrics have valid ISO times). */
function collectedAt(metric: Metric | undefined): number | null {
  if (!metric) return null;
  const at = parseIsoTimestamp(metric.meta.collectedOn);
  return Number.isNaN(at) ? null : at;
}

function usablePosition(value: unknown): { lat: number; lng: number } | null {
  if (!value || typeof value !== 'object') return null;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  const la = finite(lat);
  const ln = finite(lng);
  if (la === null || ln === null || Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
  return { lat: la, lng: ln };
}

function regionsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const regions = value.filter((r): r is string => typeof r === 'string' && r.trim() !== '');
  return regions.length > 0 ? regions : undefined;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A reading's value as the row keeps it: of the kind its field holds, else null. */
function valueOfKind(kind: ReadingKind, value: unknown): number | boolean | string | null {
  return kind === 'boolean' ? bool(value) : kind === 'text' ? text(value) : finite(value);
}

/** The longest lamp runtime (ms) the asset reports; a negative or non-numeric one does not count. */
function longestLamp(metrics: Record<string, Metric>): number | null {
  let longest: number | null = null;
  for (const key of Object.keys(metrics)) {
    if (!LIGHT_RUNTIME_METRIC.test(key)) continue;
    const ms = finite(metrics[key]?.value);
    if (ms !== null && ms >= 0 && (longest === null || ms > longest)) longest = ms;
  }
  return longest;
}

/** Inputs 1–4 as marks ('1' on, '0' off, '-' not reported), or null when none is reported as on or off. */
function inputMarks(metrics: Record<string, Metric>): string | null {
  const marks = ROW_INPUTS.map((key) => {
    const on = bool(metrics[key]?.value);
    return on === null ? '-' : on ? '1' : '0';
  }).join('');
  return /[01]/.test(marks) ? marks : null;
}

/**
 * The version of what `assetRow` builds. The offline store keeps rows next to the full
 * records (for a cold start) and rebuilds them when this differs from the one they were
 * written with: raise it whenever a row of the same asset would come out different.
 */
export const ASSET_ROW_FORMAT = 2;

const built = new WeakMap<Asset, AssetRow>();

/**
 * The row of an asset, built once per asset object: the repository (for the renderer) and
 * the offline store (for its rows) ask for the same changed assets in one refresh. Assets
 * are never changed after the normalizer builds them, so keying by the object stays true.
 */
export function rowOfAsset(asset: Asset): AssetRow {
  let row = built.get(asset);
  if (!row) built.set(asset, (row = assetRow(asset)));
  return row;
}

export function assetRow(asset: Asset): AssetRow {
  const m = asset.metrics;
  const updatedAt = asset.lastUpdate === null ? null : parseIsoTimestamp(asset.lastUpdate);
  const newest = updatedAt === null || Number.isNaN(updatedAt) ? null : updatedAt;
  const gps = usablePosition(m?.gps?.value);
  const row: AssetRow = {
    assetId: asset.assetId,
    type: asset.type,
    name: asset.name,
    updatedAt: newest,
    lat: gps ? gps.lat : null,
    lng: gps ? gps.lng : null,
    gpsAt: gps ? collectedAt(m?.gps) : null,
    // Every reading field starts empty; ROW_READINGS says which metric fills it, below.
    fuel: null,
    fuelAt: null,
    ignition: null,
    ignitionAt: null,
    inMotion: null,
    speed: null,
    speedAt: null,
    heading: null,
    engineMs: null,
    engineAt: null,
    odometerCm: null,
    odometerAt: null,
    altitude: null,
    battery: null,
    deviceBattery: null,
    cabTemperature: null,
    signalStrength: null,
    timeZone: null,
    lightsMs: m ? longestLamp(m) : null,
    inputs: m ? inputMarks(m) : null,
    issues: asset.issues,
  };
  const fields = row as unknown as Record<string, unknown>;
  for (const key of ROW_METRICS) {
    const reading = ROW_READINGS[key];
    if (reading.kind === 'position') continue;
    fields[reading.value] = valueOfKind(reading.kind, m?.[key]?.value);
    if (reading.at !== null) fields[reading.at] = collectedAt(m?.[key]);
  }
  if (asset.serialNumber !== undefined) row.serialNumber = asset.serialNumber;
  if (asset.category !== undefined) row.category = asset.category;
  if (!m) return row;
  if (newest !== null) {
    const old = AGED_READINGS.filter((key) => isOldReading(collectedAt(m[key]), newest));
    if (old.length > 0) row.old = old;
  }
  const regions = regionsOf(m['geo-regions']?.value);
  if (regions) row.regions = regions;
  for (const key of POPUP_READINGS) {
    if (!(key in m) || valueOfKind(ROW_READINGS[key].kind, m[key]?.value) !== null) continue;
    (row.odd ??= {})[key] = m[key]?.value ?? null;
  }
  return row;
}
