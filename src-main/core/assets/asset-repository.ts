/**
 * The asset list of one profile, held once in memory: the last snapshot (read from the
 * offline store at the first ask, then replaced by each refresh) and its indexes. Every
 * part of the core that needs the current list asks here, so the stored list (23 MB for
 * 10,000 assets) is parsed once per start or profile switch, not once per request.
 *
 * Next to the snapshot it keeps the rows the renderer holds (contract AssetRow): built for
 * the whole list at the first ask (a cold start), then by each refresh for the new and
 * changed assets only, unchanged assets keeping their row.
 */
import { equipmentKeys, identifierKey, type Asset, type AssetRow, type AssetRowSnapshot, type AssetSnapshot } from '../../contract';
import { FleetError } from '../errors';
import { fingerprintsOf } from '../store/asset-fingerprint';
import { assetRow } from './asset-row';

/** Where the repository reads the profile's saved list from (the offline store). */
export interface SavedAssetList {
  loadAssetSnapshot(): AssetSnapshot | null;
}

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
      const loaded = this.saved.loadAssetSnapshot();
      this.#set(loaded && loaded.profileId === this.profileId ? loaded : null);
    }
    return this.#snapshot;
  }

  /**
   * Puts a fresh snapshot in place of the last one; returns the one it replaced when one was
   * in memory (a refresh compares with what was shown, and never reads the store for that).
   */
  replace(next: AssetSnapshot): AssetSnapshot | null {
    if (next.profileId !== this.profileId) {
      throw new FleetError('cancelled', `The asset list of ${next.profileId} does not belong to profile ${this.profileId}`);
    }
    const previous = this.#snapshot;
    const previousRows = this.#rows;
    this.#set(next);
    if (previous && previousRows) this.#rows = carryRows(previous, previousRows, next);
    return previous;
  }

  /** The snapshot as the renderer holds it (one row per asset, in list order), or null when there is none. */
  rows(): AssetRowSnapshot | null {
    const snapshot = this.snapshot();
    if (!snapshot) return null;
    const rows = this.#rowMap(snapshot);
    return {
      profileId: snapshot.profileId,
      assets: snapshot.assets.map((asset) => rows.get(asset.assetId) ?? assetRow(asset)),
      skipped: snapshot.skipped,
      fetchedAt: snapshot.fetchedAt,
      source: snapshot.source,
    };
  }

  /** The row of an asset of the last snapshot (the one already built when there is one). */
  rowOf(asset: Asset): AssetRow {
    const snapshot = this.snapshot();
    const row = snapshot ? this.#rowMap(snapshot).get(asset.assetId) : undefined;
    return row ?? assetRow(asset);
  }

  #rowMap(snapshot: AssetSnapshot): Map<string, AssetRow> {
    if (this.#rows) return this.#rows;
    const rows = new Map<string, AssetRow>();
    for (const asset of snapshot.assets) if (!rows.has(asset.assetId)) rows.set(asset.assetId, assetRow(asset));
    return (this.#rows = rows);
  }

  /** One asset of the last snapshot by id. */
  asset(assetId: string): Asset | undefined {
    return this.#index()?.byId.get(assetId);
  }

  /** The asset a unit links to by the shared rule (contract/equipment-link.ts), or null. */
  linkedAssetId(unit: { serialNumber: string | null; vin: string | null }): string | null {
    const bySerial = this.#index()?.bySerial;
    if (!bySerial) return null;
    for (const key of equipmentKeys(unit)) {
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
    rows.set(id, kept ?? assetRow(asset));
  }
  return rows;
}
