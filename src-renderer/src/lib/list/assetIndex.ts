/**
 * The asset list's model: an index built once per snapshot (lowercase search key and
 * the facts filters need), then filtering with counts in one pass and sorting.
 * Pure functions, so 10,000 assets are cheap to test and to re-run when `now` ticks.
 */
import { type AssetRow, type ListState, type SortKey } from '@contract';
import { NO_SITES, type SiteLayer } from './siteLayer';

export interface IndexedAsset {
  asset: AssetRow;
  /** Where the row is in its index (the list view's caches refer to rows by it). */
  position: number;
  searchKey: string;
  lastUpdateMs: number | null;
  fuel: number | null;
  ignition: boolean | null;
  moving: boolean;
  hasGps: boolean;
  hasIssues: boolean;
  nameKey: string;
  categoryKey: string;
  /** Position in natural name order within its index (sorting compares these, not strings). */
  nameRank: number;
  /** The number of the asset id ("thing:10" → 10), for natural id order; null if it has none. */
  idNumber: number | null;
  serialKey: string;
  speed: number | null;
  engineMs: number | null;
  odometerCm: number | null;
  /** When the GPS position was collected (ms), for the "position age" column. */
  gpsAtMs: number | null;
}

const NO_OLD_READINGS: ReadonlySet<string> = new Set();
// Rows are replaced, never changed, so the sets can be kept per row: an unchanged row of
// the next refresh reuses its set, and only rows on screen (or in a selection summary)
// ever get one.
const oldMarks = new WeakMap<AssetRow, ReadonlySet<string>>();

/** Keys of the row's readings collected long before its newest one (the core marks them by the contract's isOldReading). */
export function oldMetricKeys(asset: AssetRow): ReadonlySet<string> {
  if (!asset.old) return NO_OLD_READINGS;
  let marks = oldMarks.get(asset);
  if (!marks) {
    marks = new Set(asset.old);
    oldMarks.set(asset, marks);
  }
  return marks;
}

export function isMoving(asset: AssetRow): boolean {
  return asset.inMotion === true || (asset.speed !== null && asset.speed > 0);
}

export function gpsOf(asset: AssetRow): { lat: number; lng: number } | null {
  return asset.lat === null || asset.lng === null ? null : { lat: asset.lat, lng: asset.lng };
}

/** The index entry of one row at `position` (its name rank is set by whoever orders the index). */
export function indexedRow(asset: AssetRow, position: number): IndexedAsset {
  const hasGps = asset.lat !== null && asset.lng !== null;
  return {
    asset,
    position,
    searchKey: `${asset.name}\u0000${asset.assetId}\u0000${asset.serialNumber ?? ''}\u0000${asset.category ?? ''}`.toLowerCase(),
    lastUpdateMs: asset.updatedAt,
    fuel: asset.fuel,
    ignition: asset.ignition,
    moving: isMoving(asset),
    hasGps,
    hasIssues: asset.issues.length > 0,
    nameKey: asset.name.toLowerCase(),
    categoryKey: (asset.category ?? '').toLowerCase(),
    nameRank: 0,
    idNumber: idNumberOf(asset.assetId),
    serialKey: (asset.serialNumber ?? '').toLowerCase(),
    speed: asset.speed,
    engineMs: asset.engineMs,
    odometerCm: asset.odometerCm,
    gpsAtMs: hasGps ? asset.gpsAt : null,
  };
}

export function indexAssets(assets: readonly AssetRow[]): IndexedAsset[] {
  const rows = assets.map(indexedRow);
  // The collator is slow: rank once per snapshot so each keystroke's sort compares numbers.
  const ordered = [...rows].sort(byNameText);
  for (let i = 0; i < ordered.length; i++) ordered[i].nameRank = i;
  return rows;
}

function idNumberOf(assetId: string): number | null {
  const colon = assetId.indexOf(':');
  const n = Number(assetId.slice(colon + 1));
  return colon > 0 && Number.isSafeInteger(n) ? n : null;
}

/** Natural asset-id order without the slow collator: areas before things, then by number. */
function byId(a: IndexedAsset, b: IndexedAsset): number {
  if (a.asset.type !== b.asset.type) return a.asset.type < b.asset.type ? -1 : 1;
  if (a.idNumber !== null && b.idNumber !== null && a.idNumber !== b.idNumber) return a.idNumber - b.idNumber;
  return a.asset.assetId < b.asset.assetId ? -1 : a.asset.assetId > b.asset.assetId ? 1 : 0;
}

export interface FilterDef {
  id: string;
  label: string;
  /** Filters of one group are OR-ed, groups are AND-ed. */
  group: string;
  /** The service's own word for what the filter picks, where it differs from ours. */
  title?: string;
}

