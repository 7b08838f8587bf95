/**
 * The sites the demo profile starts with: the job sites the simulation moves machines
 * between first, then each depot's yard, then the demo's places, one site per name.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MAX_SITES, SiteInputSchema } from '../../../src-main/contract';
import { demoSites, MAX_DEMO_SITES } from '../../../src-main/demo/demo-sites';
import { demoGeography, demoPlaces } from '../../../src-main/demo/geography';
import { FleetSimulation } from '../../../src-main/demo/sim';
import { DEMO_JOB_SITES } from '../../../src-main/demo/sim/site-places';

describe('the demo profile first sites', () => {
  for (const count of [40, 200, 600]) {
    it(`at ${count} machines: the simulation's job sites first, every depot's yard, valid inputs, no name twice`, () => {
      const places = demoPlaces(demoGeography(new FleetSimulation(7, count)));
      const sites = demoSites(places);
      expect(sites.slice(0, DEMO_JOB_SITES.length).map((s) => s.name)).toEqual(DEMO_JOB_SITES.map((s) => s.name));
      const names = sites.map((s) => s.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      for (const depot of places.filter((p) => p.kind === 'depot')) expect(names).toContain(depot.name.replace(/ depot$/, ' yard').toLowerCase());
      expect(sites.length).toBeLessThanOrEqual(Math.min(MAX_DEMO_SITES, MAX_SITES));
      for (const site of sites) expect(v.safeParse(SiteInputSchema, site).success, site.name).toBe(true);
    });
  }
});
