/**
 * The alert scenario: from the moment the demo service starts, four units stage one
 * alert kind each, so a newcomer sees alerts within minutes without any setup and tests
 * can drive every kind. The units are chosen from the seed; only the time zone of the
 * after-hours unit depends on the start time (it must be night there, whatever the clock).
 *
 *   start + 1 min   an engine unit's ignition goes on at about 02:00 in its own time zone
 *   start + 1.5 min a truck's fuel, draining a point a minute from 16.5 %, falls below 15 %
 *   start + 3 min   a unit leaves the `region:SLC-YARD` geofence (its `geo-regions` change)
 *   start + 5 min   a unit whose last report was 55 min old at start, and that stays silent,
 *                   has not reported for an hour
 *
 * Four more machines move between yards and job sites (moves.ts): a delivery, a pick-up, one
 * left idle on a finished job, one towed at night; and a few more stand idle on that finished
 * job for 3 to 10 days (the recovery list of the utilization view).
 */
import { hashInts } from '../prng';
import type { EquipmentDescriptor } from './equipment';
import { FINISHED_JOB, type FinishedJobIdle, type PlaceRoles } from './moves';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SCENARIO_TIMES = {
  ignitionOnAfterMs: 1 * MINUTE,
  fuelStartPercent: 16.5,
  fuelDrainPerMinute: 1,
  fuelFloorPercent: 8,
  leaveRegionAfterMs: 3 * MINUTE,
  silentSinceMs: 55 * MINUTE,
  /** How long the staged values last before the units go back to their usual day. */
  durationMs: 3 * HOUR,
  /** The staged units report this often from the start on. */
  reportEveryMs: 30_000,
} as const;

export const SCENARIO_GEOFENCE = 'region:SLC-YARD';

/** Zones one hour apart (and then some), so one of them is near 02:00 at any instant. */
const NIGHT_ZONES = [
  'Pacific/Pago_Pago', 'Pacific/Honolulu', 'America/Anchorage', 'America/Los_Angeles', 'America/Denver', 'America/Chicago',
  'America/New_York', 'America/Halifax', 'America/Sao_Paulo', 'America/Noronha', 'Atlantic/Cape_Verde', 'UTC',
  'Europe/Paris', 'Europe/Athens', 'Europe/Moscow', 'Asia/Dubai', 'Asia/Karachi', 'Asia/Dhaka', 'Asia/Bangkok',
  'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Brisbane', 'Pacific/Noumea', 'Pacific/Tarawa', 'Pacific/Tongatapu', 'Pacific/Kiritimati',
];
const NIGHT_MINUTE = 2 * 60;

export interface AlertScenario {
  startMs: number;
  /** Unit indexes (into `sim.equipment`), or -1 when the fleet has no unit for that part. */
  lowFuel: number;
  leavesRegion: number;
  afterHours: number;
  silent: number;
  /** The after-hours unit's `time-zone`: where it is about 02:00 when its ignition goes on (the towed machine's too). */
  nightZone: string;
  /** The machines of the place scenario (moves.ts). */
  places: PlaceRoles;
  /** More machines idle on the finished job (moves.ts), absent in fleets too small for them. */
  finishedJob: readonly FinishedJobIdle[];
}

function usable(unit: EquipmentDescriptor): boolean {
  return unit.type === 'thing' && unit.hasMetrics && unit.hasGps && unit.silentDaysPerMonth === 0 && unit.staleMetrics.length === 0;
}

/** The first usable unit matching `wanted`, searching from a seed-chosen place, not already taken. */
function pick(units: readonly EquipmentDescriptor[], seed: number, salt: number, taken: Set<number>, wanted: (u: EquipmentDescriptor) => boolean): number {
  if (units.length === 0) return -1;
  const from = hashInts(seed, salt) % units.length;
  for (let k = 0; k < units.length; k++) {
    const unit = units[(from + k) % units.length];
    if (!taken.has(unit.index) && usable(unit) && wanted(unit)) {
      taken.add(unit.index);
      return unit.index;
    }
  }
  return -1;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes from 00:00 local in `zone` at an instant. */
function localMinute(zone: string, ms: number): number {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' })));
  const parts = format.formatToParts(ms);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/** The zone (of a fixed list) whose local time at `ms` is nearest 02:00. */
export function nightZoneAt(ms: number): string {
  let best = 'UTC';
  let bestDistance = Infinity;
  for (const zone of NIGHT_ZONES) {
    const distance = Math.abs(localMinute(zone, ms) - NIGHT_MINUTE);
    if (distance < bestDistance) {
      best = zone;
      bestDistance = distance;
    }
  }
  return best;
}

export function alertScenario(units: readonly EquipmentDescriptor[], seed: number, startMs: number): AlertScenario {
  const taken = new Set<number>();
  const truck = (u: EquipmentDescriptor): boolean => u.category === 'dump truck' || u.category === 'service truck';
  const lowFuel = pick(units, seed, 901, taken, (u) => u.hasEngine && truck(u));
  // A stationary engine: ignition is the only sign of use, so nothing moves it before its time.
  const afterHours = pick(units, seed, 902, taken, (u) => u.hasEngine && u.loopRadiusKm === 0);
  const leavesRegion = pick(units, seed, 903, taken, (u) => u.category === 'trailer' || truck(u));
  const silent = pick(units, seed, 904, taken, () => true);
  // Machines a carrier moves (not trucks, which drive themselves); picked after the others, so those stay as they were.
  const machine = (u: EquipmentDescriptor): boolean => u.hasEngine && !truck(u);
  const places: PlaceRoles = {
    delivered: pick(units, seed, 905, taken, machine),
    pickedUp: pick(units, seed, 906, taken, machine),
    idle: pick(units, seed, 907, taken, machine),
    towed: pick(units, seed, 908, taken, machine),
  };
  // Machines that used to work (so their stop shows), picked last so every unit above stays as it was.
  const finishedJob: FinishedJobIdle[] = [];
  for (let k = 0; k < FINISHED_JOB.count; k++) {
    const index = pick(units, seed, 910 + k, taken, (u) => machine(u) && u.usage !== 'unused');
    const span = FINISHED_JOB.maxIdleDays - FINISHED_JOB.minIdleDays + 1;
    if (index >= 0) finishedJob.push({ index, idleDays: FINISHED_JOB.minIdleDays + (hashInts(seed, 950 + k) % span) });
  }
  return { startMs, lowFuel, leavesRegion, afterHours, silent, nightZone: nightZoneAt(startMs + SCENARIO_TIMES.ignitionOnAfterMs), places, finishedJob };
}

/** True while the staged values apply (from an hour before the start, for lists fetched right at it). */
export function inScenario(scenario: AlertScenario, ms: number): boolean {
  return ms >= scenario.startMs - HOUR && ms < scenario.startMs + SCENARIO_TIMES.durationMs;
}

/** The staged fuel level at a report time. */
export function scenarioFuel(scenario: AlertScenario, ms: number): number {
  const t = SCENARIO_TIMES;
  const level = t.fuelStartPercent - ((ms - scenario.startMs) / MINUTE) * t.fuelDrainPerMinute;
  return Math.round(Math.min(100, Math.max(t.fuelFloorPercent, level)) * 10) / 10;
}