export const FIXED_FILTERS: FilterDef[] = [
  // A dispatcher rents out equipment and sends it to places; "things" and "areas" are the service's words.
  { id: 'type:thing', label: 'Equipment', group: 'type', title: 'The service calls these things' },
  { id: 'type:area', label: 'Places', group: 'type', title: 'The service calls these areas' },
  { id: 'ignition:on', label: 'Ignition on', group: 'ignition' },
  { id: 'ignition:off', label: 'Ignition off', group: 'ignition' },
  { id: 'moving', label: 'Moving', group: 'moving' },
  { id: 'no-gps', label: 'No GPS', group: 'no-gps' },
  { id: 'stale', label: 'Stale', group: 'stale' },
  { id: 'issues', label: 'With issues', group: 'issues' },
];

export function groupOf(filterId: string): string {
  const colon = filterId.indexOf(':');
  return colon === -1 ? filterId : filterId.slice(0, colon);
}

export const STALE_FILTER = 'stale';

/** The filter ids of the asset that do not change with the time (all but "stale"). */
export function staticFilterIdsOf(row: IndexedAsset): string[] {
  const ids = [`type:${row.asset.type}`];
  if (row.asset.category) ids.push(`category:${row.asset.category}`);
  if (row.ignition === true) ids.push('ignition:on');
  if (row.ignition === false) ids.push('ignition:off');
  if (row.moving) ids.push('moving');
  if (!row.hasGps) ids.push('no-gps');
  if (row.hasIssues) ids.push('issues');
  return ids;
}

export interface ListResult {
  rows: IndexedAsset[];
  /**
   * filter id → how many assets matching the search picking it gives, with every other
   * active filter applied (its own group's other chips aside); absent means 0.
   */
  counts: Map<string, number>;
  /** Category names seen (for category chips), sorted. */
  categories: string[];
  searchMatches: number;
}

// Natural order ("Yard 75" before "Yard 725"), case-insensitive, ties broken by id.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
export const byNameText = (a: IndexedAsset, b: IndexedAsset) => collator.compare(a.asset.name, b.asset.name) || collator.compare(a.asset.assetId, b.asset.assetId);
const byName = (a: IndexedAsset, b: IndexedAsset) => a.nameRank - b.nameRank;

/** The sort value, or null when the asset has none (those always sort last). */
function sortValue(row: IndexedAsset, sort: SortKey, sites: SiteLayer): number | string | null {
  switch (sort) {
    case 'site':
      return sites.factOf(row).sortText;
    case 'siteSince': {
      // Fewest days on the site first when ascending.
      const since = sites.factOf(row).since;
      return since === null ? null : -since;
    }
    case 'lastUpdate':
      return row.lastUpdateMs;
    case 'fuel':
      return row.fuel;
    case 'category':
      return row.categoryKey === '' ? null : row.categoryKey;
    case 'type':
      return row.asset.type;
    case 'serial':
      return row.serialKey === '' ? null : row.serialKey;
    case 'speed':
      return row.speed;
    case 'engineHours':
      return row.engineMs;
    case 'odometer':
      return row.odometerCm;
    case 'positionAge':
      // Youngest position first when ascending.
      return row.gpsAtMs === null ? null : -row.gpsAtMs;
    case 'altitude':
      return row.asset.altitude;
    case 'battery':
      return row.asset.battery;
    case 'deviceBattery':
      return row.asset.deviceBattery;
    case 'cabTemperature':
      return row.asset.cabTemperature;
    case 'signal':
      return row.asset.signalStrength;
    case 'lightsHours':
      return row.asset.lightsMs;
    case 'timeZone':
      return row.asset.timeZone === null || row.asset.timeZone === '' ? null : row.asset.timeZone.toLowerCase();
    default:
      return row.nameKey;
  }
}

/** Direction flips the value order only: missing values stay last and ties stay in name order. */
export function comparator(sort: SortKey, descending: boolean, sites: SiteLayer = NO_SITES): (a: IndexedAsset, b: IndexedAsset) => number {
  if (sort === 'name') return descending ? (a, b) => -byName(a, b) : byName;
  if (sort === 'id') return descending ? (a, b) => -byId(a, b) : byId;
  return (a, b) => {
    const va = sortValue(a, sort, sites);
    const vb = sortValue(b, sort, sites);
    if (va === null || vb === null) return va === vb ? byName(a, b) : va === null ? 1 : -1;
    const c = va < vb ? -1 : va > vb ? 1 : 0;
    return (descending ? -c : c) || byName(a, b);
  };
}

/** What the list applies: the remembered filters and sort, and the search typed now. */
export type ListQuery = ListState & { search: string };

/** The order of `localeCompare`, from one collator made once (localeCompare looks one up per call). */
let categoryOrder: ((a: string, b: string) => number) | null = null;

/** The category names of the index (whatever the search), sorted. */
export function categoriesOf(index: readonly IndexedAsset[]): string[] {
  const categories = new Set<string>();
  for (const row of index) if (row.asset.category) categories.add(row.asset.category);
  categoryOrder ??= new Intl.Collator().compare;
  return [...categories].sort(categoryOrder);
}

/** Row lookup by id (a plain Map: it is rebuilt per snapshot, never mutated). */
export function assetsById(assets: readonly AssetRow[]): Map<string, AssetRow> {
  return new Map(assets.map((a) => [a.assetId, a]));
}
