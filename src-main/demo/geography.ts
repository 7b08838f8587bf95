/**
 * The demo service's geography: the Salt Lake valley the simulated fleet works in,
 * drawn by the demo map tiles (tiles/draw-map.ts) and labelled by the app from
 * `demoPlaces`. Shapes are approximate (a few dozen points each, from general
 * knowledge of the area), enough for a newcomer to see a plausible map: the lakes and
 * the Jordan River, the mountains either side, the freeways, the city's mile grid, the
 * depots and job sites the simulation uses, and the haul roads its trucks drive on.
 */
import type { FleetSimulation } from './sim';
import { DEPOTS, type EquipmentDescriptor } from './sim/equipment';

/** [latitude, longitude] in degrees. */
export type LatLng = readonly [number, number];

export type AreaKind = 'water' | 'mountain' | 'wetland' | 'urban' | 'airport' | 'island';
export type LineKind = 'motorway' | 'trunk' | 'river' | 'runway';

export interface MapArea {
  name: string;
  kind: AreaKind;
  ring: readonly LatLng[];
}

export interface MapLine {
  name: string;
  kind: LineKind;
  points: readonly LatLng[];
}

/** A label for the app to draw as text over the map. */
export interface DemoPlace {
  name: string;
  lat: number;
  lng: number;
  kind: 'city' | 'water' | 'mountain' | 'road' | 'depot' | 'site' | 'airport';
  /** Shown from this zoom level on (labels would crowd a zoomed-out map). */
  minZoom: number;
}

/** Drawn in this order: later areas cover earlier ones. */
export const AREAS: readonly MapArea[] = [
  {
    name: 'Urban area',
    kind: 'urban',
    ring: [
      [40.49, -111.8], [40.49, -111.97], [40.54, -112.04], [40.62, -112.065], [40.7, -112.07], [40.75, -112.04], [40.775, -112.0],
      [40.8, -111.945], [40.85, -111.935], [40.93, -111.915], [40.97, -111.9], [40.97, -111.86], [40.9, -111.855], [40.84, -111.86],
      [40.8, -111.83], [40.77, -111.8], [40.7, -111.79], [40.6, -111.79], [40.54, -111.79],
    ],
  },
  {
    name: 'Wetlands',
    kind: 'wetland',
    ring: [[40.76, -112.13], [40.79, -111.985], [40.83, -111.96], [40.88, -111.965], [40.9, -111.99], [40.86, -112.03], [40.82, -112.07], [40.78, -112.12]],
  },
  {
    name: 'Great Salt Lake',
    kind: 'water',
    ring: [
      [40.72, -113.3], [40.705, -112.6], [40.705, -112.3], [40.735, -112.19], [40.765, -112.13], [40.8, -112.09], [40.835, -112.06], [40.865, -112.03],
      [40.895, -111.995], [40.94, -111.975], [41.0, -111.985], [41.08, -112.015], [41.2, -112.06], [41.45, -112.16], [41.75, -112.25], [42.0, -112.6], [42.0, -113.3],
    ],
  },
  {
    name: 'Antelope Island',
    kind: 'island',
    ring: [[40.9, -112.2], [40.95, -112.15], [41.02, -112.16], [41.08, -112.21], [41.06, -112.27], [40.98, -112.27], [40.92, -112.24]],
  },
  {
    name: 'Utah Lake',
    kind: 'water',
    ring: [[40.36, -111.87], [40.35, -111.81], [40.31, -111.77], [40.24, -111.74], [40.15, -111.75], [40.11, -111.8], [40.14, -111.87], [40.22, -111.92], [40.31, -111.92]],
  },
  {
    name: 'Wasatch Range',
    kind: 'mountain',
    ring: [
      [40.4, -111.78], [40.3, -111.6], [40.25, -110.9], [41.5, -110.9], [41.5, -111.95], [41.1, -111.87], [40.97, -111.855], [40.9, -111.845], [40.84, -111.845], [40.8, -111.815],
      [40.77, -111.785], [40.72, -111.775], [40.62, -111.77], [40.55, -111.77], [40.48, -111.79], [40.44, -111.81],
    ],
  },
  {
    name: 'Oquirrh Mountains',
    kind: 'mountain',
    ring: [[40.3, -112.085], [40.25, -112.2], [40.35, -112.45], [40.55, -112.42], [40.69, -112.33], [40.705, -112.22], [40.66, -112.13], [40.6, -112.1], [40.52, -112.09], [40.44, -112.07], [40.38, -112.06]],
  },
  {
    name: 'Traverse Mountains',
    kind: 'mountain',
    ring: [[40.44, -111.83], [40.46, -111.88], [40.47, -111.95], [40.45, -112.02], [40.41, -112.0], [40.4, -111.9]],
  },
  {
    name: 'Salt Lake City International Airport',
    kind: 'airport',
    ring: [[40.77, -112.0], [40.768, -111.965], [40.8, -111.96], [40.81, -111.975], [40.81, -112.005], [40.79, -112.01]],
  },
];

