import { describe, expect, it } from 'vitest';
import { FleetSimulation } from '../../../../src-main/demo/sim';
import { feedFaults, isSilentFeedDay, meterFittedAt } from '../../../../src-main/demo/aemp/history-faults';
import { findByIdentifier, historyRecords, historySlots, hoursRecord, HISTORY_STEP_MS } from '../../../../src-main/demo/aemp/records';

const NOW = Date.parse('2026-01-20T12:00:00Z');
const sim = new FleetSimulation(42, 60);
const week = historySlots(NOW - 7 * 86_400_000, NOW, NOW);

function hoursFeed(index: number) {
  const unit = sim.equipment[index];
  return historyRecords(sim, unit, 'CumulativeOperatingHours', week.first, 0, week.count).map((r) => ({ at: Date.parse(r.datetime as string), hours: r.Hour as number }));
}

function unitWith(fault: string): number {
  const found = [...feedFaults(sim)].find(([, f]) => f === fault);
  if (!found) throw new Error(`no unit with ${fault}`);
  return found[0];
}

describe('demo engine-hour feed faults', () => {
  it('puts each fault on a unit whose engine is used, so the fault never hides behind days of zero hours', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const fleet = new FleetSimulation(seed, 60);
      for (const index of feedFaults(fleet).keys()) expect(fleet.equipment[index].usage, `seed ${seed}, ${fleet.equipment[index].assetId}`).not.toBe('unused');
    }
  });

  it('gives three linked engine units one fault each', () => {
    const faults = feedFaults(sim);
    expect([...faults.values()].sort()).toEqual(['gaps', 'repeats', 'reset']);
    for (const index of faults.keys()) {
      const unit = sim.equipment[index];
      expect(unit.hasEngine && unit.serialNumber !== '').toBe(true);
    }
  });

  it('agrees with the asset list for a unit without a fault', () => {
    const faulty = feedFaults(sim);
    const index = sim.equipment.findIndex((u, i) => u.type === 'thing' && u.hasEngine && u.hasMetrics && !faulty.has(i));
    const feed = hoursFeed(index);
    const lastSlot = week.first + (week.count - 1) * HISTORY_STEP_MS;
    expect(feed[feed.length - 1].hours).toBe(hoursRecord(sim.stateAt(sim.equipment[index], lastSlot)).Hour);
  });

  it('restarts the meter of the reset unit from zero once a week', () => {
    const feed = hoursFeed(unitWith('reset'));
    const drops = feed.filter((r, i) => i > 0 && r.hours < feed[i - 1].hours);
    expect(drops.length).toBeGreaterThanOrEqual(1);
    for (const r of feed) expect(r.hours).toBeGreaterThanOrEqual(0);
    expect(meterFittedAt(NOW)).not.toBeNull();
  });

  it('sends nothing on some days for the gaps unit', () => {
    const feed = hoursFeed(unitWith('gaps'));
    expect(feed.length).toBeGreaterThan(0);
    expect(feed.some((r) => isSilentFeedDay(r.at))).toBe(false);
    const silentSlots = Array.from({ length: week.count }, (_, i) => week.first + i * HISTORY_STEP_MS).filter(isSilentFeedDay);
    expect(silentSlots.length).toBeGreaterThan(0);
  });

  it('repeats and swaps records of the repeats unit', () => {
    const feed = hoursFeed(unitWith('repeats'));
    const repeated = feed.filter((r, i) => i > 0 && r.at === feed[i - 1].at && r.hours === feed[i - 1].hours);
    const backwards = feed.filter((r, i) => i > 0 && r.at < feed[i - 1].at);
    expect(repeated.length).toBeGreaterThan(0);
    expect(backwards.length).toBeGreaterThan(0);
  });
});

describe('demo AEMP 2.0 identifiers', () => {
  it('finds the same unit as the simulation for every equipment id, serial number and VIN, in any case', () => {
    for (const unit of sim.equipment) {
      for (const key of [unit.equipmentId, unit.serialNumber, unit.vin]) {
        if (!key) continue;
        expect(findByIdentifier(sim, key.toUpperCase())).toBe(sim.findUnit(key));
        expect(findByIdentifier(sim, key.toLowerCase())).toBe(sim.findUnit(key));
      }
    }
    expect(findByIdentifier(sim, '')).toBeUndefined();
    expect(findByIdentifier(sim, 'no such machine')).toBeUndefined();
  });
});
