/**
 * The asset list of one profile, held once in memory: the last snapshot (read from the
 * offline store at the first ask, then replaced by each refresh) and its indexes. Every
 * part of the core that needs the current list asks here, so the stored list (large for a
 * large fleet) is parsed once per start or profile switch, not once per request.
 *
 * Next to the snapshot it keeps the rows the renderer holds (contract AssetRow). A cold
 * start reads the rows the store keeps (a tenth of the full records) and nothing else; the
 * full list is read at the first ask for it (a refresh's comparison, an asset's detail, an
 * export, fleet linking, alerts), and keeps the rows already read when they are of the same
 * stored revision. After that each refresh builds rows for the new and changed assets only.
 */
import { equipmentKeys, identifierKey, type Asset, type AssetRow, type AssetRowSnapshot, type AssetSnapshot } from '../../contract';
import { FleetError } from '../errors';
import { fingerprintsOf } from '../store/asset-fingerprint';
import { rowOfAsset } from './asset-row';
import type { SavedAssetList, StoredAssetRows } from './saved-asset-list';

/** Where the repository reads the profile's saved list from (the offline store). */
export type { SavedAssetList };

interface Indexes {
  byId: Map<string, Asset>;
  /** identifierKey(serial number) → asset id; the first asset in list order wins. */
  bySerial: Map<string, string>;
}

export class AssetRepository {
  #snapshot: AssetSnapshot | null = null;
  #loaded = false;
  #indexes: Indexes | null = null;
  /** Rows of the snapshot's assets by id; null until asked for (or carried over by a refresh). */
  #rows: Map<string, AssetRow> | null = null;
  /** The stored rows a cold start read, held until the full list is read; tried once. */
  #stored: StoredAssetRows | null = null;
  #storedTried = false;
  /** Told when the full list was read from the store (the alert service's baseline). */
  #onLoad: ((snapshot: AssetSnapshot | null) => void) | null = null;

  constructor(
    readonly profileId: string,
    private readonly saved: SavedAssetList,
  ) {}

  /**
   * The last snapshot of this profile, or null when there is none. The saved list is
   * read at the first ask; a read that fails throws and is tried again at the next ask.
   */
  snapshot(): AssetSnapshot | null {
    if (!this.#loaded) {
      const read = this.saved.loadAssetSnapshot();
      const loaded = read && read.profileId === this.profileId ? read : null;
      const stored = this.#stored;
      this.#set(loaded);
      // The rows already read stand for this list only when nobody wrote it since.
      if (loaded && stored && this.saved.loadedRevision?.() === stored.revision) this.#rows = rowsById(stored.snapshot.assets);
      this.#onLoad?.(loaded);
    }
    return this.#snapshot;
  }

