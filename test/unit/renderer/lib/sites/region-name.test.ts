/** A `geo-regions` code reads as the name of the site that stands for it, with the code kept as secondary text; as the code where no site matches. */
import { describe, expect, it } from 'vitest';
import { alertMessage, regionName, siteForRegion } from '../../../../../src-renderer/src/lib/sites/region-name';
import { site } from '../../../../fixtures/sites/sites';

const yard = site(1, 'North yard', { regionCode: 'region:SLC-YARD' });
const bare = site(2, 'Airport job', { regionCode: 'APT' });
const plain = site(3, 'No code');
const SITES = [yard, bare, plain];

describe('regionName', () => {
  it("shows the site's name for its code, the code as people read it beside it and the service's code in the tooltip", () => {
    expect(regionName(SITES, 'region:SLC-YARD')).toEqual({ text: 'North yard', code: 'SLC-YARD', title: "The service's code: region:SLC-YARD", site: yard });
  });

  it('matches with or without the region: prefix and in any case', () => {
    expect(siteForRegion(SITES, 'region:apt')).toBe(bare);
    expect(siteForRegion(SITES, 'slc-yard')).toBe(yard);
  });

  it('keeps the code where no site stands for it', () => {
    expect(regionName(SITES, 'region:UT')).toEqual({ text: 'UT', code: 'UT', title: "The service's code: region:UT", site: null });
    expect(regionName([], 'region:SLC-YARD').text).toBe('SLC-YARD');
    expect(siteForRegion(SITES, '   ')).toBeNull();
  });

  it('reads the sites as they are now: a new list of sites is looked up anew', () => {
    expect(siteForRegion([plain], 'region:SLC-YARD')).toBeNull();
    expect(siteForRegion([plain, yard], 'region:SLC-YARD')).toBe(yard);
  });
});

describe('alertMessage', () => {
  it("names the site in a region alert and keeps the service's words in the tooltip", () => {
    expect(alertMessage(SITES, { rule: 'region', message: 'Entered SLC-YARD', value: 'region:SLC-YARD' })).toEqual({
      text: 'Entered North yard',
      title: "Entered SLC-YARD (the service's code region:SLC-YARD)",
    });
    expect(alertMessage(SITES, { rule: 'region', message: 'Left SLC-YARD', value: 'region:SLC-YARD' }).text).toBe('Left North yard');
  });

  it('leaves other alerts, and region alerts of codes no site stands for, as they are', () => {
    expect(alertMessage(SITES, { rule: 'region', message: 'Entered UT', value: 'region:UT' })).toEqual({ text: 'Entered UT', title: 'Entered UT' });
    expect(alertMessage(SITES, { rule: 'low-fuel', message: 'Fuel 12 % (below 15 %)', value: 12 }).text).toBe('Fuel 12 % (below 15 %)');
  });
});
