import { hashInts, unitFloat } from '../prng';

/**
 * A rental fleet is not evenly used: most units work a full shift, some only an hour or
 * two, some sit unused on their customer's job. Hours a working day per level.
 */
export type EquipmentUsage = 'busy' | 'light' | 'unused';
export const USAGE_HOURS: Readonly<Record<EquipmentUsage, readonly [number, number]>> = { busy: [6, 8], light: [1, 3], unused: [0, 0] };

/** Shares of the fleet's units at each usage level (the rest are unused). */
const BUSY_SHARE = 0.6;
const LIGHT_SHARE = 0.25;

/** Working days start at 07:00 local, give or take half an hour between units. */
const SHIFT_START_MINUTE = 7 * 60;

function usageOf(r: number): EquipmentUsage {
  return r < BUSY_SHARE ? 'busy' : r < BUSY_SHARE + LIGHT_SHARE ? 'light' : 'unused';
}

/** Whole cycles that fill about `hours` (at least one when the unit is used at all). */
function shiftLength(usage: EquipmentUsage, cycleMinutes: number, r: number): number {
  const hours = between(USAGE_HOURS[usage], r);
  if (hours === 0) return 0;
  return Math.max(1, Math.round((hours * 60) / cycleMinutes)) * cycleMinutes;
}

export type EquipmentCategory = 'excavator' | 'dump truck' | 'trailer' | 'generator' | 'light tower' | 'compactor' | 'service truck';

/** Static description of one simulated unit (an asset of the list and a unit of the fleet feed). */
export interface EquipmentDescriptor {
  /** 0-based position in `sim.equipment` */
  index: number;
  /** `thing:N` or `area:N` */
  assetId: string;
  type: 'thing' | 'area';
  name: string;
  /** null for areas */
  category: EquipmentCategory | null;
  /** '' for some things, null for areas */
  serialNumber: string | null;
  vin: string | null;
  make: string | null;
  model: string | null;
  equipmentId: string | null;
  /** false → the asset list says `metrics: null` */
  hasMetrics: boolean;
  hasGps: boolean;
  hasEngine: boolean;
  /** number of light circuits reported (0…4) */
  lightCount: number;
  /** metric key spelling for light runtimes: `lights1-runtime` or the variant `light1-runtime` */
  lightsKey: 'lights' | 'light';
  hasOdometer: boolean;
  hasCab: boolean;
  hasInputs: boolean;
  hasSolar: boolean;
  /** depot (home position) */
  depotLat: number;
  depotLng: number;
  /** loop radius in km (0 = stationary) */
  loopRadiusKm: number;
  /** loop orientation in radians */
  loopPhase: number;
  /** each work cycle: drive one loop for movingMinutes, then stand for the rest of cycleMinutes */
  movingMinutes: number;
  cycleMinutes: number;
  /** how much the rental customer uses the unit on a working day (see USAGE_HOURS) */
  usage: EquipmentUsage;
  /** local minute of the day the shift starts, and how long the unit runs on a working day (a whole number of cycles; 0 = not at all) */
  shiftStartMinute: number;
  shiftMinutes: number;
  /** the tank is refilled every N work days */
  refillEveryDays: number;
  /** fuel used over a full refill period, in percent of the tank */
  fuelUsedPerPeriodPct: number;
  reportIntervalSec: number;
  reportPhaseSec: number;
  /** metrics reported from an old reading (months before the GPS fix) */
  staleMetrics: readonly string[];
  /** the device goes quiet for part of each 30-day period (days), 0 = never */
  silentDaysPerMonth: number;
  /** collectedOn written with milliseconds */
  fractionalTimestamps: boolean;
  ipEndpoint: string | null;
  baseRuntimeMs: number;
  baseOdometerCm: number;
  /** share of engine time each light circuit is on */
  lightShares: readonly [number, number, number, number];
  baseAltitudeM: number;
}

interface CategoryProfile {
  category: EquipmentCategory;
  models: readonly (readonly [make: string, model: string, serialPrefix: string])[];
  radiusKm: readonly [number, number];
  movingMinutes: readonly [number, number];
  engine: boolean;
  lights: number;
  odometer: boolean;
  cab: boolean;
  inputs: boolean;
  solar: boolean;
}