  /**
   * Calls `listener` with the list when it is read from the store (at once when it already
   * was); a refresh's list does not count. One listener: a later call replaces it.
   */
  onStoredList(listener: (snapshot: AssetSnapshot | null) => void): void {
    this.#onLoad = listener;
    if (this.#loaded && this.#snapshot?.source === 'cache') listener(this.#snapshot);
  }

  /**
   * Puts a fresh snapshot in place of the last one; returns the one it replaced when one was
   * in memory (a refresh compares with what was shown, and never reads the store for that).
   */
  replace(next: AssetSnapshot): AssetSnapshot | null {
    if (next.profileId !== this.profileId) {
      throw new FleetError('cancelled', `The asset list of ${next.profileId} does not belong to profile ${this.profileId}`);
    }
    // The renderer holds the stored rows: the refresh compares with the list they stand for.
    if (!this.#loaded && this.#stored) this.snapshot();
    const previous = this.#snapshot;
    const previousRows = this.#rows;
    this.#set(next);
    if (previous && previousRows) this.#rows = carryRows(previous, previousRows, next);
    return previous;
  }

  /** The snapshot as the renderer holds it (one row per asset, in list order), or null when there is none. */
  rows(): AssetRowSnapshot | null {
    if (!this.#loaded) {
      const stored = this.#storedRows();
      if (stored) return { ...stored.snapshot };
    }
    const snapshot = this.snapshot();
    if (!snapshot) return null;
    const rows = this.#rowMap(snapshot);
    return {
      profileId: snapshot.profileId,
      assets: snapshot.assets.map((asset) => rows.get(asset.assetId) ?? rowOfAsset(asset)),
      skipped: snapshot.skipped,
      fetchedAt: snapshot.fetchedAt,
      source: snapshot.source,
    };
  }

  /** The row of an asset of the last snapshot (the one already built when there is one). */
  rowOf(asset: Asset): AssetRow {
    const snapshot = this.snapshot();
    const row = snapshot ? this.#rowMap(snapshot).get(asset.assetId) : undefined;
    return row ?? rowOfAsset(asset);
  }

  /** The rows the store keeps for the saved list, read at the first ask only. */
  #storedRows(): StoredAssetRows | null {
    if (!this.#storedTried) {
      this.#storedTried = true;
      let stored: StoredAssetRows | null = null;
      try {
        stored = this.saved.loadAssetRows?.() ?? null;
      } catch {
        // The full list answers instead, and says what is wrong with the file when it fails too.
      }
      this.#stored = stored && stored.snapshot.profileId === this.profileId ? stored : null;
    }
    return this.#stored;
  }

  #rowMap(snapshot: AssetSnapshot): Map<string, AssetRow> {
    if (this.#rows) return this.#rows;
    const rows = new Map<string, AssetRow>();
    for (const asset of snapshot.assets) if (!rows.has(asset.assetId)) rows.set(asset.assetId, rowOfAsset(asset));
    return (this.#rows = rows);
  }

  /** One asset of the last snapshot by id. */
  asset(assetId: string): Asset | undefined {
    return this.#index()?.byId.get(assetId);
  }

  /** The asset a machine of the fleet feed links to by the shared rule (contract/equipment-link.ts), or null. */
  linkedAssetId(equipment: { serialNumber: string | null; vin: string | null }): string | null {
    const bySerial = this.#index()?.bySerial;
    if (!bySerial) return null;
    for (const key of equipmentKeys(equipment)) {
      const id = bySerial.get(key);
      if (id !== undefined) return id;
    }
    return null;
  }

  #set(snapshot: AssetSnapshot | null): void {
    this.#snapshot = snapshot;
    this.#loaded = true;
    this.#indexes = null; // built at the first look-up, so a refresh pays nothing for them
    this.#rows = null;
    this.#stored = null;
    this.#storedTried = true; // the list in memory is newer than any stored rows
  }

  #index(): Indexes | null {
    const snapshot = this.snapshot();
    if (!snapshot) return null;
    if (this.#indexes) return this.#indexes;
    const byId = new Map<string, Asset>();
    const bySerial = new Map<string, string>();
    for (const asset of snapshot.assets) {
      if (!byId.has(asset.assetId)) byId.set(asset.assetId, asset);
      const key = identifierKey(asset.serialNumber);
      if (key !== null && !bySerial.has(key)) bySerial.set(key, asset.assetId);
    }
    return (this.#indexes = { byId, bySerial });
  }
}

/**
 * The rows of `next`: an asset whose fingerprint did not change keeps its row from
 * `previous` (the same comparison the change announcement makes, computed once per list),
 * the others get a new one.
 */
function carryRows(previous: AssetSnapshot, previousRows: ReadonlyMap<string, AssetRow>, next: AssetSnapshot): Map<string, AssetRow> {
  const before = fingerprintsOf(previous.assets);
  const after = fingerprintsOf(next.assets);
  const rows = new Map<string, AssetRow>();
  for (const asset of next.assets) {
    const id = asset.assetId;
    if (rows.has(id)) continue;
    const kept = before.get(id) === after.get(id) ? previousRows.get(id) : undefined;
    rows.set(id, kept ?? rowOfAsset(asset));
  }
  return rows;
}

function rowsById(rows: readonly AssetRow[]): Map<string, AssetRow> {
  const byId = new Map<string, AssetRow>();
  for (const row of rows) if (!byId.has(row.assetId)) byId.set(row.assetId, row);
  return byId;
}
