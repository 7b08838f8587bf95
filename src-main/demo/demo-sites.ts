/**
 * The sites the demo profile starts with: the job sites the simulation moves machines
 * between (sim/site-places.ts), each depot of the simulated fleet as a yard, and the
 * demo's places (its "area" assets: job sites, yards, quarries) as small circles. They are seeded once into the demo profile's store; after
 * that they are the dispatcher's to change or delete.
 */
import type { SiteInput, SiteKind } from '../contract';
import type { DemoPlace } from './geography';
import { DEMO_JOB_SITES } from './sim/site-places';

/** A depot's yard: the simulated units are spread a few kilometres around their depot. */
export const DEMO_YARD_RADIUS_M = 1500;
/** A job site, quarry or lot of the simulation. */
export const DEMO_SITE_RADIUS_M = 250;
/** Enough sites to show a busy branch, few enough to read on the map. */
export const MAX_DEMO_SITES = 40;

function kindOf(name: string): SiteKind {
  return /^yard\b/i.test(name) ? 'yard' : 'job';
}

export function demoSites(places: readonly DemoPlace[]): SiteInput[] {
  // The job sites the simulation delivers to, picks up from, leaves idle on and tows from come first.
  const sites: SiteInput[] = DEMO_JOB_SITES.map((job) => ({
    name: job.name,
    kind: job.kind,
    notes: '',
    shape: { type: 'circle', center: [job.lng, job.lat], radiusM: job.radiusM },
  }));
  // The depots' yards before the places: a place named like a depot's yard ("North Salt Lake Yard") is that yard.
  const depots = places.filter((place) => place.kind === 'depot');
  const plots = places.filter((place) => place.kind === 'site');
  for (const place of depots) {
    sites.push({ name: place.name.replace(/ depot$/, ' yard'), kind: 'yard', notes: 'The depot the demo fleet works from.', shape: { type: 'circle', center: [place.lng, place.lat], radiusM: DEMO_YARD_RADIUS_M } });
  }
  for (const place of plots) {
    sites.push({ name: place.name, kind: kindOf(place.name), notes: '', shape: { type: 'circle', center: [place.lng, place.lat], radiusM: DEMO_SITE_RADIUS_M } });
  }
  // One site per name: a dispatcher tells sites apart by their names.
  const seen = new Set<string>();
  return sites.filter((site) => {
    const key = site.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_DEMO_SITES);
}
