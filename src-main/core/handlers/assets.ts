/**
 * Handlers for the asset list and the sync status, plus `refreshAssets`,
 * the one refresh step the scheduler runs. The last good snapshot is never replaced by
 * a failed refresh: it is saved only after the new list was fetched and understood.
 */
import type { Asset, AssetChange, AssetRowChange, AssetSnapshot } from '../../contract';
import type { AssetRepository } from '../assets/asset-repository';
import { AssetListReader } from '../assets/asset-list-reader';
import { jsonNeedsCleaning, normalizeAssetList } from '../assets/asset-schema';
import { nestingWithin } from '../assets/json-array-spans';
import { tooDeepError } from '../assets/list-budget';
import { FleetError } from '../errors';
import { parseJsonBody } from '../http/http-client';
import { MAX_ASSET_LIST_BYTES } from '../limits';
import type { CoreContext, HandlerGroup, HttpResponse } from '../ports';
import { fingerprintsOf, rememberFingerprints } from '../store/asset-fingerprint';
import type { RefreshScheduler } from '../sync/refresh-scheduler';

export type AssetChannels = 'assets:get' | 'assets:detail' | 'assets:refresh' | 'status:get';

/** One reader per repository (so per profile): what it remembers is that profile's last list. */
const readers = new WeakMap<AssetRepository, AssetListReader>();

function readerOf(repository: AssetRepository): AssetListReader {
  let reader = readers.get(repository);
  if (!reader) readers.set(repository, (reader = new AssetListReader()));
  return reader;
}

/**
 * The asset list of one answer. Elements whose text did not change since the last
 * answer are taken from it without parsing (asset-list-reader.ts); the first answer, and
 * any the reader cannot judge, is read whole. Read whole, its strings are cleaned one by
 * one only when the raw text may need it (an echoed secret, an over-long string).
 */
function readAssetList(res: HttpResponse, now: Date, repository: AssetRepository): ReturnType<typeof normalizeAssetList> {
  const read = readerOf(repository).read(res.body, now);
  if (read) {
    rememberFingerprints(read.assets, read.prints);
    return read;
  }
  if (!nestingWithin(res.body)) throw tooDeepError();
  const cleanText = jsonNeedsCleaning(res.body);
  const json = parseJsonBody(res);
  // The text (up to MAX_ASSET_LIST_BYTES) is not needed any more: let it go before the heavy work.
  res.body = '';
  return normalizeAssetList(json, now, { cleanText });
}

/**
 * Fetches, normalizes, stores and announces the asset list; returns the new snapshot. The
 * renderer is sent rows (the changed ones when little changed); `onChange` gets the same
 * change with whole assets (the alert evaluation reads it).
 */
export async function refreshAssets(
  ctx: CoreContext,
  now: () => Date = () => new Date(),
  onChange: (change: AssetChange) => void = () => {},
): Promise<AssetSnapshot> {
  const connection = ctx.connection();
  const answer = await ctx.http().get({ url: `${connection.baseUrl}/branch/current/assets`, maxBytes: MAX_ASSET_LIST_BYTES });
  const { assets, skipped } = readAssetList(answer, now(), ctx.assets());
  if (ctx.connection().profileId !== connection.profileId) {
    throw new FleetError('cancelled', 'The profile changed while the asset list was loading');
  }
  const snapshot: AssetSnapshot = { profileId: connection.profileId, assets, skipped, fetchedAt: now().toISOString(), source: 'network' };
  return acceptAssetList(ctx, snapshot, onChange);
}

/**
 * Everything after the fetch, shared by a list from the service and one from the dispatch
 * room: keeps the list in memory, announces it (its change when small), then writes the
 * offline copy. `onChange` gets the change with whole assets (the alert evaluation reads it).
 */
export function acceptAssetList(ctx: CoreContext, snapshot: AssetSnapshot, onChange: (change: AssetChange) => void = () => {}): AssetSnapshot {
  // Compared with the list held in memory only: a refresh never reads the stored list.
  const repository = ctx.assets();
  const previous = repository.replace(snapshot);
  // Announced before the offline copy is written (the longest step after parsing), so a
  // dispatcher sees the change that much sooner; the fresh list is shown even when the
  // copy cannot be written.
  const change = previous ? smallChange(previous, snapshot) : null;
  if (change) {
    onChange(change);
    ctx.emit('assets:changed', rowChange(change, repository));
  } else {
    const rows = repository.rows();
    if (rows) ctx.emit('assets', rows);
  }
  try {
    ctx.store().saveAssetSnapshot(snapshot);
  } catch (err) {
    if (err instanceof FleetError) throw err;
    throw new FleetError('storage', 'The asset list was loaded but could not be saved for offline use', { cause: err });
  }
  return snapshot;
}

/** The change as the renderer gets it: the changed assets' rows (built by the repository once). */
export function rowChange(change: AssetChange, repository: AssetRepository): AssetRowChange {
  return { ...change, changed: change.changed.map((asset) => repository.rowOf(asset)) };
}

/**
 * What changed from `previous` to `next` when that is less than this share of the list;
 * a larger change, or another profile, is announced whole.
 */
export const SMALL_CHANGE_SHARE = 0.3;

export function smallChange(previous: AssetSnapshot, next: AssetSnapshot): AssetChange | null {
  if (previous.profileId !== next.profileId) return null;
  const before = fingerprintsOf(previous.assets);
  const after = fingerprintsOf(next.assets);
  const limit = Math.max(1, next.assets.length) * SMALL_CHANGE_SHARE;
  const changed: Asset[] = [];
  let sameOrder = previous.assets.length === next.assets.length;
  for (let i = 0; i < next.assets.length; i++) {
    const asset = next.assets[i];
    if (sameOrder && previous.assets[i].assetId !== asset.assetId) sameOrder = false;
    if (before.get(asset.assetId) === after.get(asset.assetId)) continue;
    changed.push(asset);
    if (changed.length >= limit) return null;
  }
  const removed: string[] = [];
  for (const id of before.keys()) if (!after.has(id)) removed.push(id);
  if (changed.length + removed.length >= limit) return null;
  return {
    profileId: next.profileId,
    baseFetchedAt: previous.fetchedAt,
    fetchedAt: next.fetchedAt,
    source: next.source,
    skipped: next.skipped,
    changed,
    removed,
    order: sameOrder ? null : next.assets.map((asset) => asset.assetId),
  };
}

export function createAssetHandlers(
  ctx: CoreContext,
  scheduler: RefreshScheduler<AssetSnapshot>,
): HandlerGroup<AssetChannels> {
  return {
    'assets:get': async () => {
      try {
        return ctx.assets().rows();
      } catch (err) {
        if (err instanceof FleetError) throw err;
        throw new FleetError('storage', 'The offline copy of the asset list could not be read', { cause: err });
      }
    },
    // One asset's full record from the list the core holds for the active profile (never the network).
    'assets:detail': async (assetId) => {
      try {
        return ctx.assets().asset(assetId) ?? null;
      } catch (err) {
        if (err instanceof FleetError) throw err;
        throw new FleetError('storage', `The offline copy of the asset list could not be read to show ${assetId}`, { cause: err });
      }
    },
    // The list itself reaches the renderer as the refresh's event, never as this answer.
    'assets:refresh': async () => {
      await scheduler.refreshNow();
    },
    'status:get': async () => scheduler.status(),
  };
}
