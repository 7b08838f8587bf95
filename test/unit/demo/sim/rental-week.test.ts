/**
 * The demo fleet's engine hours follow a rental fleet: shifts on working days, nothing on
 * weekends, units used a full shift, an hour or two, or not at all, and machines idle on a
 * finished job for days before the start (the recovery list). The fleet interface's hour
 * history tells the same story as the asset list's live `engine-runtime`.
 */
import { describe, expect, it } from 'vitest';
import { historyRecords, historySlots } from '../../../../src-main/demo/aemp/records';
import { feedFaultOf } from '../../../../src-main/demo/aemp/history-faults';
import { metresBetween } from '../../../../src-main/core/alerts/towed';
import { DEMO_JOB_SITES } from '../../../../src-main/demo/geography';
import { FINISHED_JOB, FleetSimulation, USAGE_HOURS, type EquipmentDescriptor } from '../../../../src-main/demo/sim';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Local midnight (the simulation's UTC−7) of Monday 2 March 2026. */
const MONDAY = Date.UTC(2026, 2, 2, 7);
const WEEK = Array.from({ length: 7 }, (_, d) => MONDAY + d * DAY);
/** Wednesday of the following week, 12:30 local. */
const START = MONDAY + 9 * DAY + 12.5 * HOUR;

const engineHours = (sim: FleetSimulation, unit: EquipmentDescriptor, ms: number) => sim.stateAt(unit, ms).engineRuntimeMs / HOUR;

/** Hours the unit's engine ran on the local day starting at `dayStart`, from the live metric. */
function liveHours(sim: FleetSimulation, unit: EquipmentDescriptor, dayStart: number): number {
  return engineHours(sim, unit, dayStart + DAY) - engineHours(sim, unit, dayStart);
}

describe('a week of the demo fleet', () => {
  const plain = new FleetSimulation(42, 200);
  const engines = plain.equipment.filter((u) => u.hasEngine && u.hasMetrics && !u.staleMetrics.length && !u.silentDaysPerMonth);

  it('runs engines on working days and not at all on Saturday and Sunday', () => {
    const fleetHours = WEEK.map((day) => engines.reduce((sum, u) => sum + liveHours(plain, u, day), 0));
    for (const weekday of fleetHours.slice(0, 5)) expect(weekday).toBeGreaterThan(engines.length * 2);
    expect(fleetHours.slice(5)).toEqual([0, 0]);
  });

  it('runs engines within the working day: off before 06:00 and after 18:00 local', () => {
    const tuesday = WEEK[1];
    for (const unit of engines) {
      expect(plain.physicalAt(unit, tuesday + 5.5 * HOUR).ignition, unit.assetId).toBe(false);
      expect(plain.physicalAt(unit, tuesday + 18.5 * HOUR).ignition, unit.assetId).toBe(false);
    }
  });

  it('uses some units a full shift, some an hour or two, and some not at all', () => {
    const tuesday = engines.map((u) => ({ usage: u.usage, hours: liveHours(plain, u, WEEK[1]) }));
    const levels = new Set(tuesday.map((t) => t.usage));
    expect(levels).toEqual(new Set(['busy', 'light', 'unused']));
    for (const { usage, hours } of tuesday) {
      const [least, most] = USAGE_HOURS[usage];
      // Whole work cycles round each unit's day to within an hour of its level.
      expect(hours).toBeGreaterThanOrEqual(Math.max(0, least - 1));
      expect(hours).toBeLessThanOrEqual(most + 1);
    }
    expect(tuesday.filter((t) => t.hours === 0).length).toBeGreaterThan(0);
    expect(tuesday.filter((t) => t.hours >= 6).length).toBeGreaterThan(engines.length / 3);
  });

  describe('with the scenario staged', () => {
    const sim = new FleetSimulation(42, 200, { scenarioStart: START });
    const idle = sim.scenario!.finishedJob;
    const startDay = MONDAY + 9 * DAY;

    it('leaves several machines idle on the finished job for 3 to 10 days: zero hours each of those days, hours before', () => {
      expect(idle.length).toBe(FINISHED_JOB.count);
      for (const { index, idleDays } of idle) {
        const unit = sim.equipment[index];
        expect(idleDays).toBeGreaterThanOrEqual(3);
        expect(idleDays).toBeLessThanOrEqual(10);
        for (let d = 1; d <= idleDays; d++) expect(liveHours(sim, unit, startDay - d * DAY), `${unit.assetId}, ${d} days before`).toBe(0);
        // Before the spell it worked: over the two weeks before, some day has hours.
        const before = Array.from({ length: 14 }, (_, d) => liveHours(sim, unit, startDay - (idleDays + 1 + d) * DAY));
        expect(Math.max(...before), unit.assetId).toBeGreaterThan(0);
        const at = sim.stateAt(unit, START);
        expect(at.ignition).toBe(false);
        expect(metresBetween([at.lng, at.lat], [DEMO_JOB_SITES[2].lng, DEMO_JOB_SITES[2].lat])).toBeLessThan(DEMO_JOB_SITES[2].radiusM);
      }
    });

    it('answers the same hours in the fleet interface history as in the live metric, day by day', () => {
      const faultless = sim.equipment.filter((u) => u.hasEngine && u.hasMetrics && !u.staleMetrics.length && !u.silentDaysPerMonth && !feedFaultOf(sim, u));
      const busy = faultless.find((u) => u.usage === 'busy')!;
      const units = [busy, ...idle.map((f) => sim.equipment[f.index]).filter((u) => faultless.includes(u))];
      expect(units.length).toBeGreaterThan(2);
      const from = startDay - 10 * DAY;
      const slots = historySlots(from, START, START);
      for (const unit of units) {
        const records = historyRecords(sim, unit, 'CumulativeOperatingHours', slots.first, 0, slots.count);
        const counterAt = (ms: number) => {
          const last = records.filter((r) => Date.parse(r.datetime as string) <= ms).at(-1);
          return last ? (last.Hour as number) : null;
        };
        for (let day = from + DAY; day + DAY <= startDay; day += DAY) {
          const start = counterAt(day);
          const end = counterAt(day + DAY);
          if (start === null || end === null) continue;
          expect(end - start, `${unit.assetId} on ${new Date(day).toISOString()}`).toBeCloseTo(liveHours(sim, unit, day), 1);
        }
      }
    });
  });
});
