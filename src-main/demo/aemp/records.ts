/**
 * AEMP records computed from the simulated fleet, so the fleet feed agrees with the
 * asset list (same positions, engine hours, odometer and fuel at the same instant).
 * Records are plain objects in AEMP 2.0 JSON shape; `render.ts` turns them into the
 * wire formats and variants.
 */
import type { FleetSimulation, EquipmentDescriptor, EquipmentState } from '../sim';
import { aempEquipment, type Rec } from './fleet-things';
import { counterHours, faultyHours, feedFaultOf } from './history-faults';

export { aempEquipment, type Rec };

export type Version = '1.2' | '2.0';
export type HistoryMetric = 'Location' | 'CumulativeOperatingHours' | 'Distance' | 'FuelRemaining';

const MS_PER_HOUR = 3_600_000;
export const HISTORY_STEP_MS = 15 * 60_000;
export const HISTORY_DAYS = 90;

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Litres per engine hour, by category: a plausible, stable burn rate. */
function burnRate(unit: EquipmentDescriptor): number {
  return 6 + (unit.index % 7) * 2;
}


const identifierIndex = new WeakMap<FleetSimulation, Map<string, EquipmentDescriptor>>();

/**
 * The thing an AEMP 2.0 identifier names (equipment id, serial number or VIN, any case):
 * the first unit of the fleet that has it, as `sim.findUnit` answers, from an index built
 * once, since a whole fleet's histories ask once per machine.
 */
export function findByIdentifier(sim: FleetSimulation, identifier: string): EquipmentDescriptor | undefined {
  let index = identifierIndex.get(sim);
  if (!index) {
    index = new Map();
    for (const unit of sim.equipment) {
      for (const key of [unit.equipmentId, unit.serialNumber, unit.vin]) {
        const k = key?.toLowerCase();
        if (k && !index.has(k)) index.set(k, unit);
      }
    }
    identifierIndex.set(sim, index);
  }
  const wanted = identifier.toLowerCase();
  return wanted ? index.get(wanted) : undefined;
}

export function findByVin(sim: FleetSimulation, vin: string): EquipmentDescriptor | undefined {
  const wanted = vin.toLowerCase();
  return aempEquipment(sim).find((u) => u.vin?.toLowerCase() === wanted);
}

function header(unit: EquipmentDescriptor, version: Version): Rec {
  const out: Rec = version === '2.0' ? { OEMName: unit.make } : { Make: unit.make };
  out.Model = unit.model;
  out.EquipmentID = unit.equipmentId;
  if (unit.serialNumber) out.SerialNumber = unit.serialNumber;
  // Each version names the unit by the identifier it is looked up by: 1.2 looks units up by
  // VIN only, so its header must carry the VIN or a client could never look one up.
  if (unit.vin) out[version === '2.0' ? 'PIN' : 'VIN'] = unit.vin;
  return out;
}

export function locationRecord(state: EquipmentState): Rec {
  return { datetime: iso(state.collectedOn.gps), Latitude: round(state.lat, 6), Longitude: round(state.lng, 6), Altitude: state.altitude, AltitudeUnits: 'metres' };
}

export function hoursRecord(state: EquipmentState): Rec {
  return { datetime: iso(state.collectedOn['engine-runtime']), Hour: round(state.engineRuntimeMs / MS_PER_HOUR, 4) };
}

export function distanceRecord(state: EquipmentState): Rec {
  return { datetime: iso(state.collectedOn.odometer), OdometerUnits: 'kilometre', Odometer: round(state.odometerCm / 100_000, 3) };
}

export function fuelRemainingRecord(state: EquipmentState): Rec {
  return { datetime: iso(state.collectedOn.fuel), Percent: state.fuelPct };
}

/** One `Equipment` element as of `timeMs`. */
export function equipmentRecord(sim: FleetSimulation, unit: EquipmentDescriptor, version: Version, timeMs: number): Rec {
  const out: Rec = { EquipmentHeader: header(unit, version) };
  if (!unit.hasMetrics) return out;
  const state = sim.stateAt(unit, timeMs);
  if (unit.hasGps) out.Location = locationRecord(state);
  if (unit.hasEngine) {
    out.CumulativeOperatingHours = hoursRecord(state);
    out.FuelUsed = { datetime: iso(state.collectedOn['engine-runtime']), FuelUnits: 'litre', FuelConsumed: round((state.engineRuntimeMs / MS_PER_HOUR) * burnRate(unit), 1) };
  }
  if (unit.hasOdometer) out.Distance = distanceRecord(state);
  if (unit.hasEngine && version === '2.0') {
    out.FuelRemaining = fuelRemainingRecord(state);
    out.EngineStatus = { datetime: iso(state.collectedOn.ignition), Running: state.ignition };
  }
  return out;
}

/** Whether a unit reports a metric at all. */
export function hasMetric(unit: EquipmentDescriptor, metric: HistoryMetric): boolean {
  if (!unit.hasMetrics) return false;
  switch (metric) {
    case 'Location':
      return unit.hasGps;
    case 'CumulativeOperatingHours':
    case 'FuelRemaining':
      return unit.hasEngine;
    case 'Distance':
      return unit.hasOdometer;
  }
}

const RECORD: Record<HistoryMetric, (state: EquipmentState) => Rec> = {
  Location: locationRecord,
  CumulativeOperatingHours: hoursRecord,
  Distance: distanceRecord,
  FuelRemaining: fuelRemainingRecord,
};

/** The 15-minute sampling slots of a history request, clamped to the last 90 days. */
export function historySlots(startMs: number, endMs: number, nowMs: number): { first: number; count: number } {
  const from = Math.max(startMs, nowMs - HISTORY_DAYS * 86_400_000);
  const to = Math.min(endMs, nowMs);
  const first = Math.ceil(from / HISTORY_STEP_MS) * HISTORY_STEP_MS;
  if (to < first) return { first, count: 0 };
  return { first, count: Math.floor((to - first) / HISTORY_STEP_MS) + 1 };
}

/**
 * Records of slots [from, to): the reading the device had reported at each slot. A slot
 * whose reading is the same as the slot before (a quiet device) is left out.
 */
export function historyRecords(sim: FleetSimulation, unit: EquipmentDescriptor, metric: HistoryMetric, first: number, from: number, to: number): Rec[] {
  const out: Rec[] = [];
  let previous = from > 0 ? (RECORD[metric](sim.stateAt(unit, first + (from - 1) * HISTORY_STEP_MS)).datetime as string) : null;
  for (let slot = from; slot < to; slot++) {
    const record = RECORD[metric](sim.stateAt(unit, first + slot * HISTORY_STEP_MS));
    if (record.datetime === previous) continue;
    previous = record.datetime as string;
    out.push(record);
  }
  if (metric !== 'CumulativeOperatingHours') return out;
  const fault = feedFaultOf(sim, unit);
  return fault ? faultyHours(fault, out, counterHours(sim, unit)) : out;
}