const PROFILES: readonly CategoryProfile[] = [
  { category: 'excavator', models: [['Caterpillar', '320', 'CAT0320'], ['Komatsu', 'PC210LC-11', 'KMTPC210']], radiusKm: [0.03, 0.12], movingMinutes: [10, 20], engine: true, lights: 2, odometer: false, cab: true, inputs: true, solar: false },
  { category: 'dump truck', models: [['Kenworth', 'T880', '1NKZX4'], ['Peterbilt', '567', '1NPCX7']], radiusKm: [2, 6], movingMinutes: [25, 45], engine: true, lights: 1, odometer: true, cab: true, inputs: false, solar: false },
  { category: 'trailer', models: [['Wabash', 'DuraPlate', 'WAB1JJV'], ['Great Dane', 'Everest', 'GDNE1UA']], radiusKm: [2, 6], movingMinutes: [25, 45], engine: false, lights: 0, odometer: true, cab: false, inputs: true, solar: true },
  { category: 'generator', models: [['Generac', 'MDG75DF4', 'GENMDG75'], ['Atlas Copco', 'QAS 60', 'ACQAS60']], radiusKm: [0, 0], movingMinutes: [20, 30], engine: true, lights: 0, odometer: false, cab: false, inputs: true, solar: false },
  { category: 'light tower', models: [['Generac', 'MLT6SMD', 'GENMLT6'], ['Allmand', 'Night-Lite GR', 'ALMNLGR']], radiusKm: [0, 0], movingMinutes: [20, 30], engine: true, lights: 4, odometer: false, cab: false, inputs: false, solar: true },
  { category: 'compactor', models: [['Bomag', 'BW 211 D-5', 'BOMBW211'], ['Hamm', 'H 13i', 'HAMH13I']], radiusKm: [0.1, 0.3], movingMinutes: [15, 25], engine: true, lights: 1, odometer: false, cab: true, inputs: false, solar: false },
  { category: 'service truck', models: [['Ford', 'F-550', '1FDUF5'], ['Ram', '5500', '3C7WRN']], radiusKm: [3, 8], movingMinutes: [20, 40], engine: true, lights: 2, odometer: true, cab: true, inputs: true, solar: false },
];

/** Depots around Salt Lake City (region:UT). */
export const DEPOTS: readonly (readonly [name: string, lat: number, lng: number])[] = [
  ['North Salt Lake', 40.8483, -111.9066],
  ['Airport', 40.7899, -111.9791],
  ['Downtown', 40.7608, -111.891],
  ['West Valley', 40.6916, -112.0011],
  ['Sandy', 40.5649, -111.8389],
  ['Draper', 40.5247, -111.8638],
];

