/**
 * Sites through the assembled core on its built-in demo service: the demo profile starts
 * with the demo's yards and job sites, the machines found on them are those within them
 * (checked by distance, machine by machine), and the seeded sites are not seeded again
 * after a restart, nor after the dispatcher deleted them.
 */
import distance from '@turf/distance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetRow, Site, SitesChange } from '../../src-main/contract';
import { makeTempDir, startCore, type CoreRun } from '../soak/harness';

const ENV = { FLEET_DEMO_ASSETS: '300', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };

let dir: string;
let remove: () => Promise<void>;
let run: CoreRun;

beforeAll(async () => {
  ({ dir, remove } = await makeTempDir('fleet-sites-demo-'));
  run = await startCore({ userDataDir: dir, env: ENV });
});

afterAll(async () => {
  await run?.stop();
  await remove?.();
});

function within(site: Site, row: AssetRow): boolean {
  if (site.shape.type !== 'circle' || row.lat === null || row.lng === null) return false;
  return distance([row.lng, row.lat], site.shape.center, { units: 'meters' }) <= site.shape.radiusM;
}

describe('sites on the demo', () => {
  it('starts the demo profile with the demo\u2019s yards and job sites', async () => {
    const state = await run.core.handlers['sites:get']();
    expect(state.profileId).toBe('demo');
    const yards = state.sites.filter((s) => s.kind === 'yard').map((s) => s.name);
    expect(yards).toEqual(expect.arrayContaining(['Downtown yard', 'Sandy yard', 'Airport yard']));
    expect(state.sites.some((s) => s.kind === 'job')).toBe(true);
    const announced = run.events.filter((e) => e.name === 'sites:changed').map((e) => e.payload as SitesChange);
    expect(announced.some((c) => c.sites?.length === state.sites.length)).toBe(true);
  });

  it('finds the machines on them after a refresh, each within its site, the rest within none', async () => {
    await run.core.handlers['assets:refresh']();
    const rows = (await run.core.handlers['assets:get']())!.assets.filter((r) => r.lat !== null);
    const { sites, presence } = await run.core.handlers['sites:get']();
    const byId = new Map(sites.map((s) => [s.id, s]));
    expect(Object.keys(presence).sort()).toEqual(rows.map((r) => r.assetId).sort());
    let onSites = 0;
    for (const row of rows) {
      const entry = presence[row.assetId];
      const holding = sites.filter((s) => within(s, row));
      if (entry.siteId === null) {
        expect(holding).toEqual([]);
        continue;
      }
      onSites++;
      // The smallest wins; of equal ones, the lowest id.
      const radius = (s: Site) => (s.shape as { radiusM: number }).radiusM;
      const smallest = holding.reduce((a, b) => (radius(a) < radius(b) || (radius(a) === radius(b) && a.id < b.id) ? a : b));
      expect(byId.get(entry.siteId)?.id).toBe(smallest.id);
      expect(entry.since).not.toBeNull();
    }
    expect(onSites).toBeGreaterThan(0);
  });

  it('does not seed again after a restart, nor after the dispatcher deleted every site', async () => {
    const before = (await run.core.handlers['sites:get']()).sites.map((s) => s.id);
    await run.stop();
    run = await startCore({ userDataDir: dir, env: ENV });
    expect((await run.core.handlers['sites:get']()).sites.map((s) => s.id)).toEqual(before);
    for (const id of before) await run.core.handlers['sites:delete'](id);
    await run.stop();
    run = await startCore({ userDataDir: dir, env: ENV });
    expect((await run.core.handlers['sites:get']()).sites).toEqual([]);
  });
});