export const LINES: readonly MapLine[] = [
  {
    name: 'Jordan River',
    kind: 'river',
    points: [
      [40.36, -111.905], [40.4, -111.915], [40.44, -111.925], [40.48, -111.925], [40.53, -111.915], [40.58, -111.918], [40.62, -111.927],
      [40.66, -111.925], [40.7, -111.927], [40.74, -111.925], [40.77, -111.932], [40.8, -111.942], [40.84, -111.953], [40.875, -111.968], [40.9, -111.985],
    ],
  },
  { name: 'Runway 16L/34R', kind: 'runway', points: [[40.772, -111.975], [40.806, -111.972]] },
  { name: 'Runway 16R/34L', kind: 'runway', points: [[40.772, -111.99], [40.806, -111.987]] },
  { name: 'Runway 17/35', kind: 'runway', points: [[40.775, -112.003], [40.803, -112.0]] },
  {
    name: 'I-15',
    kind: 'motorway',
    points: [
      [40.3, -111.87], [40.43, -111.885], [40.47, -111.89], [40.52, -111.89], [40.56, -111.893], [40.6, -111.898], [40.64, -111.902],
      [40.68, -111.903], [40.72, -111.905], [40.755, -111.906], [40.78, -111.912], [40.81, -111.918], [40.84, -111.915], [40.875, -111.905],
      [40.91, -111.895], [40.96, -111.893], [41.1, -111.92],
    ],
  },
  {
    name: 'I-80',
    kind: 'motorway',
    points: [[40.69, -112.4], [40.7, -112.25], [40.73, -112.15], [40.755, -112.07], [40.765, -112.0], [40.765, -111.95], [40.757, -111.915], [40.755, -111.906]],
  },
  {
    name: 'I-80',
    kind: 'motorway',
    points: [[40.725, -111.905], [40.725, -111.86], [40.722, -111.82], [40.715, -111.8], [40.72, -111.77], [40.74, -111.72], [40.76, -111.6]],
  },
  {
    name: 'I-215',
    kind: 'motorway',
    points: [
      [40.835, -111.918], [40.8, -111.935], [40.77, -111.955], [40.73, -111.96], [40.69, -111.955], [40.66, -111.94], [40.635, -111.915],
      [40.627, -111.9], [40.63, -111.87], [40.64, -111.845], [40.66, -111.815], [40.69, -111.805], [40.722, -111.806],
    ],
  },
  {
    name: 'Bangerter Highway',
    kind: 'trunk',
    points: [[40.78, -111.985], [40.74, -112.0], [40.7, -112.005], [40.65, -112.005], [40.6, -111.995], [40.57, -111.97], [40.545, -111.93], [40.53, -111.892]],
  },
  { name: 'SR-201', kind: 'trunk', points: [[40.705, -112.3], [40.712, -112.2], [40.716, -112.12], [40.72, -112.0], [40.72, -111.958]] },
  { name: 'Legacy Parkway', kind: 'trunk', points: [[40.835, -111.918], [40.87, -111.93], [40.92, -111.925], [40.97, -111.9]] },
  { name: 'Mountain View Corridor', kind: 'trunk', points: [[40.725, -112.04], [40.66, -112.042], [40.6, -112.032], [40.55, -112.012], [40.505, -111.975]] },
];

/** The city's mile grid is laid out from Temple Square; its streets run north–south and east–west. */
export const GRID_ORIGIN: LatLng = [40.7705, -111.8918];
/** One mile in degrees of latitude, and of longitude at the valley's latitude. */
export const MILE_LAT = 1.609344 / 111.32;
export const MILE_LNG = 1.609344 / (111.32 * Math.cos((40.7 * Math.PI) / 180));

const TOWNS: readonly DemoPlace[] = [
  { name: 'Salt Lake City', lat: 40.7608, lng: -111.891, kind: 'city', minZoom: 8 },
  { name: 'West Valley City', lat: 40.6916, lng: -112.0011, kind: 'city', minZoom: 10 },
  { name: 'Sandy', lat: 40.5649, lng: -111.8389, kind: 'city', minZoom: 10 },
  { name: 'Draper', lat: 40.5247, lng: -111.8638, kind: 'city', minZoom: 10 },
  { name: 'North Salt Lake', lat: 40.8483, lng: -111.9066, kind: 'city', minZoom: 11 },
  { name: 'Murray', lat: 40.6669, lng: -111.888, kind: 'city', minZoom: 11 },
  { name: 'West Jordan', lat: 40.6097, lng: -111.9391, kind: 'city', minZoom: 11 },
  { name: 'South Jordan', lat: 40.5622, lng: -111.9297, kind: 'city', minZoom: 11 },
  { name: 'Taylorsville', lat: 40.6677, lng: -111.9388, kind: 'city', minZoom: 12 },
  { name: 'Millcreek', lat: 40.6869, lng: -111.8755, kind: 'city', minZoom: 12 },
  { name: 'Holladay', lat: 40.6688, lng: -111.8247, kind: 'city', minZoom: 12 },
  { name: 'Bountiful', lat: 40.8894, lng: -111.8808, kind: 'city', minZoom: 11 },
  { name: 'Great Salt Lake', lat: 40.98, lng: -112.42, kind: 'water', minZoom: 8 },
  { name: 'Farmington Bay', lat: 40.95, lng: -112.02, kind: 'water', minZoom: 11 },
  { name: 'Utah Lake', lat: 40.24, lng: -111.83, kind: 'water', minZoom: 9 },
  { name: 'Jordan River', lat: 40.645, lng: -111.926, kind: 'water', minZoom: 13 },
  { name: 'Wasatch Range', lat: 40.66, lng: -111.68, kind: 'mountain', minZoom: 9 },
  { name: 'Oquirrh Mountains', lat: 40.55, lng: -112.18, kind: 'mountain', minZoom: 9 },
  { name: 'Salt Lake City Intl Airport', lat: 40.7885, lng: -111.9845, kind: 'airport', minZoom: 11 },
  { name: 'I-15', lat: 40.6, lng: -111.898, kind: 'road', minZoom: 12 },
  { name: 'I-80', lat: 40.765, lng: -111.975, kind: 'road', minZoom: 12 },
  { name: 'I-215', lat: 40.73, lng: -111.96, kind: 'road', minZoom: 12 },
  { name: 'Bangerter Hwy', lat: 40.65, lng: -112.005, kind: 'road', minZoom: 13 },
];