const AREA_NAMES = ['Yard', 'Laydown area', 'Job site', 'Quarry', 'Staging lot'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

function between(range: readonly [number, number], r: number): number {
  return range[0] + (range[1] - range[0]) * r;
}

function vinFor(seed: number, index: number, prefix: string): string {
  let vin = prefix.replace(/[^A-Z0-9]/g, '').slice(0, 6).padEnd(6, 'X');
  for (let k = 0; vin.length < 17; k++) vin += VIN_CHARS[hashInts(seed, index, 700 + k) % VIN_CHARS.length];
  return vin;
}

/** Builds the unit at `index` of a fleet; a pure function of (seed, index). */
export function describeEquipment(seed: number, index: number): EquipmentDescriptor {
  const r = (salt: number): number => unitFloat(seed, index, salt);
  const isArea = index % 20 === 19;
  const depot = DEPOTS[hashInts(seed, index, 1) % DEPOTS.length];
  const depotLat = depot[1] + (r(2) - 0.5) * 0.06;
  const depotLng = depot[2] + (r(3) - 0.5) * 0.08;
  // Spelled out below rather than spread: a spread followed by many keys is slow in V8.
  const common = {
    index,
    depotLat,
    depotLng,
    loopPhase: r(4) * Math.PI * 2,
    reportIntervalSec: 60 + Math.floor(r(5) * 8) * 30,
    reportPhaseSec: Math.floor(r(6) * 60),
    fractionalTimestamps: index % 2 === 0,
    baseAltitudeM: 1290 + Math.round(r(7) * 120),
    silentDaysPerMonth: index % 23 === 11 ? 9 : 0,
  };
  if (isArea) {
    const areaNumber = Math.floor(index / 20) + 1;
    return {
      index: common.index,
      depotLat: common.depotLat,
      depotLng: common.depotLng,
      loopPhase: common.loopPhase,
      reportIntervalSec: common.reportIntervalSec,
      reportPhaseSec: common.reportPhaseSec,
      fractionalTimestamps: common.fractionalTimestamps,
      baseAltitudeM: common.baseAltitudeM,
      silentDaysPerMonth: common.silentDaysPerMonth,
      assetId: `area:${areaNumber}`,
      type: 'area',
      name: `${depot[0]} ${AREA_NAMES[hashInts(seed, index, 8) % AREA_NAMES.length]}`,
      category: null,
      serialNumber: null,
      vin: null,
      make: null,
      model: null,
      equipmentId: null,
      hasMetrics: index % 40 !== 39,
      hasGps: true,
      hasEngine: false,
      lightCount: 0,
      lightsKey: 'lights',
      hasOdometer: false,
      hasCab: false,
      hasInputs: false,
      hasSolar: false,
      loopRadiusKm: 0,
      movingMinutes: 0,
      cycleMinutes: 60,
      usage: 'unused',
      shiftStartMinute: 0,
      shiftMinutes: 0,
      refillEveryDays: 1,
      fuelUsedPerPeriodPct: 0,
      staleMetrics: [],
      ipEndpoint: null,
      baseRuntimeMs: 0,
      baseOdometerCm: 0,
      lightShares: [0, 0, 0, 0],
    };
  }
  const thingNumber = index - Math.floor((index + 1) / 20) + 1;
  // Categories rotate so every kind (and so every metric) shows up in any fleet of 20+ units.
  const profile = PROFILES[(index + seed) % PROFILES.length];
  const [make, model, serialPrefix] = profile.models[hashInts(seed, index, 9) % profile.models.length];
  const movingMinutes = Math.round(between(profile.movingMinutes, r(10)));
  const cycleMinutes = movingMinutes + 10 + Math.floor(r(11) * 30);
  const usage = usageOf(r(29));
  const serialDigits = String(10000 + (hashInts(seed, index, 13) % 90000));
  const staleChoice = index % 10 === 3 ? (profile.engine ? ['fuel', 'engine-runtime'] : ['altitude']) : index % 10 === 8 ? ['cab-temperature', 'battery'] : [];
  const octets = [hashInts(seed, index, 14) % 250, hashInts(seed, index, 15) % 250, 1 + (hashInts(seed, index, 16) % 250)];
  return {
    index: common.index,
    depotLat: common.depotLat,
    depotLng: common.depotLng,
    loopPhase: common.loopPhase,
    reportIntervalSec: common.reportIntervalSec,
    reportPhaseSec: common.reportPhaseSec,
    fractionalTimestamps: common.fractionalTimestamps,
    baseAltitudeM: common.baseAltitudeM,
    silentDaysPerMonth: common.silentDaysPerMonth,
    assetId: `thing:${thingNumber}`,
    type: 'thing',
    name: `${profile.category[0].toUpperCase()}${profile.category.slice(1)} ${String(thingNumber).padStart(3, '0')}`,
    category: profile.category,
    serialNumber: index % 9 === 4 ? '' : `${serialPrefix}${serialDigits}`,
    vin: vinFor(seed, index, serialPrefix),
    make,
    model,
    equipmentId: `EQ-${String(thingNumber).padStart(5, '0')}`,
    hasMetrics: index % 17 !== 5,
    hasGps: index % 13 !== 7,
    hasEngine: profile.engine,
    lightCount: profile.lights,
    lightsKey: profile.lights > 0 && index % 3 === 0 ? 'light' : 'lights',
    hasOdometer: profile.odometer,
    hasCab: profile.cab,
    hasInputs: profile.inputs,
    hasSolar: profile.solar,
    loopRadiusKm: between(profile.radiusKm, r(17)),
    movingMinutes,
    cycleMinutes,
    usage,
    shiftStartMinute: SHIFT_START_MINUTE + (Math.floor(r(18) * 5) - 2) * 15,
    shiftMinutes: shiftLength(usage, cycleMinutes, r(12)),
    refillEveryDays: 1 + Math.floor(r(19) * 3),
    fuelUsedPerPeriodPct: 45 + r(20) * 40,
    staleMetrics: staleChoice,
    ipEndpoint: r(21) < 0.7 ? `10.${octets[0]}.${octets[1]}.${octets[2]}:${[5000, 6001, 8080, 21000][hashInts(seed, index, 22) % 4]}` : null,
    baseRuntimeMs: Math.round((200 + r(23) * 9000) * 3_600_000),
    baseOdometerCm: profile.odometer ? Math.round((5_000 + r(24) * 300_000) * 100_000) : 0,
    lightShares: [0.35 + r(25) * 0.5, 0.2 + r(26) * 0.5, 0.1 + r(27) * 0.5, 0.05 + r(28) * 0.5],
  };
}
