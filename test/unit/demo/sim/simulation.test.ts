import { describe, expect, it } from 'vitest';
import { FleetSimulation, SIM_EPOCH } from '../../../../src-main/demo/sim';

const T0 = Date.UTC(2026, 2, 10, 15, 0); // a Tuesday, 08:00 local
const HOUR = 3_600_000;

describe('FleetSimulation', () => {
  it('builds the same fleet from the same seed and a different one from another seed', () => {
    const a = new FleetSimulation(42, 60);
    const b = new FleetSimulation(42, 60);
    const c = new FleetSimulation(7, 60);
    expect(a.equipment).toEqual(b.equipment);
    expect(a.equipment.map((u) => u.serialNumber)).not.toEqual(c.equipment.map((u) => u.serialNumber));
    expect(a.stateAt(a.equipment[3], T0)).toEqual(b.stateAt(b.equipment[3], T0));
  });

  it('is a pure function of (unit, time): asking out of order changes nothing', () => {
    const sim = new FleetSimulation(42, 60);
    const unit = sim.equipment[1];
    const first = sim.stateAt(unit, T0 + 5 * HOUR);
    sim.stateAt(unit, T0 - 40 * 24 * HOUR);
    sim.stateAt(unit, T0 + 90 * 24 * HOUR);
    expect(sim.stateAt(unit, T0 + 5 * HOUR)).toEqual(first);
    // A second instance asked only for that time agrees.
    expect(new FleetSimulation(42, 60).stateAt(new FleetSimulation(42, 60).equipment[1], T0 + 5 * HOUR)).toEqual(first);
  });

  it('describes a varied fleet: categories, areas, empty serials, no metrics, no GPS', () => {
    const units = new FleetSimulation(42, 60).equipment;
    const things = units.filter((u) => u.type === 'thing');
    const areas = units.filter((u) => u.type === 'area');
    expect(areas.length).toBeGreaterThanOrEqual(2);
    expect(new Set(things.map((u) => u.category)).size).toBeGreaterThanOrEqual(5);
    expect(things.some((u) => u.serialNumber === '')).toBe(true);
    expect(units.some((u) => !u.hasMetrics)).toBe(true);
    expect(things.some((u) => !u.hasGps)).toBe(true);
    expect(new Set(units.map((u) => u.assetId)).size).toBe(60);
    expect(things.map((u) => u.assetId)).toContain('thing:1');
    expect(areas.every((u) => /^area:\d+$/.test(u.assetId))).toBe(true);
    expect(things.every((u) => u.vin?.length === 17)).toBe(true);
  });

  it('finds a unit by equipment id, serial number or VIN', () => {
    const sim = new FleetSimulation(42, 60);
    const unit = sim.equipment.find((u) => u.serialNumber)!;
    expect(sim.findUnit(unit.serialNumber!)).toBe(unit);
    expect(sim.findUnit(unit.vin!.toLowerCase())).toBe(unit);
    expect(sim.findUnit(unit.equipmentId!)).toBe(unit);
    expect(sim.findUnit('nope')).toBeUndefined();
  });

  it('only ever grows runtimes and odometers, keeps fuel in 0–100 and positions near Salt Lake City', () => {
    const sim = new FleetSimulation(42, 60);
    const problems: string[] = [];
    for (const unit of sim.equipment) {
      let previous = sim.physicalAt(unit, T0 - 10 * 24 * HOUR);
      for (let t = T0 - 10 * 24 * HOUR + 13 * 60_000; t < T0 + 3 * 24 * HOUR; t += 13 * 60_000) {
        const s = sim.physicalAt(unit, t);
        const at = `${unit.assetId} at ${new Date(t).toISOString()}`;
        if (s.engineRuntimeMs < previous.engineRuntimeMs) problems.push(`${at}: engine runtime went back`);
        if (s.odometerCm < previous.odometerCm) problems.push(`${at}: odometer went back`);
        if (s.lightsRuntimeMs.some((ms, i) => ms < previous.lightsRuntimeMs[i])) problems.push(`${at}: lights runtime went back`);
        if (!(s.fuelPct >= 0 && s.fuelPct <= 100)) problems.push(`${at}: fuel ${s.fuelPct}`);
        if (!(s.lat > 40.3 && s.lat < 41.1 && s.lng > -112.3 && s.lng < -111.5)) problems.push(`${at}: position ${s.lat},${s.lng}`);
        if (!(s.heading >= 0 && s.heading < 360)) problems.push(`${at}: heading ${s.heading}`);
        previous = s;
      }
    }
    expect(problems).toEqual([]);
  });

  it('moves trucks at road speed during the shift and parks them at night', () => {
    const sim = new FleetSimulation(42, 60);
    const truck = sim.equipment.find((u) => u.category === 'dump truck')!;
    const day = T0 - 8 * HOUR; // Tuesday 00:00 local
    const samples = Array.from({ length: 24 * 12 }, (_, k) => sim.physicalAt(truck, day + k * 5 * 60_000));
    const moving = samples.filter((s) => s.inMotion);
    expect(moving.length).toBeGreaterThan(10);
    for (const s of moving) {
      expect(s.speedKmh).toBeGreaterThan(10);
      expect(s.speedKmh).toBeLessThan(110);
      expect(s.ignition).toBe(true);
    }
    const night = sim.physicalAt(truck, day + 2 * HOUR);
    expect(night.inMotion).toBe(false);
    expect(night.ignition).toBe(false);
    const positions = new Set(moving.map((s) => `${s.lat.toFixed(4)},${s.lng.toFixed(4)}`));
    expect(positions.size).toBeGreaterThan(5);
  });

  it('drains fuel while running and refills it', () => {
    const sim = new FleetSimulation(42, 60);
    const unit = sim.equipment.find((u) => u.hasEngine)!;
    const fuel = Array.from({ length: 14 * 24 }, (_, h) => sim.physicalAt(unit, T0 + h * HOUR).fuelPct);
    const drops = fuel.filter((f, i) => i > 0 && f < fuel[i - 1]).length;
    const refills = fuel.filter((f, i) => i > 0 && f > fuel[i - 1]).length;
    expect(drops).toBeGreaterThan(10);
    expect(refills).toBeGreaterThan(0);
  });

  it('reports metrics at their collection times, some months older than the GPS fix', () => {
    const sim = new FleetSimulation(42, 60);
    const now = T0 + 3 * HOUR;
    let sawStale = false;
    for (const unit of sim.equipment) {
      const s = sim.stateAt(unit, now);
      expect(s.reportedAt).toBeLessThanOrEqual(now);
      for (const at of Object.values(s.collectedOn)) expect(at).toBeLessThanOrEqual(now);
      if (s.reportedAt - s.collectedOn.fuel > 60 * 24 * HOUR) sawStale = true;
    }
    expect(sawStale).toBe(true);
  });

  it('clamps times before the simulated history to its start', () => {
    const sim = new FleetSimulation(42, 60);
    const unit = sim.equipment[0];
    expect(sim.physicalAt(unit, SIM_EPOCH - 365 * 24 * HOUR)).toEqual(sim.physicalAt(unit, SIM_EPOCH));
  });

  it('builds 50 000 distinct units', () => {
    const sim = new FleetSimulation(1, 50_000);
    expect(sim.equipment).toHaveLength(50_000);
    expect(sim.equipmentById(sim.equipment[49_999].assetId)).toBe(sim.equipment[49_999]);
  });
});
