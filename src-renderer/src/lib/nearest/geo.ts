/**
 * Straight-line distance and initial bearing between two points for the measure tool, with
 * the same maintained library (Turf) the core's nearest look-up uses, so a measured
 * distance and a listed one agree.
 */
import turfDistance from '@turf/distance';
import turfBearing from '@turf/bearing';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Metres along the great circle. */
export function metresBetween(a: LatLng, b: LatLng): number {
  return turfDistance([a.lng, a.lat], [b.lng, b.lat], { units: 'meters' });
}

/** Degrees clockwise from north, 0–360, from `a` towards `b` (0 for the same point). */
export function bearingFrom(a: LatLng, b: LatLng): number {
  if (a.lat === b.lat && a.lng === b.lng) return 0;
  return (turfBearing([a.lng, a.lat], [b.lng, b.lat]) + 360) % 360;
}
