import { unitFloat } from '../prng';
import type { EquipmentDescriptor } from './equipment';

const MINUTE = 60_000;
const DAY = 86_400_000;
/**
 * 2024-01-01 00:00 local time; the simulated history starts here. The fleet works
 * in America/Denver; the simulation uses standard time (UTC−7) all year for simplicity.
 */
export const SIM_EPOCH = Date.UTC(2024, 0, 1, 7);
export const TIME_ZONE = 'America/Denver';
const KM_PER_DEG_LAT = 111.32;

/** The true state of a unit at an instant (what its sensors would read). */
export interface PhysicalState {
  lat: number;
  lng: number;
  heading: number;
  speedKmh: number;
  inMotion: boolean;
  ignition: boolean;
  fuelPct: number;
  engineRuntimeMs: number;
  lightsRuntimeMs: [number, number, number, number];
  odometerCm: number;
  altitude: number;
  cabTemp: number;
  battery: number;
  deviceBattery: number;
  signal: number;
  solarBattery: number;
  current1: number;
  inputs: [boolean, boolean, boolean, boolean];
}

/** Day 0 (SIM_EPOCH) is a Monday: days 5 and 6 of each week are the weekend. */
export function isWorkDay(day: number): boolean {
  return ((day % 7) + 7) % 7 < 5;
}

/** Working days (Monday to Friday) before `day`, in closed form so any instant costs the same. */
export function workDaysBefore(day: number): number {
  if (day <= 0) return 0;
  return 5 * Math.floor(day / 7) + Math.min(day % 7, 5);
}

