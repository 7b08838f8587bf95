import { lastReportAt, physicalState, staleReadingAt, TIME_ZONE, type PhysicalState } from './state';
import { describeUnit, type UnitDescriptor } from './units';

export type { UnitDescriptor, UnitCategory } from './units';
export type { PhysicalState } from './state';
export { SIM_EPOCH, TIME_ZONE } from './state';

/** What the unit's device last reported as of a time; each metric carries its collection time. */
export interface UnitState extends PhysicalState {
  /** the time asked for */
  at: number;
  /** last report of the device at or before `at` (the GPS fix time) */
  reportedAt: number;
  region: string;
  geoRegions: string[];
  timeZone: string;
  ipEndpoint: string | null;
  /** metric name (asset-list naming) → collection time in ms */
  collectedOn: Record<string, number>;
}

/** Metric names of the asset list that the simulation can produce. */
export const SIM_METRICS = [
  'gps', 'speed', 'heading', 'in-motion', 'altitude', 'ignition', 'fuel', 'engine-runtime', 'odometer',
  'lights1-runtime', 'lights2-runtime', 'lights3-runtime', 'lights4-runtime', 'cab-temperature', 'battery',
  'device-battery', 'signal-strength', 'solar-battery1', 'current1', 'input1', 'input2', 'input3', 'input4',
  'last-device-update', 'time-zone', 'address-region', 'geo-regions', 'ip-endpoint',
] as const;

/**
 * The simulated fleet: deterministic from the seed, and `stateAt` is a pure function of
 * (unit, time), so any past instant (e.g. 15-minute histories over 90 days) can be computed.
 */
export class FleetSimulation {
  private list: UnitDescriptor[] | null = null;
  private byId: Map<string, UnitDescriptor> | null = null;

  constructor(
    readonly seed: number,
    readonly unitCount: number,
  ) {}

  /** Static descriptors, built on first use. */
  get units(): readonly UnitDescriptor[] {
    if (!this.list) {
      const list = new Array<UnitDescriptor>(this.unitCount);
      for (let i = 0; i < this.unitCount; i++) list[i] = describeUnit(this.seed, i);
      this.list = list;
    }
    return this.list;
  }

  unitById(assetId: string): UnitDescriptor | undefined {
    if (!this.byId) this.byId = new Map(this.units.map((u) => [u.assetId, u]));
    return this.byId.get(assetId);
  }

  /** Finds a thing by equipment id, serial number or VIN (case-insensitive). */
  findUnit(identifier: string): UnitDescriptor | undefined {
    const wanted = identifier.toLowerCase();
    if (!wanted) return undefined;
    return this.units.find(
      (u) => u.equipmentId?.toLowerCase() === wanted || (u.serialNumber ? u.serialNumber.toLowerCase() === wanted : false) || u.vin?.toLowerCase() === wanted,
    );
  }

  /** When the unit's device last reported at or before `timeMs`; `stateAt` only changes when this does. */
  reportedAt(unit: UnitDescriptor, timeMs: number): number {
    return lastReportAt(unit, timeMs);
  }

  /** The true state at an instant (no reporting delay). */
  physicalAt(unit: UnitDescriptor, timeMs: number): PhysicalState {
    return physicalState(unit, timeMs);
  }

  /** The last reported state as of `timeMs`: values as collected, with per-metric collection times. */
  stateAt(unit: UnitDescriptor, timeMs: number): UnitState {
    const reportedAt = lastReportAt(unit, timeMs);
    const current = physicalState(unit, reportedAt);
    const collectedOn: Record<string, number> = {};
    const staleAt = unit.staleMetrics.length > 0 ? staleReadingAt(unit, reportedAt) : 0;
    const old = staleAt ? physicalState(unit, staleAt) : current;
    for (const [i, name] of SIM_METRICS.entries()) {
      // Sensors are sampled a few seconds apart within one report.
      const offset = (i % 4) * 1000 + (unit.fractionalTimestamps ? (unit.index * 37 + i * 113) % 1000 : 0);
      collectedOn[name] = (unit.staleMetrics.includes(name) ? staleAt : reportedAt) - offset;
    }
    const stale = (metric: string): boolean => unit.staleMetrics.length > 0 && unit.staleMetrics.includes(metric);
    // `current` is a fresh object: extend it in place (spreading it is slow for big fleets).
    const state = current as UnitState;
    if (stale('fuel')) state.fuelPct = old.fuelPct;
    if (stale('engine-runtime')) state.engineRuntimeMs = old.engineRuntimeMs;
    if (stale('altitude')) state.altitude = old.altitude;
    if (stale('cab-temperature')) state.cabTemp = old.cabTemp;
    if (stale('battery')) state.battery = old.battery;
    state.at = timeMs;
    state.reportedAt = reportedAt;
    state.region = 'UT';
    state.geoRegions = ['region:UT'];
    state.timeZone = TIME_ZONE;
    state.ipEndpoint = unit.ipEndpoint;
    state.collectedOn = collectedOn;
    return state;
  }
}
