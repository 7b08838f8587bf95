/**
 * The sites the demo profile starts with: each depot of the simulated fleet as a yard, and
 * its job sites, yards and quarries (the demo's "area" assets) as small circles, all from
 * the demo geography's places. They are seeded once into the demo profile's store; after
 * that they are the dispatcher's to change or delete.
 */
import type { SiteInput, SiteKind } from '../contract';
import type { DemoPlace } from './geography';

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
  const sites: SiteInput[] = [];
  for (const place of places) {
    if (sites.length >= MAX_DEMO_SITES) break;
    if (place.kind === 'depot') {
      sites.push({ name: place.name.replace(/ depot$/, ' yard'), kind: 'yard', notes: 'The depot the demo fleet works from.', shape: { type: 'circle', center: [place.lng, place.lat], radiusM: DEMO_YARD_RADIUS_M } });
    } else if (place.kind === 'site') {
      sites.push({ name: place.name, kind: kindOf(place.name), notes: '', shape: { type: 'circle', center: [place.lng, place.lat], radiusM: DEMO_SITE_RADIUS_M } });
    }
  }
  return sites;
}
