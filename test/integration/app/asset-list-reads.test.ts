// The stored asset list (23 MB for 10,000 assets) is parsed at most once per start, not once
// per request: every handler that needs the list asks the profile's asset repository
// (src-main/core/assets/asset-repository.ts), which the app fills from the store once. A cold
// start reads only the stored rows; the full records are read at the first ask for them.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { EventChannel, FleetEvents } from '../../../src-main/contract';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import { assetRow } from '../../../src-main/core/assets/asset-row';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { createStoreFactory, SqliteOfflineStore } from '../../../src-main/core/store/sqlite-store';
import { makeSnapshot } from '../../fixtures/store/make-assets';
import { makeTempDir } from '../../fixtures/store/temp-dir';

describe('reads of the stored asset list', () => {
  let dir: string;
  let cleanup: () => void;
  let core: FleetDeskCore | null = null;
  let reads: MockInstance<SqliteOfflineStore['loadAssetSnapshot']>;
  let rowReads: MockInstance<SqliteOfflineStore['loadAssetRows']>;
  /** Texts of more than 100 characters JSON.parse was given that hold a full record (rows have no metrics). */
  let recordParses: number;
  let parseSpy: MockInstance<typeof JSON.parse>;
  const events: { name: EventChannel; payload: unknown }[] = [];
  const saved = makeSnapshot(30, new Date('2026-02-02T22:00:00Z'), 'demo');

  beforeEach(async () => {
    ({ dir, cleanup } = makeTempDir('fleet-list-reads-'));
    events.length = 0;
    const store = createStoreFactory(dir).open('demo');
    store.saveAssetSnapshot(saved);
    store.close();
    reads = vi.spyOn(SqliteOfflineStore.prototype, 'loadAssetSnapshot');
    rowReads = vi.spyOn(SqliteOfflineStore.prototype, 'loadAssetRows');
    recordParses = 0;
    const parse = JSON.parse;
    parseSpy = vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      if (typeof text === 'string' && text.length > 100 && text.includes('"metrics":{')) recordParses += 1;
      return parse(text, reviver) as unknown;
    });
    core = await createFleetDesk({
      userDataDir: dir,
      platform: { shell: 'web', version: '0.0.0-test', openExternal: async () => undefined },
      env: { FLEET_DEMO_ASSETS: '25', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
    });
    core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }));
  });
  afterEach(async () => {
    await core?.stop();
    core = null;
    reads.mockRestore();
    rowReads.mockRestore();
    parseSpy.mockRestore();
    cleanup();
  });

  it('read the rows only at start, the full list once at the first ask for it; the rest is served from memory', async () => {
    const desk = core!;
    expect(reads).not.toHaveBeenCalled();
    await desk.start(); // shows the stored rows before the network answers
    expect(rowReads).toHaveBeenCalledTimes(1);
    expect(reads).not.toHaveBeenCalled();
    expect(recordParses).toBe(0);
    const shown = events.find((e) => e.name === 'assets')?.payload as FleetEvents['assets'];
    // The same rows the full path builds from the records.
    expect(shown).toEqual({ profileId: 'demo', assets: saved.assets.map((asset) => assetRow(asset)), skipped: [], fetchedAt: saved.fetchedAt, source: 'cache' });

    // What a renderer does right after start: still the rows, nothing read again.
    expect(await desk.handlers['assets:get']()).toEqual(shown);
    expect(rowReads).toHaveBeenCalledTimes(1);
    expect(reads).not.toHaveBeenCalled();
    expect(recordParses).toBe(0);

    // Every handler that needs the full list: read once, at the first of them.
    expect((await desk.handlers['assets:detail']('thing:2'))?.name).toBe(saved.assets[1].name);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await desk.handlers['assets:get']()).toEqual(shown);
    await desk.handlers['export:assetsCsv'](['thing:1', 'thing:2']);
    await desk.handlers['export:positionsGeoJson'](['thing:1'], 24);
    await desk.handlers['embed:open']({ kind: 'asset', assetId: 'thing:1' }).catch(() => undefined);
    await desk.handlers['aemp:cached']('2.0');
    await desk.handlers['aemp:list']('2.0');
    await desk.handlers['assets:get']();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(rowReads).toHaveBeenCalledTimes(1);

    // A refresh replaces the list in memory; it never reads the stored one back.
    await desk.handlers['assets:refresh']();
    const held = await desk.handlers['assets:get']();
    expect(held).toMatchObject({ source: 'network', profileId: 'demo' });
    expect(held?.assets).toHaveLength(25);
    await desk.handlers['aemp:list']('2.0');
    expect(reads).toHaveBeenCalledTimes(1);
    expect(rowReads).toHaveBeenCalledTimes(1);
  });

  it('read the full list once when the first refresh compares with the stored rows shown', async () => {
    const desk = core!;
    await desk.start();
    expect(reads).not.toHaveBeenCalled();
    await desk.handlers['assets:refresh']();
    expect(reads).toHaveBeenCalledTimes(1);
    expect((await desk.handlers['assets:get']())?.source).toBe('network');
    await desk.handlers['assets:refresh']();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(rowReads).toHaveBeenCalledTimes(1);
  });

  it('forgets the list in memory with the profile’s offline data', async () => {
    const desk = core!;
    await desk.start();
    expect((await desk.handlers['assets:get']())?.assets).toHaveLength(30);
    await desk.handlers['auth:signOut']('demo', false);
    // Signed out, the refresh that follows cannot load a list: nothing is left to show.
    expect(await desk.handlers['assets:get']()).toBeNull();
  });
});
