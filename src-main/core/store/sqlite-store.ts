import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Asset, AssetRow, AssetSnapshot, SkippedAsset, TrailPoint } from '../../contract';
import { ASSET_ROW_FORMAT, rowOfAsset } from '../assets/asset-row';
import { shareMetricMeta } from '../assets/shared-meta';
import type { AlertLog, NoteStore, OfflineStore, SiteStore, StoreFactory, StoredAssetRows, StoredDocument, UtilizationStore } from '../ports';
import { SqliteAlertLog } from './alert-log';
import { SqliteSiteStore } from './site-store';
import { SqliteUtilizationStore } from './utilization-days';
import { SqliteNoteStore } from '../notes/note-store';
import { fingerprintsOf } from './asset-fingerprint';
import { openStoreDatabase, storageError } from './database-file';
import { profileFileName } from './profile-file-name';
import { idList, isListOfObjects, readStoredAsset } from './salvage-assets';

export interface StoreOptions {
  now?: () => Date;
  log?: (line: string) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** One SQLite database per connection profile, at `dir/offline/<profile>.sqlite`. */
export function createStoreFactory(dir: string, options: StoreOptions = {}): StoreFactory {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const folder = join(dir, 'offline');
  const openStores = new Map<string, Set<SqliteOfflineStore>>();

  const fileOf = (profileId: string): string => {
    try {
      return join(folder, profileFileName(profileId));
    } catch (err) {
      throw storageError('No offline data file for this profile', err);
    }
  };

  return {
    open(profileId) {
      const { db, notice } = openStoreDatabase(folder, fileOf(profileId), { now, log, profileId });
      const stores = openStores.get(profileId) ?? new Set();
      openStores.set(profileId, stores);
      let store: SqliteOfflineStore;
      try {
        store = new SqliteOfflineStore(db, profileId, notice, log, () => stores.delete(store));
      } catch (err) {
        db.close();
        throw storageError('Could not prepare the offline data file', err);
      }
      stores.add(store);
      return store;
    },
    remove(profileId) {
      const file = fileOf(profileId);
      for (const store of openStores.get(profileId) ?? []) store.close();
      openStores.delete(profileId);
      try {
        // A folder in a file's place was never ours to delete.
        for (const suffix of ['', '-wal', '-shm', '-journal']) if (!isFolder(file + suffix)) rmSync(file + suffix, { force: true });
      } catch (err) {
        throw storageError('Could not delete the offline data of this profile', err);
      }
    },
  };
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

interface SnapshotRow {
  profile_id: string;
  fetched_at: string;
  asset_ids: string;
  skipped: string;
  revision: number;
  /** The revision and row format the stored rows were written for; other values mean they cannot be used. */
  rows_revision: number | null;
  rows_format: number | null;
}

/** Whether the stored rows are those of the stored list (see migration v5). */
function rowsHold(state: { revision: number; rows_revision: number | null; rows_format: number | null }): boolean {
  return state.rows_revision === state.revision && state.rows_format === ASSET_ROW_FORMAT;
}

/** What this store last read or wrote, so the next save writes only the difference. */
interface KnownList {
  revision: number;
  ids: string[];
  /** Fingerprints by id; after a load they are computed at the first save, not at start-up. */
  prints: () => Map<string, string>;
}


export class SqliteOfflineStore implements OfflineStore {
  private readonly statements;
  /** Null until this store read or wrote the list, and after a failed save: the next save then rewrites it whole. */
  private known: KnownList | null = null;
  private closed = false;
  private unreadableNotice: string | null = null;
  /** The revision of the list the last loadAssetSnapshot() returned. */
  private loaded: number | null = null;
  private alerts: SqliteAlertLog | null = null;
  private sites: SqliteSiteStore | null = null;
  private utilizationDays: SqliteUtilizationStore | null = null;
  private notes: SqliteNoteStore | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly profileId: string,
    private readonly openNotice: string | null,
    private readonly log: (line: string) => void,
    private readonly onClose: () => void,
  ) {
    this.statements = {
      revision: db.prepare('SELECT revision, rows_revision, rows_format FROM snapshot WHERE id = 1'),
      // Every write of the list writes the rows of its changed assets too, so they hold for it.
      saveSnapshot: db.prepare(
        `INSERT INTO snapshot (id, profile_id, fetched_at, asset_ids, skipped, revision, rows_revision, rows_format)
         VALUES (1, ?, ?, ?, ?, ?, ?, ${ASSET_ROW_FORMAT})
         ON CONFLICT (id) DO UPDATE SET profile_id = excluded.profile_id, fetched_at = excluded.fetched_at,
           asset_ids = excluded.asset_ids, skipped = excluded.skipped, revision = excluded.revision,
           rows_revision = excluded.rows_revision, rows_format = excluded.rows_format`,
      ),
      touchSnapshot: db.prepare(
        `UPDATE snapshot SET profile_id = ?, fetched_at = ?, skipped = ?, revision = ?, rows_revision = ?, rows_format = ${ASSET_ROW_FORMAT} WHERE id = 1`,
      ),
      putRow: db.prepare('INSERT INTO snapshot_rows (asset_id, row) VALUES (?, ?) ON CONFLICT (asset_id) DO UPDATE SET row = excluded.row'),
      deleteRow: db.prepare('DELETE FROM snapshot_rows WHERE asset_id = ?'),
      deleteRowsNotIn: db.prepare('DELETE FROM snapshot_rows WHERE asset_id NOT IN (SELECT value FROM json_each(?))'),
      clearRows: db.prepare('DELETE FROM snapshot_rows'),
      markRows: db.prepare(`UPDATE snapshot SET rows_revision = revision, rows_format = ${ASSET_ROW_FORMAT} WHERE id = 1 AND revision = ?`),
      dropRows: db.prepare('UPDATE snapshot SET rows_revision = NULL WHERE id = 1 AND revision = ?'),
      // As assetList below, for the rows.
      rowList: db.prepare(
        "SELECT json_group_array(asset_id) AS ids, '[' || coalesce(group_concat(row, ','), '') || ']' AS rows FROM snapshot_rows",
      ),
      rowRows: db.prepare('SELECT asset_id, row FROM snapshot_rows').raw(),
      putAsset: db.prepare(
        'INSERT INTO snapshot_assets (asset_id, json) VALUES (?, ?) ON CONFLICT (asset_id) DO UPDATE SET json = excluded.json',
      ),
      deleteAsset: db.prepare('DELETE FROM snapshot_assets WHERE asset_id = ?'),
      deleteAssetsNotIn: db.prepare('DELETE FROM snapshot_assets WHERE asset_id NOT IN (SELECT value FROM json_each(?))'),
      // The first value stored for a metric at a collection time wins (values are
      // wrapped in arrays so json_patch never reads a null value as "delete").
      observe: db.prepare(
        `INSERT INTO observations (asset_id, collected_on, metrics) VALUES (?, ?, ?)
         ON CONFLICT (asset_id, collected_on) DO UPDATE SET metrics = json_patch(excluded.metrics, metrics)
         WHERE json_patch(excluded.metrics, metrics) <> metrics`,
      ),
      snapshot: db.prepare('SELECT profile_id, fetched_at, asset_ids, skipped, revision, rows_revision, rows_format FROM snapshot WHERE id = 1'),
      // All rows as one JSON array text, with their ids in the same (storage) order: when
      // that is the list order, as it usually is, one string and one parse load the list.
      assetList: db.prepare(
        "SELECT json_group_array(asset_id) AS ids, '[' || coalesce(group_concat(json, ','), '') || ']' AS assets FROM snapshot_assets",
      ),
      assetRows: db.prepare('SELECT asset_id, json FROM snapshot_assets').raw(),
      trail: db
        .prepare(
          `SELECT json_extract(metrics, '$.gps[0]'), collected_on FROM observations
           WHERE asset_id = ? AND collected_on >= ? AND json_type(metrics, '$.gps') IS NOT NULL ORDER BY collected_on`,
        )
        .raw(),
      prune: db.prepare('DELETE FROM observations WHERE collected_on < ?'),
      putDocument: db.prepare(
        `INSERT INTO documents (kind, key, value, fetched_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at`,
      ),
      getDocument: db.prepare('SELECT value, fetched_at FROM documents WHERE kind = ? AND key = ?'),
    };
  }

  get notice(): string | null {
    return this.unreadableNotice ?? this.openNotice;
  }

  /**
   * Writes, in one transaction, only the assets whose fingerprint changed since this store
   * last read or wrote the list (their full record and their row), deletes the ones that
   * left it, rewrites the order only when the ids changed, and records the observations of
   * the changed assets. Rows that did not hold for the stored list are all rewritten.
   */
  saveAssetSnapshot(snapshot: AssetSnapshot): void {
    this.guard('save the asset list', () => {
      const ids = snapshot.assets.map((asset) => asset.assetId);
      const prints = fingerprintsOf(snapshot.assets);
      let written: KnownList | null = null;
      const write = this.db.transaction(() => {
        const state = this.statements.revision.get() as Pick<SnapshotRow, 'revision' | 'rows_revision' | 'rows_format'> | undefined;
        const stored = state?.revision;
        // Another store of this profile wrote since: nothing known here can be trusted.
        const known = this.known && this.known.revision === stored ? this.known : null;
        const knownPrints = known?.prints();
        // The rows of unchanged assets are kept only when they hold for the list written over.
        const rowsKept = known !== null && state !== undefined && rowsHold(state);
        const revision = (stored ?? 0) + 1;
        const changed: Asset[] = [];
        for (const asset of snapshot.assets) {
          const same = knownPrints?.get(asset.assetId) === prints.get(asset.assetId);
          if (!same) {
            changed.push(asset);
            // Embed URLs expire within the hour: never kept.
            this.statements.putAsset.run(asset.assetId, JSON.stringify({ ...asset, embedUrl: null }));
          }
          if (!same || !rowsKept) this.statements.putRow.run(asset.assetId, rowText(rowOfAsset(asset)));
        }
        const sameIds = known !== null && sameList(known.ids, ids);
        let removed = 0;
        if (known && sameIds) {
          this.statements.touchSnapshot.run(snapshot.profileId, snapshot.fetchedAt, JSON.stringify(snapshot.skipped), revision, revision);
        } else {
          if (known) {
            for (const id of knownPrints!.keys()) {
              if (prints.has(id)) continue;
              removed += this.statements.deleteAsset.run(id).changes;
              this.statements.deleteRow.run(id);
            }
          } else {
            removed = this.statements.deleteAssetsNotIn.run(JSON.stringify(ids)).changes;
          }
          this.statements.saveSnapshot.run(snapshot.profileId, snapshot.fetchedAt, JSON.stringify(ids), JSON.stringify(snapshot.skipped), revision, revision);
        }
        if (!rowsKept) this.statements.deleteRowsNotIn.run(JSON.stringify(ids));
        const groups = observationsOf(changed);
        this.log(
          `Offline store: list of ${snapshot.assets.length} assets written (${changed.length} changed, ${removed} removed); recording ${groups.length} observations.`,
        );
        for (const [assetId, collectedOn, metrics] of groups) this.statements.observe.run(assetId, collectedOn, metrics);
        // Engine hours per day outlive the observations' retention: one first/last reading per machine and day.
        const days = this.utilization();
        for (const asset of changed) {
          const runtime = engineRuntimeOf(asset);
          if (runtime) days.recordEngineReading(asset.assetId, runtime.at, runtime.ms);
        }
        written = { revision, ids, prints: () => prints };
      });
      try {
        write();
      } catch (err) {
        this.known = null;
        throw err;
      }
      this.known = written;
      this.unreadableNotice = null;
    });
  }

  loadAssetSnapshot(): AssetSnapshot | null {
    return this.guard('read the saved asset list', () => {
      const row = this.statements.snapshot.get() as SnapshotRow | undefined;
      if (!row) return null;
      let assets: Asset[];
      let skipped: SkippedAsset[];
      let ids: string[];
      try {
        ids = JSON.parse(row.asset_ids) as string[];
        const list = this.statements.assetList.get() as { ids: string; assets: string };
        const text = list.ids === row.asset_ids ? list.assets : `[${inListOrder(ids, this.statements.assetRows.all() as [string, string][]).join(',')}]`;
        assets = JSON.parse(text) as Asset[];
        // The repeated metric metadata shares one copy (shared-meta.ts), as a refresh's list does.
        for (const asset of assets) if (asset !== null && typeof asset === 'object') shareMetricMeta(asset.metrics);
        skipped = JSON.parse(row.skipped) as SkippedAsset[];
      } catch (err) {
        // Damage the integrity check cannot see (inside the text itself): show the assets
        // that still read back whole, and say how many were left out.
        this.known = null;
        this.loaded = row.revision;
        this.log(`Offline store of ${this.profileId}: saved asset list unreadable (${err instanceof Error ? err.message : String(err)}).`);
        return this.loadReadableRows(row);
      }
      this.known = { revision: row.revision, ids, prints: () => fingerprintsOf(assets) };
      this.loaded = row.revision;
      this.unreadableNotice = null;
      if (!rowsHold(row)) this.rebuildRows(row.revision, assets);
      return { profileId: row.profile_id, assets, skipped, fetchedAt: row.fetched_at, source: 'cache' };
    });
  }

  loadedRevision(): number | null {
    return this.loaded;
  }

  /**
   * The saved list as its rows, in list order, without reading the full records; null when
   * there is no list, or its rows do not hold for it or cannot be read (the full list then
   * answers, and rebuilds them).
   */
  loadAssetRows(): StoredAssetRows | null {
    return this.guard('read the saved asset list', () => {
      const row = this.statements.snapshot.get() as SnapshotRow | undefined;
      if (!row || !rowsHold(row)) return null;
      let rows: AssetRow[];
      let skipped: SkippedAsset[];
      try {
        const ids = JSON.parse(row.asset_ids) as string[];
        const list = this.statements.rowList.get() as { ids: string; rows: string };
        const text = list.ids === row.asset_ids ? list.rows : `[${inListOrder(ids, this.statements.rowRows.all() as [string, string][]).join(',')}]`;
        rows = JSON.parse(text) as AssetRow[];
        checkRows(ids, rows);
        skipped = JSON.parse(row.skipped) as SkippedAsset[];
      } catch (err) {
        // The full list has its own checks and salvage; these rows are rebuilt from it.
        this.log(`Offline store of ${this.profileId}: saved list rows unreadable (${err instanceof Error ? err.message : String(err)}); reading the full list.`);
        try {
          this.statements.dropRows.run(row.revision);
        } catch {
          // Read-only or full disk: the rows are checked again at the next start.
        }
        return null;
      }
      this.unreadableNotice = null;
      return { snapshot: { profileId: row.profile_id, assets: rows, skipped, fetchedAt: row.fetched_at, source: 'cache' }, revision: row.revision };
    });
  }

  /**
   * Writes the rows of a list just read whole whose rows did not hold (a database from before
   * rows were kept, or damaged rows), unless another store wrote since. A failure here costs
   * the next cold start its shortcut, never this load.
   */
  private rebuildRows(revision: number, assets: readonly Asset[]): void {
    try {
      this.db.transaction(() => {
        if (this.statements.markRows.run(revision).changes === 0) return;
        this.statements.clearRows.run();
        for (const asset of assets) this.statements.putRow.run(asset.assetId, rowText(rowOfAsset(asset)));
      })();
    } catch (err) {
      this.log(`Offline store of ${this.profileId}: the list rows could not be rebuilt (${err instanceof Error ? err.message : String(err)}).`);
    }
  }

  /** The list row by row, keeping the assets that read back whole; null when none or no order. */
  private loadReadableRows(row: SnapshotRow): AssetSnapshot | null {
    const ids = idList(row.asset_ids);
    const jsonById = ids ? new Map(this.statements.assetRows.all() as [string, string][]) : null;
    const assets: Asset[] = [];
    for (const id of ids ?? []) {
      const json = jsonById!.get(id);
      const asset = json === undefined ? null : readStoredAsset(id, json);
      if (asset) assets.push(asset);
    }
    if (!ids || assets.length === 0) {
      this.unreadableNotice = 'The saved asset list could not be read back; it will be replaced at the next refresh.';
      return null;
    }
    const missing = ids.length - assets.length;
    this.unreadableNotice =
      missing === 0
        ? null
        : `${missing.toLocaleString('en-US')} of the ${ids.length.toLocaleString('en-US')} saved assets could not be read back; ` +
          `${missing === 1 ? 'it is' : 'they are'} left out until the next refresh.`;
    const skipped = isListOfObjects(row.skipped) ? (JSON.parse(row.skipped) as SkippedAsset[]) : [];
    return { profileId: row.profile_id, assets, skipped, fetchedAt: row.fetched_at, source: 'cache' };
  }

  trail(assetId: string, sinceIso: string): TrailPoint[] {
    return this.guard('read the trail', () => {
      const since = canonicalIso(sinceIso) ?? sinceIso;
      const rows = this.statements.trail.all(assetId, since) as [string | null, string][];
      const points: TrailPoint[] = [];
      for (const [json, collectedOn] of rows) {
        const value = json === null ? null : (parseJson(json) as { lat?: unknown; lng?: unknown } | null);
        const lat = value?.lat;
        const lng = value?.lng;
        if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)) {
          points.push({ lat, lng, collectedOn });
        }
      }
      return points;
    });
  }

  putDocument(kind: string, key: string, value: unknown, fetchedAt: string): void {
    this.guard('save a document', () => {
      this.statements.putDocument.run(kind, key, JSON.stringify(value ?? null), fetchedAt);
    });
  }

  getDocument<T>(kind: string, key: string): StoredDocument<T> | null {
    return this.guard('read a document', () => {
      const row = this.statements.getDocument.get(kind, key) as { value: string; fetched_at: string } | undefined;
      return row ? { value: JSON.parse(row.value) as T, fetchedAt: row.fetched_at } : null;
    });
  }

  prune(retentionDays: number, now: Date): void {
    this.guard('delete old observations', () => {
      if (!Number.isFinite(retentionDays) || retentionDays < 0) throw new Error(`retention of ${retentionDays} days is not a number of days`);
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
      this.statements.prune.run(cutoff);
    });
  }

  alertLog(): AlertLog {
    if (this.closed) throw storageError('Could not read the alert log', new Error('the offline store of this profile is closed'));
    return (this.alerts ??= new SqliteAlertLog(this.db, this.profileId));
  }

  siteStore(): SiteStore {
    if (this.closed) throw storageError('Could not read the sites', new Error('the offline store of this profile is closed'));
    return (this.sites ??= new SqliteSiteStore(this.db));
  }

  noteStore(): NoteStore {
    if (this.closed) throw storageError('Could not read the notes', new Error('the offline store of this profile is closed'));
    return (this.notes ??= new SqliteNoteStore(this.db));
  }

  utilization(): UtilizationStore {
    if (this.closed) throw storageError('Could not read the utilization days', new Error('the offline store of this profile is closed'));
    return (this.utilizationDays ??= new SqliteUtilizationStore(this.db));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
    try {
      this.db.close();
    } catch (err) {
      this.log(`Offline store of ${this.profileId}: closing failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private guard<T>(action: string, work: () => T): T {
    if (this.closed) throw storageError(`Could not ${action}`, new Error('the offline store of this profile is closed'));
    try {
      return work();
    } catch (err) {
      throw storageError(`Could not ${action} in the offline store`, err);
    }
  }
}

/**
 * The stored JSON texts in list order, for one parse of them joined (measured much faster
 * than a parse per row, and than ordering them in SQL).
 */
function inListOrder(ids: readonly string[], rows: readonly [string, string][]): string[] {
  const jsonById = new Map(rows);
  return ids.map((id) => {
    const json = jsonById.get(id);
    if (json === undefined) throw new Error(`asset ${id} is listed but not stored`);
    return json;
  });
}

/** A row as stored (rows carry no embed URL, so nothing is left out). */
function rowText(row: AssetRow): string {
  return JSON.stringify(row);
}

/** Throws unless `rows` are one row per listed id, in list order (damage can leave valid JSON of another shape). */
function checkRows(ids: readonly string[], rows: unknown): void {
  if (!Array.isArray(rows) || rows.length !== ids.length) throw new Error(`${ids.length} assets are listed but the rows do not match`);
  for (let i = 0; i < ids.length; i++) {
    const row = rows[i] as Partial<AssetRow> | null;
    if (row === null || typeof row !== 'object' || row.assetId !== ids[i] || typeof row.name !== 'string' || !Array.isArray(row.issues)) {
      throw new Error(`the row of asset ${ids[i]} is not whole`);
    }
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The metric values of these assets grouped by asset and collection time, as rows for the
 * observations table (values already stored at that time are kept by its upsert).
 */
function observationsOf(assets: readonly Asset[]): [string, string, string][] {
  const groups: [string, string, string][] = [];
  for (const asset of assets) {
    if (!asset.metrics) continue;
    let byTime: Map<string, Record<string, [unknown]>> | null = null;
    // Metrics of one report share their timestamp: convert each spelling once.
    let lastRaw = '';
    let lastCanonical: string | null = null;
    for (const metric in asset.metrics) {
      const entry = asset.metrics[metric];
      const raw = entry?.meta?.collectedOn;
      if (typeof raw !== 'string') continue;
      if (raw !== lastRaw) {
        lastRaw = raw;
        lastCanonical = canonicalIso(raw);
      }
      if (lastCanonical === null) continue;
      byTime ??= new Map();
      let group = byTime.get(lastCanonical);
      if (!group) byTime.set(lastCanonical, (group = Object.create(null) as Record<string, [unknown]>));
      group[metric] = [entry.value ?? null];
    }
    if (byTime) for (const [collectedOn, metrics] of byTime) groups.push([asset.assetId, collectedOn, JSON.stringify(metrics)]);
  }
  return groups;
}

/** The asset's engine-runtime reading (ms) and when it was collected, when it has a usable one. */
function engineRuntimeOf(asset: Asset): { at: number; ms: number } | null {
  const entry = asset.metrics?.['engine-runtime'];
  const ms = entry?.value;
  const at = typeof entry?.meta?.collectedOn === 'string' ? Date.parse(entry.meta.collectedOn) : Number.NaN;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || !Number.isFinite(at)) return null;
  return { at, ms };
}

/** ISO strings in one form (UTC, milliseconds) so they sort and compare as text. */
function canonicalIso(text: string): string | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