/** A simulated unit's haul road: the loop it drives from its depot, in degrees. */
export interface HaulLoop {
  lat: number;
  lng: number;
  /** radius in degrees of latitude and of longitude (the loop is a circle on the ground) */
  rLat: number;
  rLng: number;
}

const KM_PER_DEG_LAT = 111.32;
/** Loops drawn at most (the first units of a big fleet; ten thousand circles would be a scribble). */
export const MAX_HAUL_LOOPS = 400;

/** The loop of a moving unit: the circle through its depot that sim/state.ts drives it around. */
export function haulLoop(unit: EquipmentDescriptor): HaulLoop | null {
  if (unit.loopRadiusKm <= 0.5) return null; // excavators and compactors stay on their site
  const kmPerDegLng = KM_PER_DEG_LAT * Math.cos((unit.depotLat * Math.PI) / 180);
  return {
    lat: unit.depotLat - (unit.loopRadiusKm * Math.sin(unit.loopPhase)) / KM_PER_DEG_LAT,
    lng: unit.depotLng - (unit.loopRadiusKm * Math.cos(unit.loopPhase)) / kmPerDegLng,
    rLat: unit.loopRadiusKm / KM_PER_DEG_LAT,
    rLng: unit.loopRadiusKm / kmPerDegLng,
  };
}

export function haulLoops(units: readonly EquipmentDescriptor[]): HaulLoop[] {
  const loops: HaulLoop[] = [];
  for (const unit of units) {
    if (loops.length >= MAX_HAUL_LOOPS) break;
    const loop = haulLoop(unit);
    if (loop) loops.push(loop);
  }
  return loops;
}

/** A job site, yard or quarry of the simulation (its "area" assets), drawn as a plot. */
export interface JobSite {
  name: string;
  lat: number;
  lng: number;
}

export const MAX_SITES = 200;

export function jobSites(units: readonly EquipmentDescriptor[]): JobSite[] {
  const sites: JobSite[] = [];
  for (const unit of units) {
    if (sites.length >= MAX_SITES) break;
    if (unit.type === 'area' && unit.hasGps) sites.push({ name: unit.name, lat: unit.depotLat, lng: unit.depotLng });
  }
  return sites;
}

/** Everything the demo map draws for one simulated fleet. */
export interface DemoGeography {
  areas: readonly MapArea[];
  lines: readonly MapLine[];
  loops: readonly HaulLoop[];
  sites: readonly JobSite[];
}

export function demoGeography(sim: Pick<FleetSimulation, 'equipment'>): DemoGeography {
  const units = sim.equipment.slice(0, Math.max(MAX_HAUL_LOOPS, MAX_SITES * 20));
  return { areas: AREAS, lines: LINES, loops: haulLoops(units), sites: jobSites(units) };
}

/** The labels of the demo map: towns, water, mountains, freeways, the depots and the job sites. */
export function demoPlaces(geography: DemoGeography): DemoPlace[] {
  const depots = DEPOTS.map(([name, lat, lng]): DemoPlace => ({ name: `${name} depot`, lat, lng, kind: 'depot', minZoom: 12 }));
  const sites = geography.sites.map((s): DemoPlace => ({ name: s.name, lat: s.lat, lng: s.lng, kind: 'site', minZoom: 14 }));
  return [...TOWNS, ...depots, ...sites];
}

/**
 * The demo branch's yards and job sites (circles): what the demo profile starts with as its
 * sites, and what the simulation's place scenario moves machines between. Kept beside the
 * simulation (sim/site-places.ts), which needs them without this map's other parts.
 */
export { DEMO_JOB_SITES, DEMO_SITE_PLACES, DEMO_YARDS, type DemoSitePlace } from './sim/site-places';
