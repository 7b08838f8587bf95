/**
 * Salvage from a set-aside offline file (salvage-assets.ts), on real files damaged page
 * by page: what each failed step logs, the order and date of a list whose own record is
 * unreadable, rows reached through the id index or lost on bad pages, the skipped list,
 * and that the read-only connection is closed again.
 */
import { copyFileSync, existsSync, readdirSync, readlinkSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkippedAsset } from '../../../../src-main/contract';
import { isListOfObjects, salvageAssets } from '../../../../src-main/core/store/salvage-assets';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { pagesOf, scramblePage } from '../../../fixtures/store/damage';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const SAVED_AT = new Date('2026-02-02T22:00:00Z');
const ID_INDEX = 'sqlite_autoindex_snapshot_assets_1';
const SKIPPED: SkippedAsset[] = [{ index: 3, assetId: 'thing:99', path: '$.assets[3].name', reason: 'missing' }];

describe('salvageAssets', () => {
  let dir: string;
  let cleanup: () => void;
  let logged: string[];
  const log = (line: string) => logged.push(line);
  const file = () => join(dir, 'offline', 'demo.sqlite');
  const ids = (count: number) => Array.from({ length: count }, (_, i) => `thing:${i + 1}`);

  /** A closed file holding `count` assets saved at SAVED_AT, as the app writes it. */
  const saveList = (count: number, skipped: SkippedAsset[] = []): void => {
    const store = createStoreFactory(dir).open('demo');
    store.saveAssetSnapshot({ ...makeSnapshot(count, SAVED_AT), skipped });
    store.close();
  };
  const edit = (sql: string) => {
    const db = new Database(file());
    db.exec(sql);
    db.close();
  };
  const scrambleAll = (name: string) => {
    for (const page of pagesOf(file(), name, 'any')) scramblePage(file(), page.pageno);
  };
  const salvage = () => salvageAssets(file(), 'demo', log);
  const salvagedIds = () => salvage()?.rows.map(([id]) => id);

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('fleet-salvage-'));
    logged = [];
  });
  afterEach(() => cleanup());

  it('logs each step a file that is no database at all fails, and finds nothing', () => {
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, Buffer.alloc(8192, 'not a database '));
    expect(salvageAssets(junk, 'demo', log)).toBeNull();
    expect(logged).toEqual(
      [
        // (relaxing the schema checks reads nothing, so it passes even here)
        'reading the list',
        'reading the asset rows in one pass',
        'reading the asset ids',
        'preparing row reads',
      ].map((step) => `Offline store salvage: ${step} failed (file is not a database).`),
    );
  });

  it('logs a set-aside file that cannot be opened, and finds nothing', () => {
    expect(salvageAssets(join(dir, 'gone.sqlite'), 'demo', log)).toBeNull();
    expect(logged).toEqual(['Offline store salvage: the set-aside file cannot be opened (unable to open database file).']);
  });

  it('keeps the saved order when the list record is unreadable', () => {
    saveList(12);
    scramblePage(file(), pagesOf(file(), 'snapshot')[0].pageno);
    // Sorted by id, thing:10 would come right after thing:1.
    expect(salvagedIds()).toEqual(ids(12));
    expect(salvage()?.listed).toBeNull();
  });

  it('dates a list with an unreadable time by the newest write, which may sit in the write-ahead log', () => {
    saveList(3);
    const aside = join(dir, 'aside.sqlite');
    const db = new Database(file());
    db.exec("UPDATE snapshot SET fetched_at = 'not a time'");
    // Copied while the connection is open: the change is only in the log.
    copyFileSync(file(), aside);
    copyFileSync(`${file()}-wal`, `${aside}-wal`);
    db.close();
    expect(statSync(`${aside}-wal`).size).toBeGreaterThan(0);
    const fileTime = new Date('2026-02-03T01:00:00Z');
    const walTime = new Date('2026-02-03T02:30:00Z');
    utimesSync(aside, fileTime, fileTime);
    utimesSync(`${aside}-wal`, walTime, walTime);
    expect(salvageAssets(aside, 'demo', log)?.fetchedAt).toBe(walTime.toISOString());
  });

  it('takes every row in one pass when only the id index is damaged, without reading through it', () => {
    saveList(40);
    scrambleAll(ID_INDEX);
    expect(salvagedIds()).toEqual(ids(40));
    expect(logged).toEqual([]);
  });

  it('takes every row in one pass when the list and the id index are damaged, and names the failed steps', () => {
    saveList(40);
    scrambleAll(ID_INDEX);
    scramblePage(file(), pagesOf(file(), 'snapshot')[0].pageno);
    expect(salvagedIds()).toEqual(ids(40));
    expect(logged).toEqual([
      'Offline store salvage: reading the list failed (database disk image is malformed).',
      'Offline store salvage: reading the asset ids failed (database disk image is malformed).',
    ]);
  });

  it('counts the listed rows that sit on damaged pages, and reaches the rows after them', () => {
    saveList(60);
    const leaves = pagesOf(file(), 'snapshot_assets');
    const hit = [leaves[5], leaves[20]];
    const lost = hit.reduce((sum, page) => sum + page.cells, 0);
    for (const page of hit) scramblePage(file(), page.pageno);
    const list = salvage()!;
    expect(list.rows).toHaveLength(60 - lost);
    expect(list.listed).toBe(60);
    expect(logged).toEqual([
      'Offline store salvage: reading the asset rows in one pass failed (database disk image is malformed).',
      `Offline store salvage: ${lost} asset rows sit on damaged pages.`,
    ]);
  });

  it('keeps the skipped list when it reads as a list of entries, and otherwise an empty one', () => {
    saveList(2, SKIPPED);
    expect(JSON.parse(salvage()!.skipped)).toEqual(SKIPPED);
    edit(`UPDATE snapshot SET skipped = '["thing:99"]'`);
    expect(salvage()!.skipped).toBe('[]');
  });

  // Open descriptors are listed through /proc (Linux); elsewhere this one is skipped.
  it.skipIf(!existsSync('/proc/self/fd'))('closes its read-only connection', () => {
    saveList(3);
    expect(salvage()?.rows).toHaveLength(3);
    const open = readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/self/fd/${fd}`)];
      } catch {
        return [];
      }
    });
    expect(open.filter((path) => path.startsWith(dir))).toEqual([]);
  });
});

describe('isListOfObjects', () => {
  it('reads a JSON list of objects, or an empty list, and nothing else', () => {
    expect(isListOfObjects(JSON.stringify(SKIPPED))).toBe(true);
    expect(isListOfObjects('[]')).toBe(true);
    expect(isListOfObjects('[{}, {"a": 1}]')).toBe(true);
    expect(isListOfObjects('[{}, null]')).toBe(false);
    expect(isListOfObjects('[{}, "x"]')).toBe(false);
    expect(isListOfObjects('[1]')).toBe(false);
    expect(isListOfObjects('{"0": {}}')).toBe(false);
    expect(isListOfObjects('[{')).toBe(false);
  });
});
