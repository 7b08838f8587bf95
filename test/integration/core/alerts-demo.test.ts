/**
 * Alerts: the assembled core against the demo service over HTTP, with the demo's alert
 * scenario (seed 7) and one clock for both that the test moves. Every alert kind appears
 * within minutes, once per condition; an unreachable service evaluates nothing (no
 * "stale" storm), and a restart keeps the log and raises nothing again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRecord, EventChannel, FleetEvents, NewAlerts } from '../../../src-main/contract';
import { defaultAlertRules } from '../../../src-main/core/alerts/rules-schema';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { DesktopNotification, FleetDeskCore } from '../../../src-main/core/ports';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { FleetSimulation } from '../../../src-main/demo/sim';
import { alertScenario } from '../../../src-main/demo/sim/scenario';
import { envFor, makeTempDir } from '../../soak/harness';
import { startTcpFront, type TcpFront } from '../../soak/tcp-front';

const SEED = 7;
const ASSETS = 40;
const MINUTE = 60_000;

let offset = 0;
let demoStartedAt = 0;
const clock = (): Date => new Date(Date.now() + offset);

let demo: DemoService;
let front: TcpFront;
let temp: { dir: string; remove(): Promise<void> };
let core: FleetDeskCore;
const events: { name: EventChannel; payload: unknown }[] = [];
const notes: DesktopNotification[] = [];

const units = new FleetSimulation(SEED, ASSETS).equipment;
const scenario = alertScenario(units, SEED, 0);
const staged = {
  lowFuel: units[scenario.lowFuel].assetId,
  afterHours: units[scenario.afterHours].assetId,
  leavesRegion: units[scenario.leavesRegion].assetId,
  silent: units[scenario.silent].assetId,
};
const stagedIds = new Set(Object.values(staged));
/** Units that never go quiet on their own (some do, for days each month). */
const alwaysReporting = new Set(units.filter((u) => u.silentDaysPerMonth === 0).map((u) => u.assetId));

async function startCore(): Promise<FleetDeskCore> {
  const origin = `http://127.0.0.1:${front.port}`;
  const desk = await createFleetDesk({
    userDataDir: temp.dir,
    platform: { shell: 'web', version: '0.0.0-alerts', openExternal: async () => {}, notify: (n) => notes.push(n) },
    env: envFor({ baseUrl: `${origin}/v1`, aempUrl: `${origin}/aemp`, demoToken: demo.demoToken }, { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', FLEET_DEMO_ASSETS: '5' }),
    now: clock,
  });
  desk.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }));
  return desk;
}

const newAlerts = (from = 0): AlertRecord[] => events.slice(from).filter((e) => e.name === 'alerts:new').flatMap((e) => (e.payload as NewAlerts).alerts);
const listed = async (): Promise<AlertRecord[]> => (await core.handlers['alerts:list']({ unacknowledgedOnly: false, rule: null })).alerts;

beforeAll(async () => {
  demoStartedAt = Date.now();
  demo = await startDemoService({ seed: SEED, assetCount: ASSETS, now: () => clock().getTime() });
  front = await startTcpFront(Number(new URL(demo.origin).port));
  temp = await makeTempDir('fleet-alerts-demo-');
  core = await startCore();
  // The demo branch works every day from 06:00 to 20:00: its own schedule, not the weekday default.
  await core.handlers['alerts:setRules'](defaultAlertRules({ demo: true }));
  await core.start();
});

afterAll(async () => {
  await core?.stop();
  await front?.close();
  await demo?.close();
  await temp?.remove();
});

describe('alerts through the demo service', () => {
  it('raises every kind within minutes of the start, once per condition, with notifications', async () => {
    await core.handlers['assets:refresh']();
    expect((await listed()).filter((a) => stagedIds.has(a.assetId))).toEqual([]);

    offset = 6 * MINUTE;
    const before = events.length;
    await core.handlers['assets:refresh']();
    const raised = newAlerts(before).filter((a) => stagedIds.has(a.assetId));
    const ruleOf = (assetId: string) => raised.find((a) => a.assetId === assetId)?.rule;
    expect([ruleOf(staged.lowFuel), ruleOf(staged.afterHours), ruleOf(staged.leavesRegion), ruleOf(staged.silent)]).toEqual(['low-fuel', 'after-hours', 'region', 'stale']);
    expect(raised).toHaveLength(4);
    expect(raised.find((a) => a.rule === 'region')?.message).toBe('Left SLC-YARD');
    // Each at its true time: what the data shows, after the scenario began and before now.
    for (const alert of raised) {
      expect(Date.parse(alert.raisedAt)).toBeGreaterThan(demoStartedAt);
      expect(Date.parse(alert.raisedAt)).toBeLessThanOrEqual(clock().getTime());
    }
    expect(events.slice(before).some((e) => e.name === 'alerts:counts')).toBe(true);
    const truck = raised.find((a) => a.rule === 'low-fuel')!;
    expect(notes).toContainEqual({ title: `Low fuel: ${truck.assetName}`, body: truck.message, tag: `fleet-desk-alert-${truck.id}`, assetId: truck.assetId, rule: null });
    // The event carries the same notifications the desktop was handed.
    const carried = events.slice(before).filter((e) => e.name === 'alerts:new').flatMap((e) => (e.payload as NewAlerts).notifications);
    expect(carried).toContainEqual(notes.find((n) => n.assetId === truck.assetId));

    offset = 8 * MINUTE;
    const again = events.length;
    await core.handlers['assets:refresh']();
    expect(newAlerts(again).filter((a) => stagedIds.has(a.assetId))).toEqual([]);
    expect((await listed()).filter((a) => stagedIds.has(a.assetId) && a.clearedAt === null)).toHaveLength(4);
  });

  it('evaluates nothing while the service is unreachable, and raises no stale storm when it is back', async () => {
    const before = events.length;
    const total = (await core.handlers['alerts:list']({ unacknowledgedOnly: false, rule: null })).total;
    await front.close();
    offset = 80 * MINUTE; // an hour and more later: every list in the cache is now "old"
    await expect(core.handlers['assets:refresh']()).rejects.toMatchObject({ kind: 'network' });
    expect(newAlerts(before)).toEqual([]);
    // The log still answers offline.
    expect((await core.handlers['alerts:list']({ unacknowledgedOnly: false, rule: null })).total).toBe(total);

    await front.reopen();
    await core.handlers['assets:refresh']();
    const stale = newAlerts(before).filter((a) => a.rule === 'stale' && alwaysReporting.has(a.assetId));
    expect(stale).toEqual([]);
  });

  it('keeps the log and its acknowledgements across a restart and raises nothing again', async () => {
    await core.handlers['alerts:acknowledge']('all');
    const kept = await listed();
    await core.stop();
    offset = 82 * MINUTE;

    core = await startCore();
    const before = events.length;
    await core.start();
    const counts = events.slice(before).find((e) => e.name === 'alerts:counts')?.payload;
    expect(counts).toMatchObject({ total: kept.length, unacknowledged: 0 });
    await core.handlers['assets:refresh']();
    expect(newAlerts(before).filter((a) => stagedIds.has(a.assetId))).toEqual([]);
    const after = await listed();
    expect(after.filter((a) => stagedIds.has(a.assetId)).map((a) => a.id).sort()).toEqual(kept.filter((a) => stagedIds.has(a.assetId)).map((a) => a.id).sort());
  });
});
