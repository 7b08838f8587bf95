/**
 * Moved with the ignition off, through the assembled core against the demo service over
 * HTTP: the demo tows one machine at night within minutes of its start, and the core,
 * refreshing once a minute on one clock with the demo, raises that one alert and no other of
 * its kind (deliveries are driven on and off their carriers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRecord, EventChannel, FleetEvents, NewAlerts } from '../../../src-main/contract';
import { defaultAlertRules } from '../../../src-main/core/alerts/rules-schema';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { demoSites } from '../../../src-main/demo/demo-sites';
import { envFor, makeTempDir } from '../../soak/harness';
import { startTcpFront, type TcpFront } from '../../soak/tcp-front';

const SEED = 7;
const ASSETS = 40;
const MINUTE = 60_000;

let offset = 0;
const clock = (): Date => new Date(Date.now() + offset);

let demo: DemoService;
let front: TcpFront;
let temp: { dir: string; remove(): Promise<void> };
let core: FleetDeskCore;
const events: { name: EventChannel; payload: unknown }[] = [];

beforeAll(async () => {
  demo = await startDemoService({ seed: SEED, assetCount: ASSETS, now: () => clock().getTime() });
  front = await startTcpFront(Number(new URL(demo.origin).port));
  temp = await makeTempDir('fleet-towed-demo-');
  const origin = `http://127.0.0.1:${front.port}`;
  core = await createFleetDesk({
    userDataDir: temp.dir,
    platform: { shell: 'web', version: '0.0.0-towed', openExternal: async () => {} },
    env: envFor({ baseUrl: `${origin}/v1`, aempUrl: `${origin}/aemp`, demoToken: demo.demoToken }, { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', FLEET_DEMO_ASSETS: '5' }),
    now: clock,
  });
  core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }));
  await core.handlers['alerts:setRules'](defaultAlertRules({ demo: true }));
  // The branch's sites: the demo's yards and job sites, drawn before the first refresh.
  for (const site of demoSites(demo.places)) await core.handlers['sites:save'](site);
  await core.start();
});

afterAll(async () => {
  await core?.stop();
  await front?.close();
  await demo?.close();
  await temp?.remove();
});

const raised = (): AlertRecord[] => events.filter((e) => e.name === 'alerts:new').flatMap((e) => (e.payload as NewAlerts).alerts);

describe('moved with the ignition off, and entered or left a site, through the demo service', () => {
  it('raises one alert for the machine the demo tows, within minutes of the start', async () => {
    const towedId = demo.sim.equipment[demo.sim.scenario!.places.towed].assetId;
    for (let minute = 0; minute <= 6; minute++) {
      offset = minute * MINUTE;
      await core.handlers['assets:refresh']();
    }
    const towed = raised().filter((a) => a.rule === 'towed');
    expect(towed.map((a) => a.assetId)).toEqual([towedId]);
    expect(towed[0].message).toMatch(/^Moved \d+ m with the ignition off between \d\d:\d\d and \d\d:\d\d$/);
    const listed = await core.handlers['alerts:list']({ unacknowledgedOnly: false, rule: 'towed' });
    expect(listed.alerts.map((a) => [a.assetId, a.clearedAt])).toEqual([[towedId, null]]);
  });

  it('raises entered and left a site for the machines the demo delivers and picks up, naming the sites, and nothing at the start', async () => {
    const roles = demo.sim.scenario!.places;
    const delivered = demo.sim.equipment[roles.delivered].assetId;
    const pickedUp = demo.sim.equipment[roles.pickedUp].assetId;
    const site = raised().filter((a) => a.rule === 'site');
    // Leaving the yard and entering the job site in one evaluation are one shown alert ("… and 1 more: …").
    expect(site.some((a) => a.assetId === delivered && /\bEntered \S/.test(a.message))).toBe(true);
    expect(site.some((a) => a.assetId === pickedUp && /^Left \S/.test(a.message))).toBe(true);
    // Only the machines the demo moved between sites: a start raises nothing for the machines already on them.
    const roleIds = new Set([roles.delivered, roles.pickedUp, roles.idle, roles.towed].map((i) => demo.sim.equipment[i].assetId));
    expect(site.filter((a) => !roleIds.has(a.assetId))).toEqual([]);
  });
});
