import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineStore, StoreFactory } from '../../../../src-main/core/ports';
import { SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { SNAPSHOT_A_AT, SNAPSHOT_A_COUNT } from '../../../fixtures/store/crash-writer';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const WRITER = resolve(__dirname, '../../../fixtures/store/crash-writer.ts');
const NOW = new Date('2026-02-03T04:05:06Z');

describe('offline store on disk', () => {
  let dir: string;
  let cleanup: () => void;
  let factory: StoreFactory;
  const open: OfflineStore[] = [];
  const openStore = (profile = 'demo', f = factory): OfflineStore => {
    const store = f.open(profile);
    open.push(store);
    return store;
  };
  const file = (profile = 'demo') => join(dir, 'offline', `${profile}.sqlite`);
  const files = () => readdirSync(join(dir, 'offline')).sort();

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('fleet-store-int-'));
    factory = createStoreFactory(dir, { now: () => NOW });
  });
  afterEach(() => {
    for (const store of open.splice(0)) store.close();
    cleanup();
  });

  it('keeps snapshot A whole when the process dies inside the write of snapshot B', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((done) => child.on('exit', (code, signal) => done(signal ?? code)));
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('IN-TRANSACTION')) done();
      });
      child.on('exit', () => fail(new Error(`writer ended before its transaction: ${stdout} ${stderr}`)));
    });
    // The half-written transaction really reached the disk before the kill.
    expect(statSync(`${file('crash')}-wal`).size).toBeGreaterThan(4 * 1024 * 1024);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(stdout).toContain('A-SAVED');
    expect(stdout).not.toContain('B-SAVED');

    const store = openStore('crash');
    expect(store.notice).toBeNull();
    const loaded = store.loadAssetSnapshot();
    const expected = makeSnapshot(SNAPSHOT_A_COUNT, SNAPSHOT_A_AT, 'crash');
    expect(loaded).toEqual({ ...expected, source: 'cache', assets: expected.assets.map((a) => ({ ...a, embedUrl: null })) });
    expect(store.trail('thing:1', '2026-01-01T00:00:00Z')).toHaveLength(1);
  });

  it('sets aside a file that is not a database, with its side files, and starts empty', () => {
    mkdirSync(join(dir, 'offline'), { recursive: true });
    const garbage = Buffer.alloc(64 * 1024, 0);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 251;
    writeFileSync(file(), garbage);
    writeFileSync(`${file()}-wal`, 'leftover');
    const logged: string[] = [];
    const store = openStore('demo', createStoreFactory(dir, { now: () => NOW, log: (line) => logged.push(line) }));

    const aside = 'demo.sqlite.corrupt-20260203T040506Z';
    expect(store.notice).toBe(`The offline data file was damaged and was set aside as ${aside}; none of its saved assets could be recovered, so the list starts empty.`);
    expect(logged.join('\n')).toContain(aside);
    expect(readFileSync(join(dir, 'offline', aside)).equals(garbage)).toBe(true);
    expect(readFileSync(join(dir, 'offline', `${aside}-wal`), 'utf8')).toBe('leftover');
    expect(store.loadAssetSnapshot()).toBeNull();
    store.saveAssetSnapshot(makeSnapshot(3, NOW));
    expect(store.loadAssetSnapshot()?.assets).toHaveLength(3);
  });

  const LAST_SAVE = new Date(Date.UTC(2026, 0, 1, 0, 199));
  const buildHistory = (): number => {
    const store = factory.open('demo');
    for (let minute = 0; minute < 200; minute++) store.saveAssetSnapshot(makeSnapshot(20, new Date(Date.UTC(2026, 0, 1, 0, minute))));
    store.close();
    return statSync(file()).size;
  };

  /** The damaged file kept whole beside a fresh one that holds the last list, recovered. */
  const expectSetAsideAndSalvaged = (original: Buffer) => {
    const store = openStore();
    expect(store.notice).toBe('The offline data file was damaged and was set aside as demo.sqlite.corrupt-20260203T040506Z; all 20 of its saved assets were recovered.');
    expect(readFileSync(join(dir, 'offline', 'demo.sqlite.corrupt-20260203T040506Z')).equals(original)).toBe(true);
    const last = makeSnapshot(20, LAST_SAVE);
    expect(store.loadAssetSnapshot()).toEqual({ ...last, source: 'cache', assets: last.assets.map((a) => ({ ...a, embedUrl: null })) });
    store.saveAssetSnapshot(makeSnapshot(2, NOW));
    expect(store.loadAssetSnapshot()?.assets).toHaveLength(2);
  };

  it('sets aside a truncated database and recovers its list', () => {
    const size = buildHistory();
    truncateSync(file(), Math.floor(size / 2) + 1000);
    expectSetAsideAndSalvaged(readFileSync(file()));
  });

  it('sets aside a database with damaged pages in the middle and recovers its list', () => {
    const size = buildHistory();
    const bytes = readFileSync(file());
    for (let page = Math.floor(size / 2 / 4096) * 4096; page < size * 0.6; page += 4096) {
      for (let i = 0; i < 64; i++) bytes[page + i] ^= 0xff;
    }
    writeFileSync(file(), bytes);
    expectSetAsideAndSalvaged(bytes);
  });

  it('does not open a database written by a newer version: sets it aside instead', () => {
    const store = factory.open('demo');
    store.saveAssetSnapshot(makeSnapshot(2, NOW));
    store.close();
    const db = new Database(file());
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();

    const reopened = openStore();
    expect(reopened.notice).toBe(
      'The offline data file was written by a newer version of Fleet Desk and was set aside as demo.sqlite.corrupt-20260203T040506Z; starting fresh.',
    );
    expect(reopened.loadAssetSnapshot()).toBeNull();
    const kept = new Database(join(dir, 'offline', 'demo.sqlite.corrupt-20260203T040506Z'), { readonly: true });
    expect(kept.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    kept.close();
  });

  it('never overwrites an earlier set-aside file', () => {
    for (let round = 0; round < 2; round++) {
      mkdirSync(join(dir, 'offline'), { recursive: true });
      writeFileSync(file(), `not a database, round ${round}`.repeat(100));
      factory.open('demo').close();
    }
    expect(files().filter((name) => name.includes('corrupt'))).toEqual(['demo.sqlite.corrupt-20260203T040506Z', 'demo.sqlite.corrupt-20260203T040506Z-2']);
  });

  it('keeps profiles in separate files', () => {
    const a = openStore('alpha');
    const b = openStore('bravo');
    a.saveAssetSnapshot(makeSnapshot(3, NOW, 'alpha'));
    b.saveAssetSnapshot(makeSnapshot(5, NOW, 'bravo'));
    b.putDocument('fleet', '2.0', { only: 'bravo' }, NOW.toISOString());
    expect(a.loadAssetSnapshot()?.assets).toHaveLength(3);
    expect(a.loadAssetSnapshot()?.profileId).toBe('alpha');
    expect(b.loadAssetSnapshot()?.assets).toHaveLength(5);
    expect(a.getDocument('fleet', '2.0')).toBeNull();
    expect(existsSync(file('alpha')) && existsSync(file('bravo'))).toBe(true);
    factory.remove('bravo');
    expect(existsSync(file('bravo'))).toBe(false);
    expect(a.loadAssetSnapshot()?.assets).toHaveLength(3);
  });

  it('prints save and load times for 10,000 assets (measured, not asserted)', () => {
    const first = makeSnapshot(10_000, new Date('2026-02-01T00:00:00Z'));
    const second = makeSnapshot(10_000, new Date('2026-02-01T00:01:00Z'));
    const json = JSON.stringify(first.assets);
    const time = <T>(work: () => T): [T, number] => {
      const start = performance.now();
      const result = work();
      return [result, Math.round(performance.now() - start)];
    };
    const [, parseMs] = time(() => JSON.parse(json));
    let store = openStore();
    const [, saveNewMs] = time(() => store.saveAssetSnapshot(first));
    const [, saveChangedMs] = time(() => store.saveAssetSnapshot(second));
    const [, saveSameMs] = time(() => store.saveAssetSnapshot(second));
    store.close();
    const [reopened, openMs] = time(() => factory.open('demo'));
    store = reopened;
    open.push(store);
    const [loaded, loadMs] = time(() => store.loadAssetSnapshot());
    expect(loaded?.assets).toHaveLength(10_000);
    console.log(
      `[offline store, 10,000 assets, ${(json.length / 1e6).toFixed(1)} MB JSON] JSON.parse ${parseMs} ms; ` +
        `save new ${saveNewMs} ms, save all changed ${saveChangedMs} ms, save unchanged ${saveSameMs} ms; open ${openMs} ms, load ${loadMs} ms`,
    );
  });
});
