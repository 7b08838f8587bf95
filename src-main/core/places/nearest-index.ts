/**
 * The machines nearest to a point, from the rows the core holds. A great-circle k-nearest
 * search (geokdbush over a kdbush index of the machines' positions) with the dispatcher's
 * filters applied while searching, so "the 10 nearest parked excavators" are the ten
 * nearest that match, not the matches among the ten nearest.
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

interface Built {
  tree: KDBush;
  rows: (NearestRow & { lat: number; lng: number })[];
  parked: Uint8Array;
  /** Category ('' for none) → how many machines, and how many of them parked. */
  counts: Map<string, { all: number; parked: number }>;
  /** Asset id → its place in `rows`. */
  byId: Map<string, number>;
}

function build(source: readonly NearestRow[]): Built {
  const rows = source.filter(isSearchable);
  const tree = new KDBush(Math.max(rows.length, 1));
  const parked = new Uint8Array(rows.length);
  const counts = new Map<string, { all: number; parked: number }>();
  const byId = new Map<string, number>();
  rows.forEach((row, i) => {
    byId.set(row.assetId, i);
    tree.add(row.lng, row.lat);
    parked[i] = isParked(row) ? 1 : 0;
    const key = row.category ?? '';
    const count = counts.get(key) ?? { all: 0, parked: 0 };
    count.all++;
    count.parked += parked[i];
    counts.set(key, count);
  });
  // kdbush needs at least one point to finish; an empty list searches nothing.
  if (rows.length === 0) tree.add(0, 0);
  tree.finish();
  return { tree, rows, parked, counts, byId };
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
    const passes = (i: number): boolean => (!parkedOnly || built.parked[i] === 1) && (!categories || categories.has(built.rows[i].category ?? ''));
    // `i < rows.length` leaves out the placeholder point of an empty list.
    const matches = (i: number): boolean => i < built.rows.length && passes(i) && built.rows[i].assetId !== exclude;

    const ids = around(built.tree, options.lng, options.lat, options.limit, Infinity, matches);
    const hits: NearestHit[] = ids.map((i) => {
      const row = built.rows[i];
      return {
        assetId: row.assetId,
        distanceM: distanceBetween(options.lat, options.lng, row.lat, row.lng),
        bearingDeg: bearingBetween(options.lat, options.lng, row.lat, row.lng),
      };
    });
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
