/** Shapes between Leaflet ([lat, lng], open rings) and the contract (GeoJSON [lng, lat], closed rings). */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MAX_SITE_RADIUS_M, SiteShapeSchema } from '../../../../../src-main/contract';
import { circleShape, closedRing, leafletRings, polygonShape, radiusFromText, rectangleShape, shapeBounds } from '../../../../../src-renderer/src/lib/sites/site-shapes';

describe('site shapes', () => {
  it('closes a ring drawn open, in longitude-latitude order', () => {
    expect(closedRing([{ lat: 1, lng: 10 }, { lat: 2, lng: 10 }, { lat: 2, lng: 11 }])).toEqual([[10, 1], [10, 2], [11, 2], [10, 1]]);
  });

  it('does not close a ring twice', () => {
    expect(closedRing([{ lat: 1, lng: 10 }, { lat: 2, lng: 10 }, { lat: 2, lng: 11 }, { lat: 1, lng: 10 }])).toHaveLength(4);
  });

  it('makes a rectangle the contract accepts, and gives it back to Leaflet without the closing corner', () => {
    const shape = rectangleShape(40, -112, 41, -111);
    expect(v.safeParse(SiteShapeSchema, shape).success).toBe(true);
    if (shape.type !== 'polygon') throw new Error('a rectangle is a polygon');
    expect(leafletRings(shape)).toEqual([[[40, -112], [41, -112], [41, -111], [40, -111]]]);
  });

  it('reads a polygon with a hole (outer ring first)', () => {
    const outer = [{ lat: 0, lng: 0 }, { lat: 0, lng: 4 }, { lat: 4, lng: 4 }, { lat: 4, lng: 0 }];
    const hole = [{ lat: 1, lng: 1 }, { lat: 1, lng: 2 }, { lat: 2, lng: 2 }];
    const shape = polygonShape([outer, hole]);
    expect(shape.type === 'polygon' && shape.rings.map((r) => r.length)).toEqual([5, 4]);
  });

  it('brings a longitude drawn across the antimeridian back into -180…180', () => {
    const shape = circleShape({ lat: 10, lng: 190 }, 100);
    expect(shape).toEqual({ type: 'circle', center: [-170, 10], radiusM: 100 });
    expect(v.safeParse(SiteShapeSchema, shape).success).toBe(true);
  });

  it('boxes a circle around its centre', () => {
    const [[s, w], [n, e]] = shapeBounds(circleShape({ lat: 40, lng: -111 }, 1000));
    expect(s).toBeLessThan(40);
    expect(n).toBeGreaterThan(40);
    expect(w).toBeLessThan(-111);
    expect(e).toBeGreaterThan(-111);
  });

  it('takes a typed radius in the contract range and says the range otherwise', () => {
    expect(radiusFromText(' 250 ')).toEqual({ ok: true, radiusM: 250 });
    expect(radiusFromText(String(MAX_SITE_RADIUS_M + 1))).toEqual({ ok: false, message: "A circle's radius is 5 m to 50 km" });
    expect(radiusFromText('2')).toEqual({ ok: false, message: "A circle's radius is 5 m to 50 km" });
    expect(radiusFromText('two hundred')).toEqual({ ok: false, message: 'Type the radius in metres, such as 250' });
    expect(radiusFromText('')).toEqual({ ok: false, message: 'Type the radius in metres, such as 250' });
  });
});
