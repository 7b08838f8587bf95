/**
 * What can still be read of a damaged offline file, for the fresh one that replaces it:
 * the last good asset list is what a dispatcher needs most when the network is down too.
 * Reads the set-aside copy read-only and takes every asset row SQLite can still hand
 * over, row by row, so one bad page costs the rows on it and nothing more.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import * as v from 'valibot';
import type { Asset } from '../../contract';
import { AssetHeadSchema } from '../assets/asset-schema';

export interface SalvagedList {
  profileId: string;
  fetchedAt: string;
  /** Asset ids and their stored JSON, in list order where the list was readable. */
  rows: [string, string][];
  skipped: string;
  /** How many assets the damaged file listed, or null when its list was unreadable. */
  listed: number | null;
}

interface ListRow {
  profile_id: string;
  fetched_at: string;
  asset_ids: string;
  skipped: string;
}

const describe = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Runs `work`, or answers `fallback` when the damage shows there (and logs it). */
function attempt<T>(what: string, work: () => T, fallback: T, log: (line: string) => void): T {
  try {
    return work();
  } catch (err) {
    log(`Offline store salvage: ${what} failed (${describe(err)}).`);
    return fallback;
  }
}

/**
 * One stored asset row read back on its own, or null unless it is whole: its own id, the
 * head fields, and metrics and issues in shape (damage can leave valid JSON of another shape).
 */
export function readStoredAsset(id: string, json: string): Asset | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!v.is(AssetHeadSchema, value) || value.assetId !== id) return null;
  const rest = value as { metrics?: unknown; issues?: unknown; lastUpdate?: unknown };
  const metricsOk = rest.metrics === null || (typeof rest.metrics === 'object' && !Array.isArray(rest.metrics));
  const lastUpdateOk = rest.lastUpdate === null || typeof rest.lastUpdate === 'string';
  return metricsOk && lastUpdateOk && Array.isArray(rest.issues) ? (value as unknown as Asset) : null;
}

/** A JSON list of asset ids, or null. */
export function idList(text: string): string[] | null {
  try {
    const ids: unknown = JSON.parse(text);
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? (ids as string[]) : null;
  } catch {
    return null;
  }
}

/**
 * When the list row is gone, the newest write to the file is the best guess of its age.
 * An empty -wal holds no write: opening the file read-only is enough to create one.
 */
function lastWritten(file: string): string {
  const written = (path: string): number => {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat && stat.size > 0 ? stat.mtimeMs : 0;
  };
  return new Date(Math.max(written(file), written(`${file}-wal`))).toISOString();
}

/**
 * Every readable, whole asset row of the damaged file `file` (already set aside), or
 * null when not one could be read. Never throws: salvage is a bonus, not a step that
 * may stop the app from starting.
 */
export function salvageAssets(file: string, profileId: string, log: (line: string) => void): SalvagedList | null {
  const fileTime = lastWritten(file);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    log(`Offline store salvage: the set-aside file cannot be opened (${describe(err)}).`);
    return null;
  }
  try {
    // On this read-only copy only: a file shorter than its header says (cut off by a
    // crash or a full disk) reads as malformed unless SQLite may trust the schema anyway.
    attempt(
      'relaxing the schema checks',
      () => {
        db.unsafeMode(true);
        db.pragma('writable_schema = ON');
      },
      undefined,
      log,
    );
    const list = attempt('reading the list', () => db.prepare('SELECT profile_id, fetched_at, asset_ids, skipped FROM snapshot WHERE id = 1').get() as ListRow | undefined, undefined, log);
    const listedIds = list ? idList(list.asset_ids) : null;

    // One pass over the table until the first bad page, then each missing id on its own
    // through the id index, which reaches rows on the pages after the bad one.
    const found = new Map<string, string>();
    attempt(
      'reading the asset rows in one pass',
      () => {
        for (const [id, json] of db.prepare('SELECT asset_id, json FROM snapshot_assets').raw().iterate() as Iterable<[string, string]>) found.set(id, json);
      },
      undefined,
      log,
    );
    const knownIds = listedIds ?? attempt('reading the asset ids', () => db.prepare('SELECT asset_id FROM snapshot_assets ORDER BY asset_id').pluck().all() as string[], [], log);
    const one = attempt('preparing row reads', () => db.prepare('SELECT json FROM snapshot_assets WHERE asset_id = ?').pluck(), null, log);
    let unreadable = 0;
    for (const id of knownIds) {
      if (found.has(id) || !one) continue;
      try {
        const json = one.get(id) as string | undefined;
        if (json !== undefined) found.set(id, json);
      } catch {
        unreadable += 1;
      }
    }
    if (unreadable > 0) log(`Offline store salvage: ${unreadable} asset rows sit on damaged pages.`);

    const order = listedIds ?? [...found.keys()];
    const rows: [string, string][] = [];
    for (const id of order) {
      const json = found.get(id);
      if (json !== undefined && readStoredAsset(id, json)) rows.push([id, json]);
    }
    if (rows.length === 0) return null;
    return {
      profileId: list?.profile_id ?? profileId,
      fetchedAt: list && !Number.isNaN(Date.parse(list.fetched_at)) ? list.fetched_at : fileTime,
      rows,
      skipped: list && isListOfObjects(list.skipped) ? list.skipped : '[]',
      listed: listedIds?.length ?? null,
    };
  } finally {
    db.close();
  }
}

/** True for a JSON list of objects (the shape of a stored skipped list). */
export function isListOfObjects(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => item !== null && typeof item === 'object');
  } catch {
    return false;
  }
}

/** Writes a salvaged list into a fresh database as its one saved list. */
export function writeSalvagedList(db: Database.Database, list: SalvagedList): void {
  db.transaction(() => {
    const put = db.prepare('INSERT INTO snapshot_assets (asset_id, json) VALUES (?, ?)');
    for (const [id, json] of list.rows) put.run(id, json);
    db.prepare('INSERT INTO snapshot (id, profile_id, fetched_at, asset_ids, skipped, revision) VALUES (1, ?, ?, ?, ?, 1)').run(
      list.profileId,
      list.fetchedAt,
      JSON.stringify(list.rows.map(([id]) => id)),
      list.skipped,
    );
  })();
}
