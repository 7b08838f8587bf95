import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetSnapshot, EventChannel, FleetEvents } from '../../../../src-main/contract';
import { createFleetDesk } from '../../../../src-main/app/fleet-desk';
import type { FleetDeskCore } from '../../../../src-main/core/ports';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { pagesOf, scramblePage } from '../../../fixtures/store/damage';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

// The assembled core, started on a data folder whose offline store is broken: it starts
// anyway and the status bar (SyncStatus.notice, shown as a banner) says what happened.
describe('starting with a broken offline store', () => {
  let dir: string;
  let cleanup: () => void;
  let core: FleetDeskCore | null = null;
  const events: { name: EventChannel; payload: unknown }[] = [];
  const dataFile = () => join(dir, 'offline', 'demo.sqlite');

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir('fleet-store-start-'));
    events.length = 0;
  });
  afterEach(async () => {
    await core?.stop();
    core = null;
    cleanup();
  });

  const start = async (): Promise<FleetDeskCore> => {
    core = await createFleetDesk({
      userDataDir: dir,
      platform: { shell: 'web', version: '0.0.0-test', openExternal: async () => undefined },
      env: { FLEET_DEMO_ASSETS: '25', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
    });
    core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }));
    await core.start();
    return core;
  };

  it('runs without offline data when a folder is in the data file’s place, and says why', async () => {
    mkdirSync(dataFile(), { recursive: true });
    const desk = await start();
    const status = await desk.handlers['status:get']();
    expect(status.notice).toContain(`Fleet Desk could not open its offline data file (${dataFile()} is a folder, not a file)`);
    expect(status.notice).toContain('running without offline data');
    await desk.handlers['assets:refresh']();
    expect((await desk.handlers['assets:get']())?.assets).toHaveLength(25);
  });

  it('shows the recovered list of a damaged store before the network answers, and says how many', async () => {
    const saved = makeSnapshot(30, new Date('2026-02-02T22:00:00Z'), 'demo');
    const store = createStoreFactory(dir).open('demo');
    store.saveAssetSnapshot(saved);
    store.close();
    scramblePage(dataFile(), pagesOf(dataFile(), 'observations_by_time')[0].pageno);

    const desk = await start();
    const first = events.find((event) => event.name === 'assets')?.payload as AssetSnapshot | undefined;
    expect(first?.source).toBe('cache');
    expect(first?.fetchedAt).toBe(saved.fetchedAt);
    expect(first?.assets.map((asset) => asset.assetId)).toEqual(saved.assets.map((asset) => asset.assetId));
    expect((await desk.handlers['status:get']()).notice).toMatch(/The offline data file was damaged and was set aside as demo\.sqlite\.corrupt-\d{8}T\d{6}Z; all 30 of its saved assets were recovered\./);
  });
});
