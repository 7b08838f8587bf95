import { alertScenario, inScenario, SCENARIO_GEOFENCE, SCENARIO_TIMES, scenarioFuel, type AlertScenario } from './scenario';
import { lastReportAt, physicalState, staleReadingAt, TIME_ZONE, type PhysicalState } from './state';
import { describeEquipment, type EquipmentDescriptor } from './equipment';
import { inTransit, roleOf, stageFinishedJob, stagePlaces } from './moves';

export type { EquipmentDescriptor, EquipmentCategory } from './equipment';
export type { PhysicalState } from './state';
export { SIM_EPOCH, TIME_ZONE } from './state';
export type { AlertScenario } from './scenario';
export { SCENARIO_GEOFENCE, SCENARIO_TIMES } from './scenario';
export { FINISHED_JOB, PLACE_TIMES, type FinishedJobIdle, type PlaceRoles } from './moves';
export { USAGE_HOURS, type EquipmentUsage } from './equipment';

export interface SimulationOptions {
  /** Stages the alert scenario (see scenario.ts) from this instant on; absent: no scenario. */
  scenarioStart?: number;
}

/** What the unit's device last reported as of a time; each metric carries its collection time. */
export interface EquipmentState extends PhysicalState {
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
 * (unit, time) (and of the scenario's start, when one is staged), so any past instant
 * (e.g. 15-minute histories over 90 days) can be computed.
 */
export class FleetSimulation {
  private list: EquipmentDescriptor[] | null = null;
  private byId: Map<string, EquipmentDescriptor> | null = null;
  private staged: AlertScenario | null | undefined = undefined;

  constructor(
    readonly seed: number,
    readonly unitCount: number,
    private readonly options: SimulationOptions = {},
  ) {}

  /** The alert scenario this fleet stages, or null. */
  get scenario(): AlertScenario | null {
    if (this.staged === undefined) {
      const start = this.options.scenarioStart;
      this.staged = start === undefined ? null : alertScenario(this.equipment, this.seed, start);
    }
    return this.staged;
  }

  /** Static descriptors, built on first use. */
  get equipment(): readonly EquipmentDescriptor[] {
    if (!this.list) {
      const list = new Array<EquipmentDescriptor>(this.unitCount);
      for (let i = 0; i < this.unitCount; i++) list[i] = describeEquipment(this.seed, i);
      this.list = list;
    }
    return this.list;
  }

  equipmentById(assetId: string): EquipmentDescriptor | undefined {
    if (!this.byId) this.byId = new Map(this.equipment.map((u) => [u.assetId, u]));
    return this.byId.get(assetId);
  }

  /** Finds a thing by equipment id, serial number or VIN (case-insensitive). */
  findUnit(identifier: string): EquipmentDescriptor | undefined {
    const wanted = identifier.toLowerCase();
    if (!wanted) return undefined;
    return this.equipment.find(
      (u) => u.equipmentId?.toLowerCase() === wanted || (u.serialNumber ? u.serialNumber.toLowerCase() === wanted : false) || u.vin?.toLowerCase() === wanted,
    );
  }

  /** When the unit's device last reported at or before `timeMs`; `stateAt` only changes when this does. */
  reportedAt(unit: EquipmentDescriptor, timeMs: number): number {
    const natural = lastReportAt(unit, timeMs);
    const s = this.scenario;
    if (!s) return natural;
    if (unit.index === s.silent) {
      const lastWords = s.startMs - SCENARIO_TIMES.silentSinceMs;
      return timeMs >= lastWords ? lastReportAt(unit, lastWords) : natural;
    }
    const staged = unit.index === s.lowFuel || unit.index === s.afterHours || unit.index === s.leavesRegion || roleOf(s.places, unit.index) !== null;
    if (!staged || timeMs < s.startMs) return natural;
    // On a carrier the device sleeps: its last report is the one before the ride.
    if (inTransit(s.places, unit.index, timeMs - s.startMs)) {
      let departed = timeMs;
      while (inTransit(s.places, unit.index, departed - s.startMs)) departed -= SCENARIO_TIMES.reportEveryMs;
      return this.reportedAt(unit, departed);
    }
    // Staged units report every 30 s while the scenario runs (never going back in time after it).
    const every = SCENARIO_TIMES.reportEveryMs;
    const last = Math.min(timeMs, s.startMs + SCENARIO_TIMES.durationMs - 1);
    return Math.max(natural, s.startMs + Math.floor((last - s.startMs) / every) * every);
  }

  /** The true state at an instant (no reporting delay). */
  physicalAt(unit: EquipmentDescriptor, timeMs: number): PhysicalState {
    return physicalState(unit, timeMs);
  }

  /** The last reported state as of `timeMs`: values as collected, with per-metric collection times. */
  stateAt(unit: EquipmentDescriptor, timeMs: number): EquipmentState {
    const reportedAt = this.reportedAt(unit, timeMs);
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
    const state = current as EquipmentState;
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
    const s = this.scenario;
    if (s) stage(s, this.seed, unit, state, reportedAt);
    return state;
  }
}

/** The scenario's values for its units, as of their report at `reportedAt`. */
function stage(s: AlertScenario, seed: number, unit: EquipmentDescriptor, state: EquipmentState, reportedAt: number): void {
  stagePlaces(s.places, seed, s.startMs, unit, state, reportedAt, s.nightZone);
  const idle = s.finishedJob.find((f) => f.index === unit.index);
  if (idle) stageFinishedJob(idle, seed, s.startMs, unit, state, reportedAt);
  if (unit.index === s.lowFuel && inScenario(s, reportedAt)) state.fuelPct = scenarioFuel(s, reportedAt);
  if (unit.index === s.leavesRegion) {
    state.geoRegions = reportedAt < s.startMs + SCENARIO_TIMES.leaveRegionAfterMs ? ['region:UT', SCENARIO_GEOFENCE] : ['region:UT'];
  }
  if (unit.index === s.afterHours) {
    // A standby engine: it runs only when the scenario switches it on, in the middle of its night.
    const on = inScenario(s, reportedAt) && reportedAt >= s.startMs + SCENARIO_TIMES.ignitionOnAfterMs;
    state.timeZone = s.nightZone;
    state.ignition = on;
    state.inMotion = false;
    state.speedKmh = 0;
    state.inputs = [on, false, state.inputs[2], state.inputs[3]];
  }
}
