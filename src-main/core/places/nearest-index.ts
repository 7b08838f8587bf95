/**
 * The machines nearest to a point, from the rows the core holds. A great-circle k-nearest
 * search (geokdbush over kdbush trees of the machines' positions), one tree per filter group
 * (every machine, the parked ones, each category and its parked ones), so "the 10 nearest
 * parked excavators" are the ten nearest that match, not the matches among the ten nearest.
 *
 * The index is built from the rows at the first query after they changed (the composition
 * root calls `invalidate()` when a refresh or a profile switch replaces them), so a refresh
 * nobody asks about costs nothing here.
 *
 * What counts:
 * - only `thing` rows (machines; `area` rows are the service's places) with a usable
 *   position (the row's lat/lng, already checked finite and in range by the row builder);
 * - parked = ignition reported off and not reported moving. A machine whose ignition is not
 *   reported is NOT parked: the dispatcher asks "parked" to send someone to a machine that
 *   is standing, and nothing says an unreported one is.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import turfBearing from '@turf/bearing';
import turfDistance from '@turf/distance';
import type { AssetRow, NearestHit, NearestQuery, NearestResult } from '../../contract';

/** The fields of a row the search reads. */
export type NearestRow = Pick<AssetRow, 'assetId' | 'type' | 'category' | 'lat' | 'lng' | 'ignition' | 'inMotion'>;

/** A query with its defaults filled in (the contract's schema output). */
export interface NearestOptions {
  lat: number;
  lng: number;
  limit: number;
  categories?: readonly string[];
  parkedOnly?: boolean;
  excludeAssetId?: string | null;
}

/** Whether a machine counts as parked (see the module comment for unknown ignition). */
export function isParked(row: Pick<AssetRow, 'ignition' | 'inMotion'>): boolean {
  return row.ignition === false && row.inMotion !== true;
}

/** Whether a row is a machine the search may return. */
export function isSearchable(row: NearestRow): row is NearestRow & { lat: number; lng: number } {
  return row.type === 'thing' && row.lat !== null && row.lng !== null && Number.isFinite(row.lat) && Number.isFinite(row.lng);
}

/** Initial great-circle bearing from the point to the machine, 0–360 clockwise from north. */
export function bearingBetween(fromLat: number, fromLng: number, toLat: number, toLng: number): number {
  if (fromLat === toLat && fromLng === toLng) return 0;
  const deg = turfBearing([fromLng, fromLat], [toLng, toLat]);
  return (deg + 360) % 360;
}

/** Great-circle distance in metres (Turf, as the renderer's measure tool: a measured and a listed distance agree). */
export function distanceBetween(fromLat: number, fromLng: number, toLat: number, toLng: number): number {
  return turfDistance([fromLng, fromLat], [toLng, toLat], { units: 'meters' });
}

/** One searchable group of machines (all, parked, one category, its parked ones) with its own tree. */
interface Group {
  tree: KDBush;
  /** Tree point → place in `Built.rows`. */
  members: Int32Array;
}

interface Built {
  rows: (NearestRow & { lat: number; lng: number })[];
  parked: Uint8Array;
  /** groupKey(parked, category) → its group; category '*' for every category. */
  groups: Map<string, Group>;
  /** Category ('' for none) → how many machines, and how many of them parked. */
  counts: Map<string, { all: number; parked: number }>;
  /** Asset id → its place in `rows`. */
  byId: Map<string, number>;
}

const ALL_CATEGORIES = '*';
const groupKey = (parkedOnly: boolean, category: string): string => `${parkedOnly ? 'parked' : 'all'}|${category}`;

/** A group's tree (groups exist only for lists with members). */
function treeOf(rows: Built['rows'], members: readonly number[]): Group {
  const tree = new KDBush(members.length);
  for (const i of members) tree.add(rows[i].lng, rows[i].lat);
  tree.finish();
  return { tree, members: Int32Array.from(members) };
}

