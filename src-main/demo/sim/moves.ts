/**
 * The place scenario: from the demo service's start, four machines move between the demo
 * branch's yards and job sites (site-places.ts, shown through geography.ts), so a newcomer
 * sees site counts, days on site and place alerts within minutes:
 *
 *   start + 1 min    a machine is started in its yard and driven onto a carrier
 *   start + 1.5 min  the carrier leaves: the machine's device sleeps on the way
 *   start + 2 min    a light machine parked on a job site starts moving with its ignition
 *                    off (towed at night: its time zone is one where it is about 02:00)
 *   start + 3 min    the delivered machine is driven off the carrier on its job site
 *   start + 4 min    a machine picked up from another job site is driven off in a yard
 *   start + 5 min    the towed machine stops, two kilometres from its job site
 *
 * A fourth machine stands idle on a finished job from five days before the start (its
 * engine time does not grow). Deliveries are jumps with the ignition on at both ends (driven
 * on and off the carrier), not moves with the ignition off, so only the tow looks like one.
 * The machines keep their places for a week, then go back to their usual day.
 */
import { hashInts, unitFloat } from '../prng';
import { DEMO_JOB_SITES, DEMO_YARDS, type DemoSitePlace } from './site-places';
import type { EquipmentDescriptor } from './equipment';
import { physicalState, SIM_EPOCH, type PhysicalState } from './state';

const MINUTE = 60_000;
const DAY = 86_400_000;
const KM_PER_DEG_LAT = 111.32;

/** A carrier ride: ignition on from load to depart and from arrive to park; the device silent between. */
export interface Ride {
  loadAfterMs: number;
  departAfterMs: number;
  arriveAfterMs: number;
  parkAfterMs: number;
}

export const PLACE_TIMES = {
  delivery: { loadAfterMs: 1 * MINUTE, departAfterMs: 1.5 * MINUTE, arriveAfterMs: 3 * MINUTE, parkAfterMs: 4 * MINUTE } satisfies Ride,
  pickUp: { loadAfterMs: 2 * MINUTE, departAfterMs: 2.5 * MINUTE, arriveAfterMs: 4 * MINUTE, parkAfterMs: 5 * MINUTE } satisfies Ride,
  towFromMs: 2 * MINUTE,
  towUntilMs: 5 * MINUTE,
  /** Fast enough that two reports a refresh apart (a minute by default) are far more than 300 m apart. */
  towKmh: 40,
  towBearingDeg: 45,
  /** The staged places hold from this long before the start … */
  sinceMs: 5 * DAY,
  /** … to this long after it. */
  holdMs: 7 * DAY,
} as const;

/** Unit indexes (into `sim.equipment`) of the place scenario's machines, -1 where the fleet has none. */
export interface PlaceRoles {
  delivered: number;
  pickedUp: number;
  idle: number;
  towed: number;
}

export type PlaceRole = keyof PlaceRoles;

export function roleOf(roles: PlaceRoles, index: number): PlaceRole | null {
  if (index < 0) return null;
  if (index === roles.delivered) return 'delivered';
  if (index === roles.pickedUp) return 'pickedUp';
  if (index === roles.idle) return 'idle';
  if (index === roles.towed) return 'towed';
  return null;
}

/** A seed-chosen point well inside a site (within a third of its radius from the centre). */
export function spotIn(place: DemoSitePlace, seed: number, salt: number): [lat: number, lng: number] {
  const r = (place.radiusM / 1000) * 0.33;
  const north = (unitFloat(seed, salt, 1) * 2 - 1) * r;
  const east = (unitFloat(seed, salt, 2) * 2 - 1) * r;
  return offsetKm([place.lat, place.lng], north, east);
}

function offsetKm(from: readonly [number, number], northKm: number, eastKm: number): [number, number] {
  return [from[0] + northKm / KM_PER_DEG_LAT, from[1] + eastKm / (KM_PER_DEG_LAT * Math.cos((from[0] * Math.PI) / 180))];
}

/** Where each role goes, from the seed. */
export function placesOf(seed: number): { deliveryFrom: DemoSitePlace; deliveryTo: DemoSitePlace; pickUpFrom: DemoSitePlace; pickUpTo: DemoSitePlace; idleAt: DemoSitePlace; towedFrom: DemoSitePlace } {
  const yard = (salt: number) => DEMO_YARDS[hashInts(seed, salt) % DEMO_YARDS.length];
  return {
    deliveryFrom: yard(921),
    deliveryTo: DEMO_JOB_SITES[0],
    pickUpFrom: DEMO_JOB_SITES[1],
    pickUpTo: yard(922),
    idleAt: DEMO_JOB_SITES[2],
    towedFrom: DEMO_JOB_SITES[3],
  };
}

/** True while a carrier carries the machine: its device reports nothing. */
export function inTransit(roles: PlaceRoles, index: number, sinceStartMs: number): boolean {
  const role = roleOf(roles, index);
  const ride = role === 'delivered' ? PLACE_TIMES.delivery : role === 'pickedUp' ? PLACE_TIMES.pickUp : null;
  return ride !== null && sinceStartMs >= ride.departAfterMs && sinceStartMs < ride.arriveAfterMs;
}

