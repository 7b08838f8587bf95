/**
 * The point a nearest look-up "around a site" starts from: a circle's centre, or the middle
 * of a polygon's outline box (a site is a place, small enough that the box's middle is in
 * or beside it). Positions are GeoJSON order, [lng, lat].
 */
import type { SiteShape } from '@contract';

export function siteCentre(shape: SiteShape): { lat: number; lng: number } {
  if (shape.type === 'circle') return { lng: shape.center[0], lat: shape.center[1] };
  const outer = shape.rings[0];
  let [minLng, minLat, maxLng, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of outer) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return { lng: (minLng + maxLng) / 2, lat: (minLat + maxLat) / 2 };
}
