/**
 * Opening the offline data file (database-file.ts), driven with real files in a temp
 * folder: what the status bar and the log say for each fault that can be built on disk
 * (a folder path through a file, a dangling link, a device in the file's place, a set-aside
 * name already taken, a crash's rollback journal, a newer file with an un-checkpointed
 * WAL), and that no connection to the file is left open.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync, existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { openDatabaseFile, openStoreDatabase, type OpenOptions } from '../../../../src-main/core/store/database-file';
import { SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { pagesOf, scramblePage } from '../../../fixtures/store/damage';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const NOW = new Date('2026-02-03T04:05:06Z');
const SAVED_AT = new Date('2026-02-02T22:00:00Z');
const STAMP = '20260203T040506Z';
const HAS_PROC_FD = existsSync('/proc/self/fd');
const MEMORY_TAIL = ', so it is running without offline data: the asset list is not kept for working offline or for the next start.';

/** The paths of this process's open file descriptors that lie under `dir` (Linux). */
function openFilesUnder(dir: string): string[] {
  const paths: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(dir)) paths.push(target);
    } catch {
      // the descriptor closed while being listed
    }
  }
  return paths;
}

describe('opening the offline data file', () => {
  let dir: string;
  let cleanup: () => void;
  let logged: string[];
  let options: OpenOptions;
  const opened: Database.Database[] = [];
  const folder = () => join(dir, 'offline');
  const file = () => join(folder(), 'demo.sqlite');
  const aside = (suffix = '') => join(folder(), `demo.sqlite.corrupt-${STAMP}${suffix}`);

  const keep = <T extends { db: Database.Database }>(result: T): T => {
    opened.push(result.db);
    return result;
  };
  const openStore = () => keep(openStoreDatabase(folder(), file(), options));

  /** A closed data file holding `count` assets saved at SAVED_AT, written by the app. */
  const saveList = (count: number): void => {
    const store = createStoreFactory(dir, { now: () => SAVED_AT }).open('demo');
    store.saveAssetSnapshot(makeSnapshot(count, SAVED_AT));
    store.close();
  };
  /** Damage the integrity check sees but that leaves the asset rows and the list readable. */
  const damageIndex = () => scramblePage(file(), pagesOf(file(), 'observations_by_time')[0].pageno);
  const edit = (sql: string) => {
    const db = new Database(file());
    db.exec(sql);
    db.close();
  };

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('fleet-database-file-'));
    logged = [];
    options = { now: () => NOW, log: (line) => logged.push(line), profileId: 'demo' };
  });
  afterEach(() => {
    for (const db of opened.splice(0)) if (db?.open) db.close();
    cleanup();
  });

  describe('the log line says why a file was set aside', () => {
    it('a file written by a newer version', () => {
      saveList(2);
      edit(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
      const { notice } = openStore();
      expect(notice).toBe(`The offline data file was written by a newer version of Fleet Desk and was set aside as demo.sqlite.corrupt-${STAMP}; starting fresh.`);
      expect(logged).toEqual([`${notice} (written by a newer schema)`]);
    });

    it('a damaged file, without a salvage write that never happened', () => {
      mkdirSync(folder(), { recursive: true });
      writeFileSync(file(), '');
      const { notice } = openStore();
      expect(notice).toBe(
        `The offline data file was damaged and was set aside as demo.sqlite.corrupt-${STAMP}; none of its saved assets could be recovered, so the list starts empty.`,
      );
      expect(logged.at(-1)).toBe(`${notice} (failed the integrity check)`);
      expect(logged.filter((line) => line.includes('writing the recovered list'))).toEqual([]);
    });
  });

  describe('what the notice says was recovered', () => {
    it('the one saved asset of a one-asset list', () => {
      saveList(1);
      damageIndex();
      expect(openStore().notice).toBe(`The offline data file was damaged and was set aside as demo.sqlite.corrupt-${STAMP}; its one saved asset was recovered.`);
    });

    it('one asset when the list itself is unreadable', () => {
      saveList(1);
      scramblePage(file(), pagesOf(file(), 'snapshot')[0].pageno);
      expect(openStore().notice).toBe(`The offline data file was damaged and was set aside as demo.sqlite.corrupt-${STAMP}; 1 saved asset was recovered.`);
    });

    it('one asset of several', () => {
      saveList(3);
      edit("UPDATE snapshot_assets SET json = '{}' WHERE asset_id <> 'thing:2'");
      damageIndex();
      expect(openStore().notice).toMatch(/; 1 of its 3 saved assets was recovered\.$/);
    });

    it('nothing, and why, when the recovered list cannot be written into the fresh file', () => {
      saveList(2);
      // Damage that leaves valid JSON: the list names one asset twice.
      edit(`UPDATE snapshot SET asset_ids = '["thing:1","thing:2","thing:1"]'`);
      damageIndex();
      const { db, notice } = openStore();
      expect(notice).toBe(
        `The offline data file was damaged and was set aside as demo.sqlite.corrupt-${STAMP}; none of its saved assets could be recovered, so the list starts empty.`,
      );
      expect(logged).toContain('Offline store salvage: writing the recovered list failed (UNIQUE constraint failed: snapshot_assets.asset_id).');
      expect(db.prepare('SELECT count(*) FROM snapshot_assets').pluck().get()).toBe(0);
      expect(db.prepare('SELECT count(*) FROM snapshot').pluck().get()).toBe(0);
    });
  });

  describe('a data file that cannot be opened at all', () => {
    it('names a file in the way of the data folder', () => {
      writeFileSync(folder(), 'a file where the folder belongs');
      expect(openStore().notice).toBe(`Fleet Desk could not open its offline data file (the folder ${folder()} cannot be made: a file is in the way)${MEMORY_TAIL}`);
    });

    it('names a file in the way of a folder above the data folder', () => {
      writeFileSync(join(dir, 'profiles'), 'a file');
      const nested = join(dir, 'profiles', 'offline');
      const { notice } = keep(openStoreDatabase(nested, join(nested, 'demo.sqlite'), options));
      expect(notice).toBe(`Fleet Desk could not open its offline data file (the folder ${nested} cannot be made: a file is in the way)${MEMORY_TAIL}`);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^Offline store of demo: the folder .* cannot be made: a file is in the way; running without offline data \(/);
    });

    it('names a link into a folder that is gone, and leaves the link alone', () => {
      mkdirSync(folder(), { recursive: true });
      symlinkSync(join(dir, 'removed', 'demo.sqlite'), file());
      const { db, notice } = openStore();
      expect(notice).toBe(
        `Fleet Desk could not open its offline data file (${file()} cannot be opened: the system would not open it (no permission, or the folder is gone))${MEMORY_TAIL}`,
      );
      expect(db.memory).toBe(true);
      expect(lstatSync(file()).isSymbolicLink()).toBe(true);
      expect(readdirSync(folder())).toEqual(['demo.sqlite']);
    });

    it('names a device in the file’s place, and leaves it alone', () => {
      mkdirSync(folder(), { recursive: true });
      symlinkSync('/dev/null', file());
      expect(openStore().notice).toBe(`Fleet Desk could not open its offline data file (${file()} is something other than a file, not a file)${MEMORY_TAIL}`);
      expect(readlinkSync(file())).toBe('/dev/null');
    });

    it('says plainly when the file’s folder does not exist', () => {
      const missing = join(dir, 'nowhere', 'demo.sqlite');
      expect(() => openDatabaseFile(missing, options)).toThrow(`${missing} cannot be opened: Cannot open database because the directory does not exist`);
      expect(existsSync(join(dir, 'nowhere'))).toBe(false);
    });
  });

  describe('setting a file aside', () => {
    it('picks the next free name when earlier ones are taken', () => {
      mkdirSync(folder(), { recursive: true });
      writeFileSync(aside(), 'an earlier damaged file');
      writeFileSync(aside('-2'), 'another one');
      writeFileSync(file(), '');
      expect(openStore().notice).toMatch(new RegExp(`set aside as demo\\.sqlite\\.corrupt-${STAMP}-3; `));
      expect(readFileSync(aside(), 'utf8')).toBe('an earlier damaged file');
      expect(readFileSync(aside('-2'), 'utf8')).toBe('another one');
      expect(readFileSync(aside('-3'), 'utf8')).toBe('');
    });

    it('fails as a storage error, with the system’s reason kept, when the file cannot be renamed', () => {
      mkdirSync(folder(), { recursive: true });
      // The longest name a folder entry may have: the set-aside name cannot be longer.
      const name = `${'d'.repeat(248)}.sqlite`;
      const long = join(folder(), name);
      writeFileSync(long, '');
      let thrown: unknown;
      try {
        openDatabaseFile(long, options);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(FleetError);
      const err = thrown as FleetError;
      expect(err.kind).toBe('storage');
      expect(err.message).toMatch(new RegExp(`^The offline data file ${name} is damaged and could not be set aside: ENAMETOOLONG: name too long, rename .*\\.$`));
      expect(err.cause).toMatchObject({ code: 'ENAMETOOLONG' });
      expect(readdirSync(folder())).toEqual([name]);
    });
  });

  describe('a rollback journal left by a crash', () => {
    /**
     * A copy of a file in rollback-journal mode taken in the middle of a write: the copy's
     * journal is "hot" (it holds the pages to restore and no connection owns it).
     */
    const crashMidWrite = (userVersion: number): void => {
      mkdirSync(folder(), { recursive: true });
      const source = join(dir, 'source.sqlite');
      const db = new Database(source);
      db.pragma('journal_mode = DELETE');
      db.exec('CREATE TABLE kept (x TEXT)');
      db.prepare('INSERT INTO kept VALUES (?)').run('committed');
      db.pragma(`user_version = ${userVersion}`);
      db.pragma('cache_size = 5'); // pages spill into the file before the commit
      db.exec('BEGIN');
      const put = db.prepare('INSERT INTO kept VALUES (?)');
      for (let i = 0; i < 2000; i++) put.run(`uncommitted ${i} ${'x'.repeat(200)}`);
      copyFileSync(source, file());
      copyFileSync(`${source}-journal`, `${file()}-journal`);
      db.exec('ROLLBACK');
      db.close();
    };

    it('is replayed by the writable open: the file keeps its committed rows', () => {
      crashMidWrite(0);
      const { db, notice } = openStore();
      expect(notice).toBeNull();
      expect(db.prepare('SELECT x FROM kept').pluck().all()).toEqual(['committed']);
      expect(existsSync(`${file()}-journal`)).toBe(false);
    });

    it('still shows a file from a newer version once replayed, and sets it aside', () => {
      crashMidWrite(SCHEMA_VERSION + 1);
      const { db, notice } = openStore();
      expect(notice).toBe(`The offline data file was written by a newer version of Fleet Desk and was set aside as demo.sqlite.corrupt-${STAMP}; starting fresh.`);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const setAside = new Database(aside(), { readonly: true });
      expect(setAside.prepare('SELECT x FROM kept').pluck().all()).toEqual(['committed']);
      setAside.close();
    });
  });

  it('sets aside a newer file with its write-ahead log untouched', () => {
    mkdirSync(folder(), { recursive: true });
    const source = join(dir, 'source.sqlite');
    const db = new Database(source);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE kept (x TEXT)');
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.prepare('INSERT INTO kept VALUES (?)').run('only in the log');
    // Copied while the connection is open: the log is not yet folded into the file.
    copyFileSync(source, file());
    copyFileSync(`${source}-wal`, `${file()}-wal`);
    db.close();
    const main = readFileSync(file());
    const wal = readFileSync(`${file()}-wal`);
    expect(openStore().notice).toMatch(/was written by a newer version of Fleet Desk/);
    expect(readFileSync(aside()).equals(main)).toBe(true);
    expect(readFileSync(aside('-wal')).equals(wal)).toBe(true);
  });

  // Open descriptors are listed through /proc (Linux); elsewhere these two are skipped.
  it.skipIf(!HAS_PROC_FD)('leaves no connection open on the file but the one it returns', () => {
    saveList(3);
    const { db, notice } = openStore();
    expect(notice).toBeNull();
    db.close();
    expect(openFilesUnder(dir)).toEqual([]);
  });

  it.skipIf(!HAS_PROC_FD)('leaves no connection open on a file it set aside', () => {
    saveList(3);
    damageIndex();
    const { db } = openStore();
    db.close();
    expect(openFilesUnder(dir)).toEqual([]);
  });
});
