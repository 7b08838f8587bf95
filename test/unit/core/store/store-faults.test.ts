import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Asset } from '../../../../src-main/contract';
import type { OfflineStore, StoreFactory } from '../../../../src-main/core/ports';
import { SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { PAGE_SIZE, pagesOf, scramblePage } from '../../../fixtures/store/damage';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const NOW = new Date('2026-02-03T04:05:06Z');
const SAVED_AT = new Date('2026-02-02T22:00:00Z');
const ASIDE = 'demo.sqlite.corrupt-20260203T040506Z';
const stored = (assets: Asset[]): Asset[] => assets.map((asset) => ({ ...asset, embedUrl: null }));

describe('offline store faults', () => {
  let dir: string;
  let cleanup: () => void;
  let factory: StoreFactory;
  let logged: string[];
  const open: OfflineStore[] = [];
  const openStore = (profile = 'demo'): OfflineStore => {
    const store = factory.open(profile);
    open.push(store);
    return store;
  };
  const folder = () => join(dir, 'offline');
  const file = (profile = 'demo') => join(folder(), `${profile}.sqlite`);

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('fleet-store-faults-'));
    logged = [];
    factory = createStoreFactory(dir, { now: () => NOW, log: (line) => logged.push(line) });
  });
  afterEach(() => {
    for (const store of open.splice(0)) store.close();
    cleanup();
  });

  /** A closed file holding `count` assets saved at SAVED_AT. */
  const saveList = (count: number): Asset[] => {
    const snapshot = makeSnapshot(count, SAVED_AT);
    const store = factory.open('demo');
    store.saveAssetSnapshot(snapshot);
    store.close();
    return snapshot.assets;
  };

  describe('a data file that cannot be opened', () => {
    it('runs on memory when a folder sits where the data file belongs, and says so and why', () => {
      mkdirSync(file(), { recursive: true });
      const store = openStore();
      expect(store.notice).toBe(
        `Fleet Desk could not open its offline data file (${file()} is a folder, not a file), so it is running without offline data: ` +
          'the asset list is not kept for working offline or for the next start.',
      );
      expect(logged.join('\n')).toContain(file());
      const snapshot = makeSnapshot(3, NOW);
      store.saveAssetSnapshot(snapshot);
      expect(store.loadAssetSnapshot()?.assets).toEqual(stored(snapshot.assets));
      expect(statSync(file()).isDirectory()).toBe(true);
      expect(readdirSync(file())).toEqual([]);
    });

    it('runs on memory when the data folder cannot be made, and says why', () => {
      writeFileSync(folder(), 'a file where the folder belongs');
      const store = openStore();
      expect(store.notice).toMatch(/^Fleet Desk could not open its offline data file \(the folder .*offline cannot be made: .+\), so it is running without offline data/);
      store.putDocument('fleet', '2.0', { kept: 'in memory' }, NOW.toISOString());
      expect(store.getDocument('fleet', '2.0')?.value).toEqual({ kept: 'in memory' });
    });

    it('keeps what the memory store holds separate per opening: nothing pretends to be saved', () => {
      mkdirSync(file(), { recursive: true });
      const first = openStore();
      first.saveAssetSnapshot(makeSnapshot(2, NOW));
      first.close();
      expect(openStore().loadAssetSnapshot()).toBeNull();
    });

    it('leaves a folder in the data file’s place alone when the profile’s data is removed', () => {
      mkdirSync(file(), { recursive: true });
      openStore();
      expect(() => factory.remove('demo')).not.toThrow();
      expect(statSync(file()).isDirectory()).toBe(true);
    });
  });

  describe('a damaged data file', () => {
    const expectAsideWhole = (original: Buffer) => {
      expect(readFileSync(join(folder(), ASIDE)).equals(original)).toBe(true);
    };

    it('sets aside a 0-byte file with the same notice as any other damaged file', () => {
      mkdirSync(folder(), { recursive: true });
      writeFileSync(file('demo'), '');
      writeFileSync(file('other'), 'not a database '.repeat(500));
      const empty = openStore('demo');
      const garbage = openStore('other');
      expect(empty.notice).toBe(
        `The offline data file was damaged and was set aside as ${ASIDE}; none of its saved assets could be recovered, so the list starts empty.`,
      );
      expect(garbage.notice).toBe(empty.notice!.replace('demo.sqlite', 'other.sqlite'));
      expect(statSync(join(folder(), ASIDE)).size).toBe(0);
      expect(empty.loadAssetSnapshot()).toBeNull();
    });

    it('sets aside a file written by a newer version without salvaging from it', () => {
      saveList(2);
      const db = new Database(file());
      db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
      db.close();
      const store = openStore();
      expect(store.notice).toBe(`The offline data file was written by a newer version of Fleet Desk and was set aside as ${ASIDE}; starting fresh.`);
      expect(store.loadAssetSnapshot()).toBeNull();
    });

    it('salvages the whole list, in order and with its time, when only an index is damaged', () => {
      const assets = saveList(60);
      scramblePage(file(), pagesOf(file(), 'observations_by_time')[0].pageno);
      const damaged = readFileSync(file());
      const store = openStore();
      expect(store.notice).toBe(`The offline data file was damaged and was set aside as ${ASIDE}; all 60 of its saved assets were recovered.`);
      expectAsideWhole(damaged);
      expect(store.loadAssetSnapshot()).toEqual({ profileId: 'demo', assets: stored(assets), skipped: [], fetchedAt: SAVED_AT.toISOString(), source: 'cache' });
    });

    it('salvages every readable row around damaged pages of the asset table', () => {
      const assets = saveList(60);
      const leaves = pagesOf(file(), 'snapshot_assets');
      const hit = [leaves[10], leaves[30], leaves[31]];
      const lost = hit.reduce((sum, page) => sum + page.cells, 0);
      for (const page of hit) scramblePage(file(), page.pageno);
      const store = openStore();
      const loaded = store.loadAssetSnapshot()!;
      expect(loaded.assets).toHaveLength(60 - lost);
      expect(store.notice).toBe(`The offline data file was damaged and was set aside as ${ASIDE}; ${60 - lost} of its 60 saved assets were recovered.`);
      // Every recovered asset is exactly what was saved, and the list keeps its order.
      const byId = new Map(stored(assets).map((asset) => [asset.assetId, asset]));
      for (const asset of loaded.assets) expect(asset).toEqual(byId.get(asset.assetId));
      const order = assets.map((asset) => asset.assetId);
      const positions = loaded.assets.map((asset) => order.indexOf(asset.assetId));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(loaded.fetchedAt).toBe(SAVED_AT.toISOString());
    });

    it('salvages every row still inside a file cut short by a crash or a full disk', () => {
      const assets = saveList(60);
      const leaves = pagesOf(file(), 'snapshot_assets');
      const cutAt = leaves[40].pageno;
      // The rows on the leaves still inside the file: the first ones, as pages were added in order.
      const inside = leaves.filter((page) => page.pageno < cutAt).reduce((sum, page) => sum + page.cells, 0);
      truncateSync(file(), (cutAt - 1) * PAGE_SIZE);
      const store = openStore();
      expect(store.notice).toBe(`The offline data file was damaged and was set aside as ${ASIDE}; ${inside} of its 60 saved assets were recovered.`);
      expect(store.loadAssetSnapshot()?.assets).toEqual(stored(assets).slice(0, inside));
    });

    it('salvages the rows when the list itself is unreadable, dated by the file', () => {
      const assets = saveList(20);
      const lastWritten = new Date('2026-02-03T01:02:03Z');
      scramblePage(file(), pagesOf(file(), 'snapshot')[0].pageno);
      utimesSync(file(), lastWritten, lastWritten);
      const store = openStore();
      expect(store.notice).toBe(`The offline data file was damaged and was set aside as ${ASIDE}; 20 saved assets were recovered.`);
      const loaded = store.loadAssetSnapshot()!;
      expect(new Set(loaded.assets.map((a) => a.assetId))).toEqual(new Set(assets.map((a) => a.assetId)));
      expect(loaded.fetchedAt).toBe(lastWritten.toISOString());
      expect(loaded.profileId).toBe('demo');
    });

    it('salvages only rows that are whole assets under their own id', () => {
      saveList(5);
      const db = new Database(file());
      db.prepare("UPDATE snapshot_assets SET json = ? WHERE asset_id = 'thing:2'").run('{"assetId":"thing:9","type":"thing","name":"Wrong id"}');
      db.prepare("UPDATE snapshot_assets SET json = ? WHERE asset_id = 'thing:3'").run('{"assetId":"thing:3","na');
      db.prepare("UPDATE snapshot_assets SET json = ? WHERE asset_id = 'thing:4'").run('{"assetId":"thing:4","type":"thing"}');
      db.close();
      scramblePage(file(), pagesOf(file(), 'observations_by_time')[0].pageno);
      const store = openStore();
      expect(store.loadAssetSnapshot()?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:5']);
      expect(store.notice).toMatch(/; 2 of its 5 saved assets were recovered\.$/);
    });

    it('sets aside a file that is not a database at all, with its side files, and starts empty', () => {
      mkdirSync(folder(), { recursive: true });
      const garbage = Buffer.alloc(64 * 1024);
      for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 251;
      writeFileSync(file(), garbage);
      writeFileSync(`${file()}-wal`, 'leftover');
      const store = openStore();
      expect(store.notice).toMatch(/was damaged and was set aside as demo\.sqlite\.corrupt-20260203T040506Z; none of its saved assets could be recovered/);
      expectAsideWhole(garbage);
      expect(readFileSync(join(folder(), `${ASIDE}-wal`), 'utf8')).toBe('leftover');
      expect(existsSync(`${file()}-wal`) && readFileSync(`${file()}-wal`, 'utf8') === 'leftover').toBe(false);
      expect(store.loadAssetSnapshot()).toBeNull();
    });
  });
});