function engineOnMs(ride: Ride, t: number): number {
  const clamp = (ms: number, max: number) => Math.min(Math.max(ms, 0), max);
  return clamp(t - ride.loadAfterMs, ride.departAfterMs - ride.loadAfterMs) + clamp(t - ride.arriveAfterMs, ride.parkAfterMs - ride.arriveAfterMs);
}

function engineOn(ride: Ride, t: number): boolean {
  return (t >= ride.loadAfterMs && t < ride.departAfterMs) || (t >= ride.arriveAfterMs && t < ride.parkAfterMs);
}

/**
 * The place scenario's values for one of its machines as of a report at `reportedAt`
 * (`startMs` is the scenario's start); other units and other times are left as they are.
 * Engine time, fuel and odometer stand still from five days before the start but for the
 * minutes the engine runs on and off the carrier.
 */
export function stagePlaces(
  roles: PlaceRoles,
  seed: number,
  startMs: number,
  unit: EquipmentDescriptor,
  state: PhysicalState & { timeZone: string },
  reportedAt: number,
  nightZone: string,
): void {
  const role = roleOf(roles, unit.index);
  if (!role) return;
  const t = reportedAt - startMs;
  if (t < -PLACE_TIMES.sinceMs || t >= PLACE_TIMES.holdMs) return;
  const places = placesOf(seed);
  const base = physicalState(unit, startMs - PLACE_TIMES.sinceMs);
  let at: [number, number];
  let on = false;
  let onMs = 0;
  let moving = false;
  switch (role) {
    case 'delivered': {
      const ride = PLACE_TIMES.delivery;
      at = t < ride.departAfterMs ? spotIn(places.deliveryFrom, seed, 931) : spotIn(places.deliveryTo, seed, 932);
      on = engineOn(ride, t);
      onMs = engineOnMs(ride, t);
      break;
    }
    case 'pickedUp': {
      const ride = PLACE_TIMES.pickUp;
      at = t < ride.departAfterMs ? spotIn(places.pickUpFrom, seed, 933) : spotIn(places.pickUpTo, seed, 934);
      on = engineOn(ride, t);
      onMs = engineOnMs(ride, t);
      break;
    }
    case 'idle':
      at = spotIn(places.idleAt, seed, 935);
      break;
    case 'towed': {
      const { towFromMs, towUntilMs, towKmh, towBearingDeg } = PLACE_TIMES;
      const km = (towKmh * (Math.min(Math.max(t, towFromMs), towUntilMs) - towFromMs)) / 3_600_000;
      const bearing = (towBearingDeg * Math.PI) / 180;
      at = offsetKm(spotIn(places.towedFrom, seed, 936), km * Math.cos(bearing), km * Math.sin(bearing));
      moving = t >= towFromMs && t < towUntilMs;
      state.heading = towBearingDeg;
      state.timeZone = nightZone;
      break;
    }
  }
  state.lat = at[0];
  state.lng = at[1];
  state.ignition = unit.hasEngine && on;
  state.inMotion = moving;
  state.speedKmh = moving ? PLACE_TIMES.towKmh : 0;
  state.engineRuntimeMs = base.engineRuntimeMs + (unit.hasEngine ? onMs : 0);
  state.fuelPct = base.fuelPct;
  state.odometerCm = base.odometerCm;
  state.inputs = [state.ignition, moving, state.inputs[2], state.inputs[3]];
}

/**
 * More machines left on the finished job, each idle from a seed-chosen number of days
 * before the start: with the place scenario's idle machine they are the branch's recovery
 * list (machines on rent that nobody uses), visible in the utilization view as days of zero
 * hours after days of work.
 */
export const FINISHED_JOB = {
  count: 4,
  minIdleDays: 3,
  maxIdleDays: 10,
} as const;

export interface FinishedJobIdle {
  /** unit index into `sim.equipment` */
  index: number;
  /** whole local days without engine time before the start's day (which is idle too) */
  idleDays: number;
}

/** Where the finished job's idle machines stand. */
export function finishedJobSite(): DemoSitePlace {
  return DEMO_JOB_SITES[2];
}

/**
 * A finished job's idle machine as of a report at `reportedAt`: parked on the site with its
 * ignition off, engine time, fuel and odometer as they were when it last ran, until the
 * place scenario's hold ends.
 */
export function stageFinishedJob(idle: FinishedJobIdle, seed: number, startMs: number, unit: EquipmentDescriptor, state: PhysicalState, reportedAt: number): void {
  const startDay = SIM_EPOCH + Math.floor((startMs - SIM_EPOCH) / DAY) * DAY;
  const since = startDay - idle.idleDays * DAY;
  if (reportedAt < since || reportedAt >= startMs + PLACE_TIMES.holdMs) return;
  const stopped = physicalState(unit, since);
  const [lat, lng] = spotIn(finishedJobSite(), seed, 940 + idle.index);
  state.lat = lat;
  state.lng = lng;
  state.ignition = false;
  state.inMotion = false;
  state.speedKmh = 0;
  state.engineRuntimeMs = stopped.engineRuntimeMs;
  state.lightsRuntimeMs = stopped.lightsRuntimeMs;
  state.fuelPct = stopped.fuelPct;
  state.odometerCm = stopped.odometerCm;
  state.inputs = [false, false, state.inputs[2], state.inputs[3]];
}
