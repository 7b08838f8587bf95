import { describe, expect, it } from 'vitest';
import { MAX_SITE_VERTICES, MAX_SITES, type Site } from '../../../../src-main/contract';
import { branchArea, readSitesGeoJson, sitesToGeoJson } from '../../../../src-main/core/sites/sites-geojson';
import { box, circle, polygon, site } from './site-shapes';

/** Salt Lake valley machines: the area within 500 km of them. */
const AREA = branchArea([{ lat: 40.7, lng: -111.9 }, { lat: 40.5, lng: -111.8 }]);

const feature = (geometry: unknown, properties: Record<string, unknown> = { name: 'North yard', kind: 'yard' }) => ({ type: 'Feature', geometry, properties });
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const square = { type: 'Polygon', coordinates: [box(-111.95, 40.7, -111.9, 40.75)] };

function refusal(text: string, area = AREA): string {
  try {
    readSitesGeoJson(text, area);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('reading sites from GeoJSON', () => {
  it('reads polygons and circles with their properties', () => {
    const sites = readSitesGeoJson(
      collection(feature(square, { name: 'North yard', kind: 'Yard', notes: 'gate code at the office' }), feature({ type: 'Point', coordinates: [-111.9, 40.6] }, { name: 'Quarry', kind: 'job', radius_m: 300, region_code: 'region:UT' })),
      AREA,
    );
    expect(sites).toEqual([
      { name: 'North yard', kind: 'yard', notes: 'gate code at the office', shape: { type: 'polygon', rings: square.coordinates }, regionCode: null },
      { name: 'Quarry', kind: 'job', notes: '', shape: { type: 'circle', center: [-111.9, 40.6], radiusM: 300 }, regionCode: 'region:UT' },
    ]);
  });

  it('refuses text that is not JSON, or JSON that is not a FeatureCollection', () => {
    expect(refusal('{"type": "FeatureCollection",')).toBe('The sites file is not JSON; export sites from a map tool as GeoJSON.');
    expect(refusal(JSON.stringify(feature(square)))).toBe('The sites file is not a GeoJSON FeatureCollection.');
    expect(refusal(JSON.stringify({ type: 'Topology', features: [feature(square)] }))).toBe('The sites file is not a GeoJSON FeatureCollection.');
    expect(refusal(collection())).toBe('The sites file has no features.');
  });

  it('refuses another coordinate system', () => {
    const text = JSON.stringify({ type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'EPSG:3857' } }, features: [feature(square)] });
    expect(refusal(text)).toBe('The sites file uses another coordinate system; positions must be WGS 84 longitude and latitude.');
  });

  it('refuses an unsupported geometry, naming the feature', () => {
    const line = { type: 'LineString', coordinates: [[-111.9, 40.7], [-111.8, 40.7]] };
    expect(refusal(collection(feature(square), feature(line, { name: 'Haul road' })))).toBe(
      'Feature 2 (Haul road): its geometry is LineString; a site is a Polygon, or a Point with a radius_m property.',
    );
    expect(refusal(collection(feature({ type: 'Point', coordinates: [-111.9, 40.7] }, { name: 'Gate' })))).toBe(
      'Feature 1 (Gate): a Point is a circle site only with its radius in metres as the radius_m property.',
    );
  });

  it('refuses a self-intersecting polygon and a degenerate one', () => {
    const bowtie = { type: 'Polygon', coordinates: [[[-111.95, 40.7], [-111.9, 40.75], [-111.9, 40.7], [-111.95, 40.75], [-111.95, 40.7]]] };
    expect(refusal(collection(feature(bowtie)))).toMatch(/^Feature 1 \(North yard\): its edges cross each other near latitude 40\.72500/);
    const flat = { type: 'Polygon', coordinates: [[[-111.95, 40.7], [-111.9, 40.7], [-111.85, 40.7], [-111.95, 40.7]]] };
    expect(refusal(collection(feature(flat)))).toBe('Feature 1 (North yard): the outline encloses no area: its corners lie on one line.');
  });

  it('refuses coordinates nested deeper than a polygon’s with the schema’s words, not a stack overflow', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const text = `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Deep"},"geometry":{"type":"Polygon","coordinates":${deep}}}]}`;
    expect(refusal(text)).toBe('Feature 1 (Deep): a longitude must be a number.');
  });

  it('refuses a site with more corners than the limit', () => {
    const ring = Array.from({ length: MAX_SITE_VERTICES }, (_, k): [number, number] => {
      const a = (2 * Math.PI * k) / MAX_SITE_VERTICES;
      return [-111.9 + 0.01 * Math.cos(a), 40.7 + 0.01 * Math.sin(a)];
    });
    expect(refusal(collection(feature({ type: 'Polygon', coordinates: [[...ring, ring[0]]] })))).toBe('Feature 1 (North yard): a site can have at most 5,000 corners.');
  });

  it('refuses more features than a branch can hold', () => {
    const many = Array.from({ length: MAX_SITES + 1 }, (_, k) => feature(square, { name: `Yard ${k}`, kind: 'yard' }));
    expect(refusal(collection(...many))).toBe('The sites file has 2,001 features; a branch can hold at most 2,000 sites.');
  });

  it('refuses a name twice for one kind', () => {
    expect(refusal(collection(feature(square), feature(square, { name: 'north yard ', kind: 'yard' })))).toBe(
      'Feature 2 (north yard): feature 1 is also a yard site named north yard; each name may appear once per kind.',
    );
  });

  it('suggests swapped latitude and longitude when positions lie outside the world\u2019s latitudes', () => {
    const swapped = { type: 'Polygon', coordinates: [box(40.7, -111.95, 40.75, -111.9)] };
    expect(refusal(collection(feature(swapped)), null)).toBe(
      'Feature 1 (North yard): its positions lie outside the world\u2019s latitudes; latitude and longitude may be swapped (GeoJSON writes longitude first).',
    );
  });

  it('refuses a feature far from the branch\u2019s machines, and suggests swapping when that would fit', () => {
    // Valid either way round, so only the branch's area tells: the branch works near 10°E 50°N.
    const area = branchArea([{ lat: 50.1, lng: 10.1 }]);
    const swapped = { type: 'Polygon', coordinates: [box(50, 10, 50.05, 10.05)] };
    expect(refusal(collection(feature(swapped)), area)).toBe(
      'Feature 1 (North yard): it lies far from this branch\u2019s machines (more than 500 km from any of them). Latitude and longitude may be swapped (GeoJSON writes longitude first).',
    );
    expect(refusal(collection(feature(square)), area)).toBe('Feature 1 (North yard): it lies far from this branch\u2019s machines (more than 500 km from any of them).');
    // Without positions the branch has no area: only the coordinate ranges apply.
    expect(readSitesGeoJson(collection(feature(square)), null)).toHaveLength(1);
  });

  it('refuses a bad property with the schema\u2019s words', () => {
    expect(refusal(collection(feature(square, { name: 'Yard', kind: 'depot' })))).toBe(
      'Feature 1 (Yard): a site kind is yard, job site, customer, restricted or other.',
    );
    expect(refusal(collection(feature({ type: 'Point', coordinates: [-111.9, 40.7] }, { name: 'Tiny', radius_m: 1 })))).toBe(
      'Feature 1 (Tiny): a circle\u2019s radius is 5 m to 50 km.'.replace('\u2019', "'"),
    );
  });

  it('gives back what it wrote', () => {
    const sites: Site[] = [
      site('s-00000001', polygon(box(-112, 40.6, -111.9, 40.7), box(-111.98, 40.62, -111.92, 40.68)), { name: 'Holed yard', notes: 'two gates' }),
      site('s-00000002', circle(-111.85, 40.55, 750), { name: 'Sandy job', kind: 'job', regionCode: 'region:sandy' }),
    ];
    const back = readSitesGeoJson(sitesToGeoJson(sites), AREA);
    expect(back).toEqual(sites.map(({ name, kind, notes, shape, regionCode }) => ({ name, kind, notes, shape, regionCode })));
  });
});
