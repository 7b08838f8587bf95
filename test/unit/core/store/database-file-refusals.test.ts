/**
 * What the status bar says when the system refuses the offline data file for a reason
 * these tests cannot cause on disk (they run as root on a writable disk): no permission,
 * a read-only or full disk, and SQLite's own refusals. The folder is made and the file
 * opened for real; only the one refusal a test names is put in the system's place,
 * through `mkdirSync` and the better-sqlite3 constructor, from a finite queue.
 */
import type * as NodeFs from 'node:fs';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStoreDatabase, type OpenOptions } from '../../../../src-main/core/store/database-file';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

/** The next refusals, in order: one per folder made, or one per database opened (null: open it for real). */
const refusals = vi.hoisted(() => ({ mkdir: [] as Error[], open: [] as Array<Error | null> }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const mkdirSync = ((...args: Parameters<typeof fs.mkdirSync>) => {
    const refusal = refusals.mkdir.shift();
    if (refusal) throw refusal;
    return fs.mkdirSync(...args);
  }) as typeof fs.mkdirSync;
  return { ...fs, default: { ...fs, mkdirSync }, mkdirSync };
});

vi.mock('better-sqlite3', async (importOriginal) => {
  const Real = (await importOriginal<{ default: typeof Database }>()).default;
  // Called with `new`: returning an object from a constructor makes it the result.
  function Refusing(this: unknown, ...args: ConstructorParameters<typeof Database>): Database.Database {
    const refusal = refusals.open.shift();
    if (refusal) throw refusal;
    return new Real(...args);
  }
  Object.assign(Refusing, Real);
  return { default: Refusing };
});

const NOW = new Date('2026-02-03T04:05:06Z');
const MEMORY_TAIL = ', so it is running without offline data: the asset list is not kept for working offline or for the next start.';
const systemError = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });
const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code, name: 'SqliteError' });

describe('the system refuses the offline data file', () => {
  let dir: string;
  let cleanup: () => void;
  let options: OpenOptions;
  const opened: Database.Database[] = [];
  const folder = () => join(dir, 'offline');
  const file = () => join(folder(), 'demo.sqlite');
  const openStore = () => {
    const result = openStoreDatabase(folder(), file(), options);
    opened.push(result.db);
    return result;
  };
  const saveList = (count: number) => {
    const store = createStoreFactory(dir).open('demo');
    store.saveAssetSnapshot(makeSnapshot(count, NOW));
    store.close();
  };

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('fleet-database-refusals-'));
    options = { now: () => NOW, log: () => {}, profileId: 'demo' };
  });
  afterEach(() => {
    // Every planned refusal was met: none leaks into the next test.
    expect(refusals).toEqual({ mkdir: [], open: [] });
    for (const db of opened.splice(0)) db.close();
    cleanup();
  });

  it.each([
    ['EACCES', 'permission denied', 'Fleet Desk has no permission to use it'],
    ['EPERM', 'operation not permitted', 'Fleet Desk has no permission to use it'],
    ['EROFS', 'read-only file system', 'the disk or file is read-only'],
    ['ENOSPC', 'no space left on device', 'the disk is full'],
  ])('names a folder that cannot be made (%s)', (code, message, words) => {
    refusals.mkdir.push(systemError(code, message));
    const { db, notice } = openStore();
    expect(notice).toBe(`Fleet Desk could not open its offline data file (the folder ${folder()} cannot be made: ${words})${MEMORY_TAIL}`);
    expect(db.memory).toBe(true);
  });

  it.each([
    ['SQLITE_PERM', 'access permission denied', 'Fleet Desk has no permission to use it'],
    ['SQLITE_CANTOPEN', 'unable to open database file', 'the system would not open it (no permission, or the folder is gone)'],
    ['SQLITE_READONLY', 'attempt to write a readonly database', 'the disk or file is read-only'],
    ['SQLITE_FULL', 'database or disk is full', 'the disk is full'],
  ])('names a file SQLite will not open (%s)', (code, message, words) => {
    refusals.open.push(sqliteError(code, message));
    const { notice } = openStore();
    expect(notice).toBe(`Fleet Desk could not open its offline data file (${file()} cannot be opened: ${words})${MEMORY_TAIL}`);
  });

  it('names a fresh file that cannot be made after the damaged one was set aside', () => {
    mkdirSync(folder(), { recursive: true });
    writeFileSync(file(), '');
    refusals.open.push(sqliteError('SQLITE_FULL', 'database or disk is full'));
    const { notice } = openStore();
    expect(notice).toBe(`Fleet Desk could not open its offline data file (a fresh ${file()} cannot be made: the disk is full)${MEMORY_TAIL}`);
    expect(existsSync(`${file()}.corrupt-20260203T040506Z`)).toBe(true);
  });

  it('leaves a refusal of the read-only check to the writable open, which opens the file', () => {
    saveList(2);
    refusals.open.push(sqliteError('SQLITE_CANTOPEN', 'unable to open database file'), null);
    const { db, notice } = openStore();
    expect(notice).toBeNull();
    expect(db.prepare('SELECT count(*) FROM snapshot_assets').pluck().get()).toBe(2);
  });

  it.each(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_IOERR_SHORT_READ'])(
    'sets the file aside as damaged when the read-only check is answered %s',
    (code) => {
      saveList(2);
      refusals.open.push(sqliteError(code, 'database disk image is malformed'));
      expect(openStore().notice).toBe('The offline data file was damaged and was set aside as demo.sqlite.corrupt-20260203T040506Z; all 2 of its saved assets were recovered.');
    },
  );
});
