/**
 * The list's index after a small change, built from the previous index instead of from
 * scratch: rows whose object is unchanged keep their entry, and only the changed (or
 * added) rows are indexed and ranked in name order. The result equals `indexAssets` of
 * the new rows field for field (the tests compare the two on random changes); when the
 * change is large, or reorders the rows it keeps, the index is built whole.
 */
import type { AssetRow } from '@contract';
import { byNameText, indexAssets, indexedRow, type IndexedAsset } from './assetIndex';

/** How the previous index maps into the new one (the list view updates its caches by it). */
export interface IndexDelta {
  /** The previous index's length. */
  previousLength: number;
  /** For each previous position, the new position of the same row object, or -1 when the row was replaced or removed. */
  keptAt: Int32Array;
  /** New positions of the rows the previous index did not hold (changed or added), ascending. */
  fresh: Int32Array;
}

export interface Reindexed {
  index: IndexedAsset[];
  /** Null when the index was built whole. */
  delta: IndexDelta | null;
}

/** Above this share of new rows, sorting the whole index by name costs less than merging. */
const MAX_FRESH_SHARE = 0.25;

export function reindexAssets(previous: readonly IndexedAsset[], assets: readonly AssetRow[]): Reindexed {
  if (previous.length === 0 || assets.length === 0) return whole(assets);
  return samePlaces(previous, assets) ?? movedPlaces(previous, assets) ?? whole(assets);
}

function whole(assets: readonly AssetRow[]): Reindexed {
  return { index: indexAssets(assets), delta: null };
}

/**
 * The usual refresh: the same ids in the same order, a few rows replaced by new objects
 * with the same name. Unchanged entries are reused as they are and a replaced row takes
 * the name rank of the row it replaces (the same names and ids at the same places sort
 * the same). Null when that does not hold.
 */
function samePlaces(previous: readonly IndexedAsset[], assets: readonly AssetRow[]): Reindexed | null {
  const n = assets.length;
  if (previous.length !== n) return null;
  const keptAt = new Int32Array(n);
  const fresh: number[] = [];
  const index = new Array<IndexedAsset>(n);
  for (let i = 0; i < n; i++) {
    const before = previous[i];
    const asset = assets[i];
    if (before.asset === asset) {
      index[i] = before;
      keptAt[i] = i;
      continue;
    }
    if (before.asset.assetId !== asset.assetId || before.asset.name !== asset.name) return null;
    if (fresh.push(i) > n * MAX_FRESH_SHARE) return null;
    const entry = indexedRow(asset, i);
    entry.nameRank = before.nameRank;
    index[i] = entry;
    keptAt[i] = -1;
  }
  return { index, delta: { previousLength: n, keptAt, fresh: Int32Array.from(fresh) } };
}

/**
 * Rows added, removed or renamed: entries of kept rows are copied with their new place
 * (the previous index stays as it was), the new rows are sorted by name and merged into
 * the kept rows' name order. Null when a kept row changed places relative to another, or
 * a row object is listed twice (ties in name order follow the places, so the merge would
 * not be the whole sort's order).
 */
function movedPlaces(previous: readonly IndexedAsset[], assets: readonly AssetRow[]): Reindexed | null {
  const n = assets.length;
  const entryOf = new Map<AssetRow, IndexedAsset>();
  for (const entry of previous) {
    if (entryOf.has(entry.asset)) return null;
    entryOf.set(entry.asset, entry);
  }
  const keptAt = new Int32Array(previous.length).fill(-1);
  const fresh: number[] = [];
  const index = new Array<IndexedAsset>(n);
  for (let i = 0; i < n; i++) {
    const before = entryOf.get(assets[i]);
    if (before && keptAt[before.position] === -1) {
      keptAt[before.position] = i;
      index[i] = { ...before, position: i };
      continue;
    }
    if (fresh.push(i) > n * MAX_FRESH_SHARE) return null;
    index[i] = indexedRow(assets[i], i);
  }
  let last = -1;
  for (const at of keptAt) {
    if (at === -1) continue;
    if (at < last) return null;
    last = at;
  }
  rankByName(previous, keptAt, fresh, index);
  return { index, delta: { previousLength: previous.length, keptAt, fresh: Int32Array.from(fresh) } };
}

/** Sets every entry's name rank: kept rows keep their relative order, new rows are merged in. */
function rankByName(previous: readonly IndexedAsset[], keptAt: Int32Array, fresh: readonly number[], index: IndexedAsset[]): void {
  const byRank = new Int32Array(previous.length);
  for (const entry of previous) byRank[entry.nameRank] = entry.position;
  const kept: IndexedAsset[] = [];
  for (const position of byRank) if (keptAt[position] !== -1) kept.push(index[keptAt[position]]);
  // Ties in name and id keep the order of places, as the whole (stable) sort does.
  const order = (a: IndexedAsset, b: IndexedAsset) => byNameText(a, b) || a.position - b.position;
  const added = fresh.map((position) => index[position]).sort(order);
  let k = 0;
  let a = 0;
  let rank = 0;
  while (k < kept.length || a < added.length) {
    const takeAdded = k === kept.length || (a < added.length && order(added[a], kept[k]) < 0);
    (takeAdded ? added[a++] : kept[k++]).nameRank = rank++;
  }
}
