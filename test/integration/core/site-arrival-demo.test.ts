/**
 * Arrivals on sites through the demo service over HTTP: a machine linked to AEMP 2.0
 * equipment that Fleet Desk first sees on a newly drawn site has its Location history read
 * once, in the background, and its "since" never moves later than the edit that placed it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventChannel, FleetEvents, SitesChange } from '../../../src-main/contract';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { envFor, makeTempDir } from '../../soak/harness';

let demo: DemoService;
let temp: { dir: string; remove(): Promise<void> };
let core: FleetDeskCore;
const changes: SitesChange[] = [];

const locationRequests = () => demo.controls.requests.filter((r) => r.path.includes('/Location/')).length;

beforeAll(async () => {
  demo = await startDemoService({ seed: 42, assetCount: 60, alertScenario: false });
  temp = await makeTempDir('fleet-site-arrival-demo-');
  const origin = demo.origin;
  core = await createFleetDesk({
    userDataDir: temp.dir,
    platform: { shell: 'web', version: '0.0.0-site-arrival', openExternal: async () => {} },
    env: envFor({ baseUrl: `${origin}/v1`, aempUrl: `${origin}/aemp`, demoToken: demo.demoToken }, { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' }),
  });
  core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
    if (name === 'sites:changed') changes.push(payload as SitesChange);
  });
  await core.start();
  await core.handlers['assets:refresh']();
  // Stores the AEMP 2.0 listing that links machines to equipment.
  const today = new Date().toISOString().slice(0, 10);
  await core.handlers['utilization:fetch']({ from: today, to: today });
});

afterAll(async () => {
  await core?.stop();
  await demo?.close();
  await temp?.remove();
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
}

/** Waits until the Location requests stop coming. */
async function settled(): Promise<number> {
  let last = -1;
  for (let i = 0; i < 100 && locationRequests() !== last; i++) {
    last = locationRequests();
    await new Promise((r) => setTimeout(r, 300));
  }
  return last;
}

describe('arrivals on sites from the demo Location history', () => {
  it('reads the Location history of linked machines first seen on a new site, once', async () => {
    const rows = (await core.handlers['assets:get']())!.assets.filter((r) => r.lat !== null && r.type === 'thing');
    const before = locationRequests();
    const drawnAt = Date.now();
    const site = await core.handlers['sites:save']({
      name: 'Everything yard',
      kind: 'yard',
      shape: { type: 'circle', center: [rows[0].lng!, rows[0].lat!], radiusM: 50_000 },
    });
    await until(() => locationRequests() > before);
    const asked = (await settled()) - before;
    expect(asked).toBeGreaterThan(0);
    const { presence } = await core.handlers['sites:get']();
    const onSite = Object.values(presence).filter((p) => p.siteId === site.id);
    expect(onSite.length).toBeGreaterThan(0);
    for (const p of onSite) expect(p.since).toBeLessThanOrEqual(drawnAt + 60_000);
    await core.handlers['assets:refresh']();
    expect((await settled()) - before).toBe(asked);
  });
});
