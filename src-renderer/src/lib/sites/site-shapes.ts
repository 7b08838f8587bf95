/**
 * A site's outline between the contract's form (GeoJSON order, [lng, lat], closed rings)
 * and what Leaflet draws ([lat, lng], open rings). Kept free of Leaflet's classes so it can
 * be tested without a map; site-layer.ts builds the layers.
 */
import * as v from 'valibot';
import { SiteFromPlaceSchema, type LngLat, type SiteShape } from '@contract';

export interface LatLngLike {
  lat: number;
  lng: number;
}

/** One ring of Leaflet points as a closed GeoJSON ring (the first position repeated last). */
export function closedRing(points: readonly LatLngLike[]): LngLat[] {
  const ring: LngLat[] = points.map((p) => [wrapLng(p.lng), p.lat]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

/** A polygon's rings from Leaflet's latlngs (a flat ring, or outer ring then holes). */
export function polygonShape(latlngs: readonly LatLngLike[] | readonly (readonly LatLngLike[])[]): SiteShape {
  const rings = isFlat(latlngs) ? [latlngs] : (latlngs as readonly (readonly LatLngLike[])[]);
  return { type: 'polygon', rings: rings.map(closedRing) };
}

export function circleShape(center: LatLngLike, radiusM: number): SiteShape {
  return { type: 'circle', center: [wrapLng(center.lng), center.lat], radiusM };
}

/** A rectangle as a polygon of its four corners (the "current map view" site). */
export function rectangleShape(south: number, west: number, north: number, east: number): SiteShape {
  return polygonShape([
    { lat: south, lng: west },
    { lat: north, lng: west },
    { lat: north, lng: east },
    { lat: south, lng: east },
  ]);
}

/** A polygon's rings as Leaflet draws them: [lat, lng], without the repeated closing point. */
export function leafletRings(shape: Extract<SiteShape, { type: 'polygon' }>): [number, number][][] {
  return shape.rings.map((ring) => {
    const open = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring;
    return open.map(([lng, lat]) => [lat, lng] as [number, number]);
  });
}

/** The box around a shape as [[south, west], [north, east]]. */
export function shapeBounds(shape: SiteShape): [[number, number], [number, number]] {
  if (shape.type === 'circle') {
    const [lng, lat] = shape.center;
    const dLat = shape.radiusM / 111_320;
    const dLng = shape.radiusM / (111_320 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
    return [
      [lat - dLat, lng - dLng],
      [lat + dLat, lng + dLng],
    ];
  }
  let south = 90, west = 180, north = -90, east = -180;
  for (const [lng, lat] of shape.rings[0] ?? []) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/**
 * The radius typed for a keyboard circle, in metres, or why it cannot be used: the
 * contract's own radius rule, so the words are the ones the main side would answer.
 */
export function radiusFromText(text: string): { ok: true; radiusM: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return { ok: false, message: 'Type the radius in metres, such as 250' };
  const checked = v.safeParse(SiteFromPlaceSchema.entries.radiusM, Number(t));
  return checked.success ? { ok: true, radiusM: checked.output } : { ok: false, message: checked.issues[0].message };
}

function isFlat(latlngs: readonly LatLngLike[] | readonly (readonly LatLngLike[])[]): latlngs is readonly LatLngLike[] {
  return latlngs.length === 0 || !Array.isArray(latlngs[0]);
}

/** Leaflet lets a drawing cross the antimeridian (lng beyond ±180); the contract wants -180…180. */
function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}
