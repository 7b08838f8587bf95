import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../../../src-main/contract';
import { SiteIndex } from '../../../../src-main/core/sites/site-index';
import { box, circle, polygon, site } from './site-shapes';

/** Brute force: an even-odd ray cast over every ring of every site, then the smallest area wins. */
function rayCastInside(ring: readonly LngLat[], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Area in square degrees of longitude shrunk to the ring's mean latitude (proportional to ground area). */
function shoelace(ring: readonly LngLat[]): number {
  let twice = 0;
  let meanLat = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    twice += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
    meanLat += ring[i][1] / (ring.length - 1);
  }
  return Math.abs(twice / 2) * Math.cos((meanLat * Math.PI) / 180);
}

/** A star-shaped ring around a centre: never crosses itself. */
function starRing(lng: number, lat: number, radii: number[], size: number): LngLat[] {
  const ring: LngLat[] = radii.map((r, k) => {
    const angle = (2 * Math.PI * k) / radii.length;
    return [lng + Math.cos(angle) * size * r, lat + Math.sin(angle) * size * r];
  });
  return [...ring, ring[0]];
}

describe('which site a position is on', () => {
  it('counts a position on an edge or a corner as inside', () => {
    const index = new SiteIndex([site('s-00000001', polygon(box(-112, 40, -111.9, 40.1)))]);
    expect(index.siteAt(-112, 40.05)?.id).toBe('s-00000001');
    expect(index.siteAt(-111.95, 40.1)?.id).toBe('s-00000001');
    expect(index.siteAt(-111.9, 40)?.id).toBe('s-00000001');
    expect(index.siteAt(-111.89, 40.05)).toBeNull();
  });

  it('leaves a hole out', () => {
    const index = new SiteIndex([site('s-00000001', polygon(box(-112, 40, -111.9, 40.1), box(-111.98, 40.02, -111.92, 40.08)))]);
    expect(index.siteAt(-111.95, 40.05)).toBeNull();
    expect(index.siteAt(-111.99, 40.05)?.id).toBe('s-00000001');
  });

  it('gives the smallest of overlapping sites, whatever their order', () => {
    const big = site('s-0000000a', polygon(box(-112, 40, -111.8, 40.2)));
    const small = site('s-0000000b', polygon(box(-111.95, 40.05, -111.9, 40.1)));
    const ring = site('s-0000000c', circle(-111.92, 40.07, 200));
    expect(new SiteIndex([big, small, ring]).siteAt(-111.92, 40.07)?.id).toBe('s-0000000c');
    expect(new SiteIndex([ring, small, big]).siteAt(-111.92, 40.07)?.id).toBe('s-0000000c');
    expect(new SiteIndex([ring, small, big]).siteAt(-111.94, 40.06)?.id).toBe('s-0000000b');
    expect(new SiteIndex([ring, small, big]).siteAt(-111.85, 40.15)?.id).toBe('s-0000000a');
  });

  it('measures circles along the ground', () => {
    const index = new SiteIndex([site('s-00000001', circle(-111.9, 40.7, 1000))]);
    // 0.0089° of latitude is about 990 m; of longitude at 40.7°, about 750 m.
    expect(index.siteAt(-111.9, 40.7089)?.id).toBe('s-00000001');
    expect(index.siteAt(-111.9, 40.7091)).toBeNull();
    expect(index.siteAt(-111.9118, 40.7)?.id).toBe('s-00000001');
    expect(index.siteAt(-111.9120, 40.7)).toBeNull();
  });

  it('has nothing to say without sites', () => {
    expect(new SiteIndex([]).siteAt(0, 0)).toBeNull();
  });

  it('agrees with a brute-force ray cast over random polygons, holes and points', () => {
    const shapeArb = fc.record({
      lng: fc.double({ min: -20, max: 20, noNaN: true }),
      lat: fc.double({ min: -20, max: 20, noNaN: true }),
      size: fc.double({ min: 0.05, max: 5, noNaN: true }),
      radii: fc.array(fc.double({ min: 0.3, max: 1, noNaN: true }), { minLength: 3, maxLength: 12 }),
      hole: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(shapeArb, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.double({ min: -26, max: 26, noNaN: true }), fc.double({ min: -26, max: 26, noNaN: true })), { minLength: 1, maxLength: 40 }),
        (shapes, points) => {
          const sites = shapes.map((s, k) => {
            const outline = starRing(s.lng, s.lat, s.radii, s.size);
            // A hole well inside the star: its radius is below the star's smallest.
            const rings = s.hole ? [outline, starRing(s.lng, s.lat, [0.1, 0.1, 0.1, 0.1], s.size).reverse()] : [outline];
            return site(`s-${String(k).padStart(8, '0')}`, polygon(...rings));
          });
          const index = new SiteIndex(sites);
          for (const [lng, lat] of points) {
            let expected: { id: string; area: number } | null = null;
            for (const candidate of sites) {
              if (candidate.shape.type !== 'polygon') continue;
              const [outline, ...holes] = candidate.shape.rings;
              if (!rayCastInside(outline, lng, lat) || holes.some((hole) => rayCastInside(hole, lng, lat))) continue;
              const area = shoelace(outline) - holes.reduce((sum, hole) => sum + shoelace(hole), 0);
              if (!expected || area < expected.area - 1e-12 || (Math.abs(area - expected.area) <= 1e-12 && candidate.id < expected.id)) expected = { id: candidate.id, area };
            }
            expect(index.siteAt(lng, lat)?.id ?? null).toBe(expected?.id ?? null);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with a brute-force haversine distance over random circles and points', () => {
    const R = 6371008.8;
    const haversine = (lng1: number, lat1: number, lng2: number, lat2: number): number => {
      const rad = Math.PI / 180;
      const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
      return 2 * R * Math.asin(Math.sqrt(a));
    };
    const circleArb = fc.record({
      lng: fc.double({ min: -170, max: 170, noNaN: true }),
      lat: fc.double({ min: -70, max: 70, noNaN: true }),
      radiusM: fc.double({ min: 5, max: 50_000, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(circleArb, { minLength: 1, maxLength: 6 }), fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 1, maxLength: 20 }), (circles, offsets) => {
        const sites = circles.map((c, k) => site(`s-${String(k).padStart(8, '0')}`, circle(c.lng, c.lat, c.radiusM)));
        const index = new SiteIndex(sites);
        // Points around the first circle, up to a degree away: some in it, some not.
        const [first] = circles;
        for (const [dx, dy] of offsets) {
          const lng = first.lng + dx * (first.radiusM / 50_000);
          const lat = first.lat + dy * (first.radiusM / 50_000);
          const holding = circles.map((c, k) => ({ id: sites[k].id, r: c.radiusM, d: haversine(lng, lat, c.lng, c.lat) }));
          // Positions within a millimetre of an edge are left out: rounding decides those.
          fc.pre(holding.every((h) => Math.abs(h.d - h.r) > 1e-3));
          const inside = holding.filter((h) => h.d <= h.r).sort((a, b) => a.r - b.r || (a.id < b.id ? -1 : 1));
          expect(index.siteAt(lng, lat)?.id ?? null).toBe(inside[0]?.id ?? null);
        }
      }),
      { numRuns: 300 },
    );
  });
});

