// The nearest machines come from the list the app holds now: the index built from the
// stored list at start is built again after a refresh brings the service's list, so a
// look-up never answers from positions the list no longer has.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetRow } from '../../../src-main/contract';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { createStoreFactory } from '../../../src-main/core/store/sqlite-store';
import { makeSnapshot } from '../../fixtures/store/make-assets';
import { makeTempDir } from '../../fixtures/store/temp-dir';

const positioned = (rows: readonly AssetRow[]): (AssetRow & { lat: number; lng: number })[] =>
  rows.filter((r): r is AssetRow & { lat: number; lng: number } => r.type === 'thing' && r.lat !== null && r.lng !== null);

describe('nearest machines after a refresh', () => {
  let dir: string;
  let cleanup: () => void;
  let core: FleetDeskCore | null = null;

  beforeEach(async () => {
    ({ dir, cleanup } = makeTempDir('fleet-nearest-'));
    const store = createStoreFactory(dir).open('demo');
    store.saveAssetSnapshot(makeSnapshot(30, new Date('2026-02-02T22:00:00Z'), 'demo'));
    store.close();
    core = await createFleetDesk({
      userDataDir: dir,
      platform: { shell: 'web', version: '0.0.0-test', openExternal: async () => undefined },
      env: { FLEET_DEMO_ASSETS: '40', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
    });
  });
  afterEach(async () => {
    await core?.stop();
    core = null;
    cleanup();
  });

  it('answers from the stored list at start, and from the service\'s list once it has been refreshed', async () => {
    const desk = core!;
    await desk.start();
    const ask = (at: { lat: number; lng: number }) => desk.handlers['nearest:query']({ ...at, limit: 10, categories: [], parkedOnly: false, excludeAssetId: null });

    const stored = positioned((await desk.handlers['assets:get']())!.assets);
    expect(stored.length).toBeGreaterThan(0);
    const before = await ask(stored[0]);
    expect(before.hits[0]).toMatchObject({ assetId: stored[0].assetId });
    expect(before.hits[0].distanceM).toBeLessThan(1);

    await desk.handlers['assets:refresh']();
    const fresh = positioned((await desk.handlers['assets:get']())!.assets);
    const moved = fresh.find((r) => !stored.some((s) => s.lat === r.lat && s.lng === r.lng));
    expect(moved, 'the service\'s list has a machine at a position the stored list did not have').toBeDefined();
    const after = await ask(moved!);
    expect(after.hits[0].distanceM).toBeLessThan(1);
    expect(after.searched).toBe(fresh.length);
  });
});
