import { existsSync, renameSync } from 'node:fs';
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { FleetError } from '../errors';
import { migrate, schemaVersion, SCHEMA_VERSION } from './migrations';

export interface OpenedDatabase {
  db: Database.Database;
  /** Plain words for the status bar when the old file had to be set aside. */
  notice: string | null;
}

export interface OpenOptions {
  now: () => Date;
  log: (line: string) => void;
}

/** The file is there but cannot be used as it is; it is moved aside, never deleted. */
class UnusableFile extends Error {
  constructor(readonly reason: 'damaged' | 'newer') {
    super(reason === 'newer' ? 'written by a newer schema' : 'failed the integrity check');
  }
}

const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Opens (or creates) one offline database: WAL, synchronous=NORMAL, checked and
 * migrated. A damaged file or one from a newer version is renamed to
 * `<file>.corrupt-<timestamp>` (with its side files) and a fresh database is created.
 */
export function openDatabaseFile(file: string, options: OpenOptions): OpenedDatabase {
  try {
    return { db: openChecked(file), notice: null };
  } catch (err) {
    if (!isUnusable(err)) throw storageError(`Could not open the offline data file ${basename(file)}`, err);
    const aside = moveAside(file, options.now());
    const why = err instanceof UnusableFile && err.reason === 'newer' ? 'was written by a newer version of Fleet Desk' : 'was damaged';
    const notice = `The offline data file ${why} and was set aside as ${basename(aside)}; starting fresh.`;
    options.log(`${notice} (${describe(err)})`);
    try {
      return { db: openChecked(file), notice };
    } catch (again) {
      throw storageError(`Could not create a fresh offline data file ${basename(file)}`, again);
    }
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
