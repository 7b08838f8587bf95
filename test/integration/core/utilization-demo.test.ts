/**
 * Utilization through the demo service over HTTP: the assembled core fetches a week of
 * engine-hour histories for the machines linked to AEMP 2.0 equipment, cuts them into the
 * branch's days, marks the demo's faulty feeds (a meter reset, a feed with gaps, one with
 * repeated and swapped records), fetches nothing again for past days, and builds the report
 * from its store when the service is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventChannel, FleetEvents, UtilizationProgress, UtilizationReport } from '../../../src-main/contract';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { feedFaults } from '../../../src-main/demo/aemp/history-faults';
import { dayAt } from '../../../src-main/core/utilization/days';
import { envFor, makeTempDir } from '../../soak/harness';

const ZONE = 'America/Denver';
const DAY = 86_400_000;
const SEED = 42;

let demo: DemoService;
let temp: { dir: string; remove(): Promise<void> };
let core: FleetDeskCore;
const progress: UtilizationProgress[] = [];

const today = dayAt(Date.now(), ZONE);
const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const RANGE = { from: daysBefore(7), to: daysBefore(1) };

const historyRequests = () => demo.controls.requests.filter((r) => r.path.includes('/CumulativeOperatingHours/')).length;

async function untilDone(): Promise<UtilizationProgress> {
  for (let i = 0; i < 600; i++) {
    const last = progress.at(-1);
    if (last && last.state !== 'running') return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the history fetch did not end');
}

beforeAll(async () => {
  demo = await startDemoService({ seed: SEED, assetCount: 60, alertScenario: false });
  temp = await makeTempDir('fleet-utilization-demo-');
  const origin = demo.origin;
  core = await createFleetDesk({
    userDataDir: temp.dir,
    platform: { shell: 'web', version: '0.0.0-utilization', openExternal: async () => {} },
    env: envFor({ baseUrl: `${origin}/v1`, aempUrl: `${origin}/aemp`, demoToken: demo.demoToken }, { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' }),
  });
  core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
    if (name === 'utilization:progress') progress.push(payload as UtilizationProgress);
  });
  await core.start();
  await core.handlers['assets:refresh']();
});

afterAll(async () => {
  await core?.stop();
  await demo?.close();
  await temp?.remove();
});

describe('utilization through the demo service', () => {
  let report: UtilizationReport;
  const assetOf = (index: number) => demo.sim.equipment[index].assetId;
  const faultyAsset = (fault: string) => assetOf([...feedFaults(demo.sim)].find(([, f]) => f === fault)![0]);
  const machine = (assetId: string) => report.machines.find((m) => m.assetId === assetId)!;

  it('fetches a week of histories for the linked machines, one request each', async () => {
    const started = await core.handlers['utilization:fetch'](RANGE);
    expect(started.state).toBe('running');
    const done = await untilDone();
    expect(done).toMatchObject({ state: 'done', failures: [] });
    expect(done.done).toBe(done.total);
    // Paged histories: at least one request per machine, and whole pages only.
    const machines = done.total / 7;
    expect(historyRequests()).toBeGreaterThanOrEqual(machines);
    expect(historyRequests()).toBeLessThanOrEqual(machines * 3);

    report = await core.handlers['utilization:report'](RANGE);
    expect(report.timeZone).toBe(ZONE);
    expect(report.days).toHaveLength(7);
    const fromHistory = report.machines.filter((m) => m.source === 'aemp');
    expect(fromHistory.length).toBe(machines);
    const working = fromHistory.filter((m) => m.totalHours > 0);
    expect(working.length).toBeGreaterThan(machines / 2);
    for (const m of working) for (const h of m.hours) expect(h === null || (h >= 0 && h <= 24)).toBe(true);
  });

  it('marks the meter reset, the gaps and the repeated records of the faulty feeds', () => {
    const kinds = (assetId: string) => new Set(machine(assetId).marks.map((m) => m.kind));
    expect(kinds(faultyAsset('reset'))).toContain('reset');
    expect(kinds(faultyAsset('gaps'))).toContain('gap');
    const repeats = kinds(faultyAsset('repeats'));
    expect(repeats).toContain('duplicate');
    expect(repeats).toContain('unordered');
    // A reset meter is counted from zero: that machine's days look like any other's.
    for (const h of machine(faultyAsset('reset')).hours) expect(h === null || (h >= 0 && h <= 24)).toBe(true);
  });

  it('does not fetch past days again', async () => {
    const before = historyRequests();
    const again = await core.handlers['utilization:fetch'](RANGE);
    expect(again).toMatchObject({ state: 'done' });
    expect(again.done).toBe(again.total);
    expect(historyRequests()).toBe(before);
  });

  it('builds the report from the store when the service is gone', async () => {
    await demo.close();
    const offline = await core.handlers['utilization:report'](RANGE);
    expect(offline.machines.map((m) => m.hours)).toEqual(report.machines.map((m) => m.hours));
    const csv = await core.handlers['export:utilizationCsv'](RANGE);
    expect(csv.count).toBe(report.machines.length);
    expect(csv.content).toContain(`${RANGE.from} (h)`);
  });
});
