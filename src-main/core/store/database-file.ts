import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { FleetError } from '../errors';
import { migrate, schemaVersion, SCHEMA_VERSION } from './migrations';
import { salvageAssets, writeSalvagedList } from './salvage-assets';

export interface OpenedDatabase {
  db: Database.Database;
  /** Plain words for the status bar when the old file had to be set aside. */
  notice: string | null;
}

export interface OpenOptions {
  now: () => Date;
  log: (line: string) => void;
  /** Whose list the file holds, for a salvaged list whose own record is unreadable. */
  profileId: string;
}

/** Why the file cannot be used at all, in words for the status bar. */
class Unopenable extends Error {}

/** The file is there but cannot be used as it is; it is moved aside, never deleted. */
class UnusableFile extends Error {
  constructor(readonly reason: 'damaged' | 'newer') {
    super(reason === 'newer' ? 'written by a newer schema' : 'failed the integrity check');
  }
}

const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Opens the offline database `file` in `folder` (see openDatabaseFile). When the folder
 * or the file cannot be opened at all (no permission, a folder in the file's place, a
 * full or read-only disk), the app still starts: on a database in memory, with a notice
 * saying why and that nothing is kept.
 */
export function openStoreDatabase(folder: string, file: string, options: OpenOptions): OpenedDatabase {
  try {
    try {
      mkdirSync(folder, { recursive: true });
    } catch (err) {
      throw new Unopenable(`the folder ${folder} cannot be made: ${plainReason(err)}`);
    }
    return openDatabaseFile(file, options);
  } catch (err) {
    const why = err instanceof Unopenable ? err.message : plainReason(err);
    options.log(`Offline store of ${options.profileId}: ${why}; running without offline data (${describe(err)}).`);
    const notice =
      `Fleet Desk could not open its offline data file (${why}), so it is running without offline data: ` +
      'the asset list is not kept for working offline or for the next start.';
    return { db: openInMemory(), notice };
  }
}

/** A database that lives as long as its connection: the store's stand-in when no file can be used. */
export function openInMemory(): Database.Database {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}

/**
 * Opens (or creates) one offline database: WAL, synchronous=NORMAL, checked and
 * migrated. A damaged file or one from a newer version is renamed to
 * `<file>.corrupt-<timestamp>` (with its side files) and a fresh database is created;
 * every readable asset of a damaged file is carried into the fresh one.
 */
export function openDatabaseFile(file: string, options: OpenOptions): OpenedDatabase {
  refuseNonFile(file);
  try {
    return { db: openChecked(file), notice: null };
  } catch (err) {
    if (!isUnusable(err)) throw new Unopenable(`${file} cannot be opened: ${plainReason(err)}`);
    const aside = moveAside(file, options.now());
    let db: Database.Database;
    try {
      db = openChecked(file);
    } catch (again) {
      throw new Unopenable(`a fresh ${file} cannot be made: ${plainReason(again)}`);
    }
    const notice =
      err instanceof UnusableFile && err.reason === 'newer'
        ? `The offline data file was written by a newer version of Fleet Desk and was set aside as ${basename(aside)}; starting fresh.`
        : `The offline data file was damaged and was set aside as ${basename(aside)}; ${recovered(salvageInto(db, aside, options))}`;
    options.log(`${notice} (${describe(err)})`);
    return { db, notice };
  }
}

/** Carries what can be read of the set-aside file into `db`; how many assets, of how many listed. */
function salvageInto(db: Database.Database, aside: string, options: OpenOptions): { count: number; listed: number | null } {
  const list = salvageAssets(aside, options.profileId, options.log);
  if (!list) return { count: 0, listed: null };
  try {
    writeSalvagedList(db, list);
  } catch (err) {
    options.log(`Offline store salvage: writing the recovered list failed (${describe(err)}).`);
    return { count: 0, listed: null };
  }
  return { count: list.rows.length, listed: list.listed };
}

function recovered({ count, listed }: { count: number; listed: number | null }): string {
  if (count === 0) return 'none of its saved assets could be recovered, so the list starts empty.';
  const number = (n: number) => n.toLocaleString('en-US');
  const assets = (n: number) => `${number(n)} saved asset${n === 1 ? '' : 's'}`;
  const were = count === 1 ? 'was' : 'were';
  if (listed === null) return `${assets(count)} ${were} recovered.`;
  if (listed === count) return count === 1 ? 'its one saved asset was recovered.' : `all ${number(count)} of its saved assets were recovered.`;
  return `${number(count)} of its ${assets(listed)} ${were} recovered.`;
}

/** A folder or other non-file in the data file's place is never opened, moved or deleted. */
function refuseNonFile(file: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch {
    return; // not there yet (or unreadable): opening it says what is wrong
  }
  if (!isFile) throw new Unopenable(`${file} is ${statSync(file).isDirectory() ? 'a folder' : 'something other than a file'}, not a file`);
}

/** The cause of a file-system or SQLite failure in a few plain words. */
function plainReason(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'SQLITE_PERM':
      return 'Fleet Desk has no permission to use it';
    case 'SQLITE_CANTOPEN':
      return 'the system would not open it (no permission, or the folder is gone)';
    case 'EEXIST':
    case 'ENOTDIR':
      return 'a file is in the way';
    case 'EROFS':
    case 'SQLITE_READONLY':
      return 'the disk or file is read-only';
    case 'ENOSPC':
    case 'SQLITE_FULL':
      return 'the disk is full';
    default:
      return describe(err);
  }
}

function openChecked(file: string): Database.Database {
  checkReadOnly(file);
  const db = new Database(file);
  try {
    if (schemaVersion(db) > SCHEMA_VERSION) throw new UnusableFile('newer');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Checks an existing file through a read-only connection first: closing a writable
 * connection on a damaged file can delete its -wal, which may hold the newest data.
 */
function checkReadOnly(file: string): void {
  if (!existsSync(file)) return;
  // SQLite takes an empty file for a new database; ours always hold a header, so an
  // empty one lost its content and is set aside like any other damaged file.
  if (statSync(file).size === 0) throw new UnusableFile('damaged');
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    if (isUnusable(err)) throw err;
    return; // let the writable open report it
  }
  try {
    // The first read of the header is where "file is not a database" shows up.
    if (schemaVersion(db) > SCHEMA_VERSION) throw new UnusableFile('newer');
    if (db.pragma('quick_check', { simple: true }) !== 'ok') throw new UnusableFile('damaged');
  } catch (err) {
    // A read-only connection cannot replay a rollback journal: the writable open will.
    if (isUnusable(err)) throw err;
  } finally {
    db.close();
  }
}

function isUnusable(err: unknown): boolean {
  if (err instanceof UnusableFile) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_IOERR_SHORT_READ');
}

function moveAside(file: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  let aside = `${file}.corrupt-${stamp}`;
  for (let n = 2; existsSync(aside); n++) aside = `${file}.corrupt-${stamp}-${n}`;
  try {
    renameSync(file, aside);
    for (const suffix of SIDE_FILES) {
      if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    }
  } catch (err) {
    throw storageError(`The offline data file ${basename(file)} is damaged and could not be set aside`, err);
  }
  return aside;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function storageError(what: string, err: unknown): FleetError {
  return new FleetError('storage', `${what}: ${describe(err)}.`, { cause: err });
}
