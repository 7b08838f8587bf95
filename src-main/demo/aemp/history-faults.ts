/**
 * Faults of real engine-hour feeds, each on one unit of the demo's fleet so the utilization
 * view shows what it does with them: a meter replaced every week (the counter starts again
 * from zero), a feed that sends nothing on some days (gaps), and a feed that repeats and
 * swaps records. A pure function of the unit and the time, like the simulation: every
 * request over the same span answers the same records.
 */
import { SIM_EPOCH, type EquipmentDescriptor, type FleetSimulation } from '../sim';
import { aempEquipment, type Rec } from './fleet-things';

export type FeedFault = 'reset' | 'gaps' | 'repeats';

const DAY_MS = 86_400_000;
const MS_PER_HOUR = 3_600_000;
/** The meter of the 'reset' unit is replaced every week, at noon of the period's fourth day. */
const METER_PERIOD_MS = 7 * DAY_MS;
const METER_SWAP_OFFSET_MS = 3 * DAY_MS + 12 * MS_PER_HOUR;

const faultsCache = new WeakMap<FleetSimulation, Map<number, FeedFault>>();

/**
 * The units with a faulty hour feed: the first three of the fleet feed whose engine is used,
 * report it freshly and are linked to the asset list by their serial number.
 */
export function feedFaults(sim: FleetSimulation): Map<number, FeedFault> {
  let faults = faultsCache.get(sim);
  if (!faults) {
    faults = new Map();
    const kinds: FeedFault[] = ['reset', 'gaps', 'repeats'];
    for (const unit of aempEquipment(sim)) {
      if (faults.size === kinds.length) break;
      // A unit its customer does not use would hide the fault behind flat zero days.
      if (!unit.hasEngine || unit.shiftMinutes === 0 || !unit.hasMetrics || !unit.serialNumber || unit.staleMetrics.includes('engine-runtime') || unit.silentDaysPerMonth > 0) continue;
      faults.set(unit.index, kinds[faults.size]);
    }
    faultsCache.set(sim, faults);
  }
  return faults;
}

export function feedFaultOf(sim: FleetSimulation, unit: EquipmentDescriptor): FeedFault | null {
  return feedFaults(sim).get(unit.index) ?? null;
}

/** When the meter in place at `timeMs` was fitted (null before the first swap). */
export function meterFittedAt(timeMs: number): number | null {
  const since = timeMs - SIM_EPOCH - METER_SWAP_OFFSET_MS;
  if (since < 0) return null;
  return SIM_EPOCH + METER_SWAP_OFFSET_MS + Math.floor(since / METER_PERIOD_MS) * METER_PERIOD_MS;
}

/** Days (counted from the simulation's start) on which the 'gaps' unit's feed sends nothing. */
export function isSilentFeedDay(timeMs: number): boolean {
  return Math.floor((timeMs - SIM_EPOCH) / DAY_MS) % 5 === 2;
}

/**
 * A page of CumulativeOperatingHours records as the faulty feed sends them. `at(ms)` is the
 * unit's true counter in hours at an instant.
 */
export function faultyHours(fault: FeedFault, records: Rec[], at: (ms: number) => number): Rec[] {
  switch (fault) {
    case 'reset':
      return records.map((r) => {
        const t = Date.parse(r.datetime as string);
        const fitted = meterFittedAt(t);
        if (fitted === null) return r;
        return { ...r, Hour: Math.round(Math.max(0, (r.Hour as number) - at(fitted)) * 10_000) / 10_000 };
      });
    case 'gaps':
      return records.filter((r) => !isSilentFeedDay(Date.parse(r.datetime as string)));
    case 'repeats': {
      const out: Rec[] = [];
      records.forEach((r, i) => {
        // Every fifth record twice; every sixth pair swapped.
        if (i % 6 === 4 && out.length > 0) out.splice(out.length - 1, 0, r);
        else out.push(r);
        if (i % 5 === 0) out.push({ ...r });
      });
      return out;
    }
  }
}

/** The true counter of a unit in hours (what its feed reads when nothing is wrong with it). */
export function counterHours(sim: FleetSimulation, unit: EquipmentDescriptor): (ms: number) => number {
  return (ms) => sim.stateAt(unit, ms).engineRuntimeMs / MS_PER_HOUR;
}