/**
 * A tree per filter group, so a filtered search walks only the machines that match: a
 * filter checked while walking one tree of every machine visits most of them when few
 * match (a rare category, the few parked ones).
 */
function build(source: readonly NearestRow[]): Built {
  const rows = source.filter(isSearchable);
  const parked = new Uint8Array(rows.length);
  const counts = new Map<string, { all: number; parked: number }>();
  const byId = new Map<string, number>();
  const lists = new Map<string, number[]>();
  const addTo = (key: string, i: number): void => {
    const list = lists.get(key);
    if (list) list.push(i);
    else lists.set(key, [i]);
  };
  rows.forEach((row, i) => {
    byId.set(row.assetId, i);
    parked[i] = isParked(row) ? 1 : 0;
    const category = row.category ?? '';
    const count = counts.get(category) ?? { all: 0, parked: 0 };
    count.all++;
    count.parked += parked[i];
    counts.set(category, count);
    addTo(groupKey(false, ALL_CATEGORIES), i);
    addTo(groupKey(false, category), i);
    if (parked[i]) {
      addTo(groupKey(true, ALL_CATEGORIES), i);
      addTo(groupKey(true, category), i);
    }
  });
  const groups = new Map<string, Group>();
  for (const [key, members] of lists) groups.set(key, treeOf(rows, members));
  return { rows, parked, groups, counts, byId };
}

export class NearestIndex {
  #built: Built | null = null;

  constructor(private readonly source: () => readonly NearestRow[]) {}

  /** The rows changed: the next query builds the index again. */
  invalidate(): void {
    this.#built = null;
  }

  query(options: NearestOptions | NearestQuery): NearestResult {
    const built = (this.#built ??= build(this.source()));
    const categories = options.categories && options.categories.length > 0 ? new Set(options.categories) : null;
    const parkedOnly = options.parkedOnly === true;
    const exclude = options.excludeAssetId ?? null;
    const keys = categories ? [...categories].map((c) => groupKey(parkedOnly, c)) : [groupKey(parkedOnly, ALL_CATEGORIES)];

    // The nearest of each group searched, then the nearest of those.
    const found: NearestHit[] = [];
    for (const key of keys) {
      const group = built.groups.get(key);
      if (!group) continue;
      const { members } = group;
      // One more than asked, then the excluded machine dropped: exact (it is at most one of
      // them) and without a filter function, which slows the walk down many times over.
      const ids = around(group.tree, options.lng, options.lat, exclude === null ? options.limit : options.limit + 1);
      let kept = 0;
      for (const j of ids) {
        const row = built.rows[members[j]];
        if (row.assetId === exclude || kept === options.limit) continue;
        kept++;
        found.push({
          assetId: row.assetId,
          distanceM: distanceBetween(options.lat, options.lng, row.lat, row.lng),
          bearingDeg: bearingBetween(options.lat, options.lng, row.lat, row.lng),
        });
      }
    }
    const hits = keys.length > 1 ? found.sort((a, b) => a.distanceM - b.distanceM).slice(0, options.limit) : found;
    const passes = (i: number): boolean => (!parkedOnly || built.parked[i] === 1) && (!categories || categories.has(built.rows[i].category ?? ''));
    return { lat: options.lat, lng: options.lng, hits, searched: searchedCount(built, categories, parkedOnly, exclude, passes) };
  }
}

/** How many machines the filters let through, from the per-category counts (no pass over the rows). */
function searchedCount(built: Built, categories: Set<string> | null, parkedOnly: boolean, exclude: string | null, passes: (i: number) => boolean): number {
  let n = 0;
  for (const [category, count] of built.counts) if (!categories || categories.has(category)) n += parkedOnly ? count.parked : count.all;
  const excluded = exclude === null ? undefined : built.byId.get(exclude);
  // The excluded machine was counted only when it passes the other filters.
  if (excluded !== undefined && passes(excluded)) n--;
  return n;
}
