import { describe, expect, it } from 'vitest';
import type { Asset } from '../../../../src-main/contract';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { evaluateAlerts, ruleChecks } from '../../../../src-main/core/alerts/evaluate';
import { defaultAlertRules, demoSchedule, weekdaySchedule } from '../../../../src-main/core/alerts/rules-schema';
import { workingMinutes } from '../../../../src-main/core/alerts/after-hours';
import { zoneClock } from '../../../../src-main/core/alerts/zoned-time';
import { shortZoneName } from '../../../../src-main/core/alerts/short-text';
import { AssetListRenderer } from '../../../../src-main/demo/asset-list';
import { EmbedSigner } from '../../../../src-main/demo/embed/signer';
import { FleetSimulation, SCENARIO_GEOFENCE } from '../../../../src-main/demo/sim';
import { alertScenario, nightZoneAt } from '../../../../src-main/demo/sim/scenario';

const START = Date.UTC(2026, 2, 10, 18, 30, 7); // a Tuesday, 12:30 in Denver
const MINUTE = 60_000;

function listAt(sim: FleetSimulation, ms: number): Asset[] {
  const renderer = new AssetListRenderer(sim, new EmbedSigner(), 'http://127.0.0.1:9');
  return normalizeAssetList(JSON.parse(renderer.render(ms)), new Date(ms)).assets;
}

describe('the alert scenario of the demo', () => {
  it('picks four different units from the seed, the same ones for the same seed, in small and large fleets', () => {
    for (const count of [25, 40, 60, 500]) {
      const units = new FleetSimulation(7, count).equipment;
      const a = alertScenario(units, 7, START);
      const b = alertScenario(new FleetSimulation(7, count).equipment, 7, START + 3_600_000);
      const roles = [a.lowFuel, a.afterHours, a.leavesRegion, a.silent];
      expect(roles.every((i) => i >= 0)).toBe(true);
      expect(new Set(roles).size).toBe(4);
      expect([b.lowFuel, b.afterHours, b.leavesRegion, b.silent]).toEqual(roles);
      expect(['dump truck', 'service truck']).toContain(units[a.lowFuel].category);
    }
    const other = alertScenario(new FleetSimulation(8, 60).equipment, 8, START);
    const same = alertScenario(new FleetSimulation(7, 60).equipment, 7, START);
    expect([other.lowFuel, other.afterHours, other.leavesRegion, other.silent]).not.toEqual([same.lowFuel, same.afterHours, same.leavesRegion, same.silent]);
  });

  it('finds a zone where it is night (outside both default schedules) at any hour of the year', () => {
    const weekdays = workingMinutes(weekdaySchedule());
    const demo = workingMinutes(demoSchedule());
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 61 * MINUTE * 7) {
      const zone = nightZoneAt(ms);
      const clock = zoneClock(zone);
      expect(clock, zone).not.toBeNull();
      // From the ignition on through the next three hours.
      for (const later of [0, 60, 180]) {
        const minute = clock!.minuteOfWeek(ms + later * MINUTE);
        const local = minute % 1440;
        expect(local >= 60 && local <= 6 * 60, `${zone} at ${new Date(ms).toISOString()} +${later} min: ${local}`).toBe(true);
        expect([weekdays[minute], demo[minute]]).toEqual([0, 0]);
      }
    }
  });

  it('stages each kind within minutes of the start, as the app sees it', () => {
    const sim = new FleetSimulation(7, 40, { scenarioStart: START });
    const s = sim.scenario!;
    const rules = defaultAlertRules({ demo: true });
    const idOf = (index: number) => sim.equipment[index].assetId;
    const byId = (assets: Asset[]) => new Map(assets.map((a) => [a.assetId, a]));

    const first = listAt(sim, START + 5_000);
    const f = byId(first);
    expect(f.get(idOf(s.lowFuel))!.metrics!.fuel.value).toBeGreaterThan(16);
    expect(f.get(idOf(s.afterHours))!.metrics!.ignition.value).toBe(false);
    expect(f.get(idOf(s.leavesRegion))!.metrics!['geo-regions'].value).toEqual(['region:UT', SCENARIO_GEOFENCE]);
    expect(Date.parse(f.get(idOf(s.silent))!.lastUpdate!)).toBeLessThanOrEqual(START - 55 * MINUTE);
    const atStart = evaluateAlerts({ checks: ruleChecks(rules, START + 5_000), assets: first, previous: null, open: new Map(), now: START + 5_000 });
    const staged = new Set([s.lowFuel, s.afterHours, s.leavesRegion, s.silent].map(idOf));
    expect(atStart.raise.filter((g) => staged.has(g.shown.assetId))).toEqual([]);

    const later = listAt(sim, START + 6 * MINUTE);
    const after = evaluateAlerts({ checks: ruleChecks(rules, START + 6 * MINUTE), assets: later, previous: byId(first), open: new Map(), now: START + 6 * MINUTE });
    const raised = new Map(after.raise.filter((g) => staged.has(g.shown.assetId)).map((g) => [g.shown.assetId, g.shown]));
    expect(raised.get(idOf(s.lowFuel))?.rule).toBe('low-fuel');
    expect(raised.get(idOf(s.afterHours))?.rule).toBe('after-hours');
    expect(raised.get(idOf(s.afterHours))?.message).toContain(`(${shortZoneName(s.nightZone)})`);
    expect(raised.get(idOf(s.leavesRegion))).toMatchObject({ rule: 'region', key: `leave:${SCENARIO_GEOFENCE}` });
    expect(raised.get(idOf(s.silent))?.rule).toBe('stale');
    // Each at its true time: after the start, before the list was fetched.
    for (const alert of raised.values()) {
      expect(Date.parse(alert.raisedAt)).toBeGreaterThan(START);
      expect(Date.parse(alert.raisedAt)).toBeLessThanOrEqual(START + 6 * MINUTE);
    }
  });

  it('keeps report times moving forward through and after the scenario', () => {
    const sim = new FleetSimulation(7, 40, { scenarioStart: START });
    const s = sim.scenario!;
    for (const index of [s.lowFuel, s.afterHours, s.leavesRegion, s.silent]) {
      let previous = 0;
      for (let t = START - 2 * 3_600_000; t < START + 5 * 3_600_000; t += 17_000) {
        const at = sim.reportedAt(sim.equipment[index], t);
        expect(at).toBeGreaterThanOrEqual(previous);
        expect(at).toBeLessThanOrEqual(t);
        previous = at;
      }
    }
  });

  it('leaves a fleet without a scenario start as it was', () => {
    const plain = new FleetSimulation(7, 40);
    expect(plain.scenario).toBeNull();
    const unit = plain.equipment[5];
    expect(plain.stateAt(unit, START)).toEqual(new FleetSimulation(7, 40).stateAt(unit, START));
  });
});
