/**
 * The asset list on its way from the core's worker to the page, kept small for the cold start: the
 * rows as columns, one array per AssetRow field, instead of one object per asset. The
 * field names are written once instead of once per asset, and the readings' times as
 * milliseconds from the row's `updatedAt` (mostly a few digits): less than half the bytes
 * of one object per asset (docs/performance.md), and the page parses arrays of plain values. The worker writes
 * it (`snapshotToWire`) for the 'assets' event and the `assets:get` answer; the page reads
 * it in one place (`snapshotFromWire`, in src-renderer/src/lib/bridge.ts), which also
 * takes the plain snapshot a core on the same thread sends. The stored rows and every
 * other message keep the AssetRow objects.
 */
import type { AssetRow, AssetRowSnapshot, AssetType, ValueIssue } from './assets';

export const ROW_COLUMNS_FORM = 'asset-row-columns/1';

/** A reading's time: ms from the row's `updatedAt`, or as text when there is nothing to count from. */
type WireTime = number | string | null;

export interface AssetRowColumns {
  form: typeof ROW_COLUMNS_FORM;
  assetId: string[];
  type: AssetType[];
  name: string[];
  /** Absent optional fields are null. */
  serialNumber: (string | null)[];
  category: (string | null)[];
  updatedAt: (number | null)[];
  lat: (number | null)[];
  lng: (number | null)[];
  gpsAt: WireTime[];
  fuel: (number | null)[];
  fuelAt: WireTime[];
  ignition: (boolean | null)[];
  ignitionAt: WireTime[];
  inMotion: (boolean | null)[];
  speed: (number | null)[];
  speedAt: WireTime[];
  heading: (number | null)[];
  engineMs: (number | null)[];
  engineAt: WireTime[];
  odometerCm: (number | null)[];
  odometerAt: WireTime[];
  altitude: (number | null)[];
  battery: (number | null)[];
  deviceBattery: (number | null)[];
  cabTemperature: (number | null)[];
  signalStrength: (number | null)[];
  timeZone: (string | null)[];
  lightsMs: (number | null)[];
  inputs: (string | null)[];
  /** An asset without issues has 0 (most of them). */
  issues: (ValueIssue[] | 0)[];
  old: (string[] | null)[];
  regions: (string[] | null)[];
  odd: (Record<string, unknown> | null)[];
}

/** The snapshot as it travels: the same, with its rows as columns. */
export type AssetRowSnapshotWire = Omit<AssetRowSnapshot, 'assets'> & { assets: AssetRowColumns };

const TIME_FIELDS = ['gpsAt', 'fuelAt', 'ignitionAt', 'speedAt', 'engineAt', 'odometerAt'] as const;
const PLAIN_FIELDS = [
  'assetId', 'type', 'name', 'updatedAt', 'lat', 'lng', 'fuel', 'ignition', 'inMotion', 'speed', 'heading', 'engineMs', 'odometerCm',
  'altitude', 'battery', 'deviceBattery', 'cabTemperature', 'signalStrength', 'timeZone', 'lightsMs', 'inputs',
] as const;
const OPTIONAL_FIELDS = ['serialNumber', 'category', 'old', 'regions', 'odd'] as const;
const COLUMNS = [...PLAIN_FIELDS, ...TIME_FIELDS, ...OPTIONAL_FIELDS, 'issues'] as const;

/**
 * Exact both ways: a difference of two safe integers is exact, and any other time goes as
 * the text JavaScript writes for it, which reads back as the same number.
 */
function timeToWire(at: number | null, base: number | null): WireTime {
  if (at === null) return null;
  return base !== null && Number.isSafeInteger(at) && Number.isSafeInteger(base) ? at - base : String(at);
}

function timeFromWire(at: WireTime, base: number | null): number | null {
  if (at === null) return null;
  return typeof at === 'string' ? Number(at) : base === null ? at : base + at;
}

