/** The demo branch's yards and job sites, shown through geography.ts; see DEMO_SITE_PLACES. */
import { DEPOTS } from './equipment';

/** A yard or job site of the demo branch: where the simulation delivers and picks up machines. */
export interface DemoSitePlace {
  name: string;
  kind: 'yard' | 'job';
  lat: number;
  lng: number;
  /** The site is a circle of this radius around the point. */
  radiusM: number;
}

/** One yard per depot, at the depot's point. */
export const DEMO_YARDS: readonly DemoSitePlace[] = DEPOTS.map(([name, lat, lng]) => ({ name: `${name} yard`, kind: 'yard', lat, lng, radiusM: 400 }));

/**
 * The branch's job sites, away from the yards and from each other. The simulation's place
 * scenario (sim/moves.ts) delivers to the first, picks up from the second, leaves a machine
 * idle on the third (a finished job) and tows one away from the fourth.
 */
export const DEMO_JOB_SITES: readonly DemoSitePlace[] = [
  { name: 'Daybreak townhomes', kind: 'job', lat: 40.553, lng: -111.98, radiusM: 300 },
  { name: 'Research Park lab', kind: 'job', lat: 40.76, lng: -111.835, radiusM: 300 },
  { name: 'Old Mill offices (finished)', kind: 'job', lat: 40.629, lng: -111.86, radiusM: 300 },
  { name: 'Bingham Junction warehouse', kind: 'job', lat: 40.644, lng: -111.905, radiusM: 300 },
  { name: 'Kennecott haul road', kind: 'job', lat: 40.7, lng: -112.06, radiusM: 300 },
];

/** The demo branch's sites: what the demo profile starts with, and what the simulation moves machines between. */
export const DEMO_SITE_PLACES: readonly DemoSitePlace[] = [...DEMO_YARDS, ...DEMO_JOB_SITES];