/** Pure function of (unit, time): the simulation has no hidden state. */
export function physicalState(unit: EquipmentDescriptor, timeMs: number): PhysicalState {
  const t = Math.max(timeMs, SIM_EPOCH);
  const local = t - SIM_EPOCH;
  const day = Math.floor(local / DAY);
  const minuteOfDay = (local - day * DAY) / MINUTE;
  const doneDays = workDaysBefore(day);
  const workDay = isWorkDay(day);

  const inShift = workDay && unit.shiftMinutes > 0 && minuteOfDay >= unit.shiftStartMinute && minuteOfDay < unit.shiftStartMinute + unit.shiftMinutes;
  const elapsed = workDay ? Math.min(Math.max(minuteOfDay - unit.shiftStartMinute, 0), unit.shiftMinutes) : 0;
  const fullCycles = Math.floor(elapsed / unit.cycleMinutes);
  const inCycle = elapsed - fullCycles * unit.cycleMinutes;
  const movingToday = fullCycles * unit.movingMinutes + Math.min(inCycle, unit.movingMinutes);
  const movingPerDay = (unit.shiftMinutes / unit.cycleMinutes) * unit.movingMinutes;
  const moving = inShift && unit.loopRadiusKm > 0 && inCycle < unit.movingMinutes;

  // One loop per moving phase, so the unit is back at its depot after each.
  const loopSpeedKmh = unit.movingMinutes > 0 ? (2 * Math.PI * unit.loopRadiusKm) / (unit.movingMinutes / 60) : 0;
  const theta = moving ? (2 * Math.PI * inCycle) / unit.movingMinutes : 0;
  const a = theta + unit.loopPhase;
  const eastKm = unit.loopRadiusKm * (Math.cos(a) - Math.cos(unit.loopPhase));
  const northKm = unit.loopRadiusKm * (Math.sin(a) - Math.sin(unit.loopPhase));
  const lat = unit.depotLat + northKm / KM_PER_DEG_LAT;
  const lng = unit.depotLng + eastKm / (KM_PER_DEG_LAT * Math.cos((unit.depotLat * Math.PI) / 180));
  // Tangent of the counter-clockwise loop, as a compass bearing.
  const heading = ((Math.atan2(-Math.sin(a), Math.cos(a)) * 180) / Math.PI + 360) % 360;
  const bucket = Math.floor(t / MINUTE);
  const speedKmh = moving ? loopSpeedKmh * (0.85 + 0.3 * unitFloat(unit.index, bucket, 1)) : 0;

  const ignition = unit.hasEngine && inShift;
  const engineMinutes = unit.hasEngine ? doneDays * unit.shiftMinutes + elapsed : 0;
  const engineRuntimeMs = Math.round(unit.baseRuntimeMs + engineMinutes * MINUTE);
  const lightsRuntimeMs = unit.lightShares.map((share, i) => (i < unit.lightCount ? Math.round(unit.baseRuntimeMs * share + engineMinutes * MINUTE * share) : 0)) as PhysicalState['lightsRuntimeMs'];
  const drivenKm = ((doneDays * movingPerDay + movingToday) / 60) * loopSpeedKmh;
  const odometerCm = unit.hasOdometer ? Math.round(unit.baseOdometerCm + drivenKm * 100_000) : 0;

  const workIndex = doneDays;
  const periodDay = workIndex % unit.refillEveryDays;
  const periodMinutes = unit.refillEveryDays * unit.shiftMinutes;
  const usedMinutes = periodDay * unit.shiftMinutes + elapsed;
  const fuelPct = unit.hasEngine && periodMinutes > 0 ? 100 - (unit.fuelUsedPerPeriodPct * usedMinutes) / periodMinutes : 100;

  const seasonal = Math.sin(((day % 365) / 365) * 2 * Math.PI - Math.PI / 2); // -1 in winter, +1 in summer
  const dailyWave = Math.sin(((minuteOfDay - 9 * 60) / 1440) * 2 * Math.PI);
  const ambient = 10 + 14 * seasonal + 7 * dailyWave;
  const jitter = unitFloat(unit.index, bucket, 2);
  return {
    lat,
    lng,
    heading: Math.round(heading * 10) / 10,
    speedKmh: Math.round(speedKmh * 10) / 10,
    inMotion: moving,
    ignition,
    fuelPct: Math.round(fuelPct * 10) / 10,
    engineRuntimeMs,
    lightsRuntimeMs,
    odometerCm,
    altitude: Math.round(unit.baseAltitudeM + (northKm + eastKm) * 3),
    cabTemp: Math.round((ignition ? 21 + jitter * 2 : ambient) * 10) / 10,
    battery: Math.round((ignition ? 13.8 + jitter * 0.4 : 12.3 + jitter * 0.4) * 100) / 100,
    deviceBattery: Math.round(70 + 30 * unitFloat(unit.index, Math.floor(t / 3_600_000), 3)),
    signal: -60 - Math.round(40 * unitFloat(unit.index, Math.floor(t / (15 * MINUTE)), 4)),
    solarBattery: Math.round((12.2 + 1.3 * Math.max(0, dailyWave) + 0.1 * jitter) * 100) / 100,
    current1: ignition ? Math.round((8 + 20 * jitter) * 10) / 10 : 0,
    inputs: [ignition, moving, unit.hasInputs && unitFloat(unit.index, Math.floor(t / 3_600_000), 5) < 0.2, false],
  };
}

/** When the unit's device last reported at or before `timeMs`. */
export function lastReportAt(unit: EquipmentDescriptor, timeMs: number): number {
  const interval = unit.reportIntervalSec * 1000;
  const phase = unit.reportPhaseSec * 1000;
  let t = timeMs;
  if (unit.silentDaysPerMonth > 0) {
    // The device is quiet for the last `silentDaysPerMonth` days of each 30-day period.
    const period = 30 * DAY;
    const start = Math.floor((t - SIM_EPOCH) / period) * period + SIM_EPOCH;
    const quietFrom = start + (30 - unit.silentDaysPerMonth) * DAY;
    if (t >= quietFrom) t = quietFrom;
  }
  return Math.floor((t - phase) / interval) * interval + phase;
}

/** When a stale metric was last read: a monthly step at least 90 days behind `timeMs`. */
export function staleReadingAt(unit: EquipmentDescriptor, timeMs: number): number {
  const period = 30 * DAY;
  const phase = (unit.index % 30) * DAY;
  return Math.floor((timeMs - 90 * DAY - phase) / period) * period + phase;
}