export function rowsToColumns(rows: readonly AssetRow[]): AssetRowColumns {
  const column = <T>(pick: (row: AssetRow) => T): T[] => rows.map(pick);
  return {
    form: ROW_COLUMNS_FORM,
    assetId: column((r) => r.assetId),
    type: column((r) => r.type),
    name: column((r) => r.name),
    serialNumber: column((r) => r.serialNumber ?? null),
    category: column((r) => r.category ?? null),
    updatedAt: column((r) => r.updatedAt),
    lat: column((r) => r.lat),
    lng: column((r) => r.lng),
    gpsAt: column((r) => timeToWire(r.gpsAt, r.updatedAt)),
    fuel: column((r) => r.fuel),
    fuelAt: column((r) => timeToWire(r.fuelAt, r.updatedAt)),
    ignition: column((r) => r.ignition),
    ignitionAt: column((r) => timeToWire(r.ignitionAt, r.updatedAt)),
    inMotion: column((r) => r.inMotion),
    speed: column((r) => r.speed),
    speedAt: column((r) => timeToWire(r.speedAt, r.updatedAt)),
    heading: column((r) => r.heading),
    engineMs: column((r) => r.engineMs),
    engineAt: column((r) => timeToWire(r.engineAt, r.updatedAt)),
    odometerCm: column((r) => r.odometerCm),
    odometerAt: column((r) => timeToWire(r.odometerAt, r.updatedAt)),
    altitude: column((r) => r.altitude),
    battery: column((r) => r.battery),
    deviceBattery: column((r) => r.deviceBattery),
    cabTemperature: column((r) => r.cabTemperature),
    signalStrength: column((r) => r.signalStrength),
    timeZone: column((r) => r.timeZone),
    lightsMs: column((r) => r.lightsMs),
    inputs: column((r) => r.inputs),
    issues: column((r) => (r.issues.length === 0 ? 0 : r.issues)),
    old: column((r) => r.old ?? null),
    regions: column((r) => r.regions ?? null),
    odd: column((r) => r.odd ?? null),
  };
}

/** Why columns cannot be read, for the person who sees it; null when they can. */
function unreadable(columns: AssetRowColumns): string | null {
  const n = Array.isArray(columns.assetId) ? columns.assetId.length : -1;
  for (const key of COLUMNS) {
    const values = (columns as unknown as Record<string, unknown>)[key];
    if (!Array.isArray(values)) return `its "${key}" column is missing`;
    if (values.length !== n) return `its "${key}" column has ${values.length} values for ${n} assets`;
  }
  return null;
}

/** The rows the columns stand for, each with the fields and field order `assetRow` (core) gives. */
export function rowsFromColumns(columns: AssetRowColumns): AssetRow[] {
  const problem = unreadable(columns);
  if (problem) throw new Error(`Fleet Desk's main side sent an asset list the page cannot read (${problem}); the list shown stays as it was.`);
  const c = columns;
  const rows = new Array<AssetRow>(c.assetId.length);
  for (let i = 0; i < rows.length; i++) {
    const base = c.updatedAt[i];
    const issues = c.issues[i];
    const row: AssetRow = {
      assetId: c.assetId[i],
      type: c.type[i],
      name: c.name[i],
      updatedAt: base,
      lat: c.lat[i],
      lng: c.lng[i],
      gpsAt: timeFromWire(c.gpsAt[i], base),
      fuel: c.fuel[i],
      fuelAt: timeFromWire(c.fuelAt[i], base),
      ignition: c.ignition[i],
      ignitionAt: timeFromWire(c.ignitionAt[i], base),
      inMotion: c.inMotion[i],
      speed: c.speed[i],
      speedAt: timeFromWire(c.speedAt[i], base),
      heading: c.heading[i],
      engineMs: c.engineMs[i],
      engineAt: timeFromWire(c.engineAt[i], base),
      odometerCm: c.odometerCm[i],
      odometerAt: timeFromWire(c.odometerAt[i], base),
      altitude: c.altitude[i],
      battery: c.battery[i],
      deviceBattery: c.deviceBattery[i],
      cabTemperature: c.cabTemperature[i],
      signalStrength: c.signalStrength[i],
      timeZone: c.timeZone[i],
      lightsMs: c.lightsMs[i],
      inputs: c.inputs[i],
      issues: issues === 0 ? [] : issues,
    };
    const serialNumber = c.serialNumber[i];
    if (serialNumber !== null) row.serialNumber = serialNumber;
    const category = c.category[i];
    if (category !== null) row.category = category;
    const old = c.old[i];
    if (old !== null) row.old = old;
    const regions = c.regions[i];
    if (regions !== null) row.regions = regions;
    const odd = c.odd[i];
    if (odd !== null) row.odd = odd;
    rows[i] = row;
  }
  return rows;
}

export function snapshotToWire(snapshot: AssetRowSnapshot): AssetRowSnapshotWire {
  return { ...snapshot, assets: rowsToColumns(snapshot.assets) };
}

function isWire(value: unknown): value is AssetRowSnapshotWire {
  if (typeof value !== 'object' || value === null) return false;
  const assets = (value as { assets?: unknown }).assets;
  return typeof assets === 'object' && assets !== null && (assets as { form?: unknown }).form === ROW_COLUMNS_FORM;
}

/**
 * The snapshot a message carries: rows read from columns, or the plain snapshot (or null)
 * as it came. Throws, with a message for the dispatcher, when the columns cannot be read.
 */
export function snapshotFromWire(value: AssetRowSnapshot | AssetRowSnapshotWire | null): AssetRowSnapshot | null {
  if (!isWire(value)) return value;
  return { ...value, assets: rowsFromColumns(value.assets) };
}
