/**
 * The geometric rules a site's shape must keep, beyond what the contract's schema checks
 * (positions in range, ring lengths, the vertex and radius limits): rings closed, with at
 * least three distinct corners and some area, edges that never cross, holes inside the
 * outline. Also each shape's bounding box and area, which membership uses (the smallest
 * site wins where sites overlap). Sites that cross the 180° meridian or reach a pole are
 * refused: membership works on plain longitude/latitude boxes.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { LngLat, SiteShape } from '../../contract';
import { firstCrossing } from './ring-crossings';

/** Turf's mean Earth radius, so areas, boxes and distances agree with @turf/distance. */
export const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;
const METRES_PER_DEGREE = EARTH_RADIUS_M * RAD;
/** Circles may reach this close to a pole; nearer, a longitude box no longer holds them. */
const MAX_CIRCLE_LATITUDE = 85;
/** Less than this encloses nothing a dispatcher could mean (corners on one line). */
const MIN_AREA_M2 = 1;

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

function ringName(index: number): string {
  return index === 0 ? 'The outline' : `Hole ${index}`;
}

function samePosition(a: LngLat, b: LngLat): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * A closed ring's area in square metres, unsigned: the shoelace formula on a plane that
 * fits the ring (degrees scaled to metres at the ring's mean latitude). Sites are at most
 * tens of kilometres across, where this is close to the area on the sphere; and corners
 * on one line of the map give exactly no area, as a dispatcher sees it.
 */
export function ringAreaM2(ring: readonly LngLat[]): number {
  const n = ring.length - 1;
  if (n <= 2) return 0;
  let meanLat = 0;
  for (let i = 0; i < n; i++) meanLat += ring[i][1];
  meanLat /= n;
  const [x0, y0] = ring[0];
  let twice = 0;
  for (let i = 0; i < n; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[i + 1];
    twice += (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  }
  return Math.abs(twice / 2) * METRES_PER_DEGREE * METRES_PER_DEGREE * Math.cos(meanLat * RAD);
}

/** The shape's area in square metres (holes taken out). */
export function shapeAreaM2(shape: SiteShape): number {
  if (shape.type === 'circle') return Math.PI * shape.radiusM * shape.radiusM;
  const [outline, ...holes] = shape.rings;
  return Math.max(0, ringAreaM2(outline) - holes.reduce((sum, hole) => sum + ringAreaM2(hole), 0));
}

/** How many degrees of longitude `metres` spans at `lat` (none left near a pole: Infinity). */
function lngDegrees(metres: number, lat: number): number {
  const cos = Math.cos(lat * RAD);
  return cos <= 1e-9 ? Infinity : metres / (METRES_PER_DEGREE * cos);
}

/** A box holding the whole shape (for circles, with a little room, so the exact test decides). */
export function shapeBounds(shape: SiteShape): Bounds {
  if (shape.type === 'circle') {
    const [lng, lat] = shape.center;
    const dLat = (shape.radiusM / METRES_PER_DEGREE) * 1.01;
    const dLng = lngDegrees(shape.radiusM, Math.min(90, Math.abs(lat) + dLat)) * 1.01;
    return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
  }
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng, lat] of shape.rings[0]) {
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
}

/** Every position of the shape (a circle: its centre). */
export function shapePositions(shape: SiteShape): LngLat[] {
  return shape.type === 'circle' ? [shape.center] : shape.rings.flat();
}

function circleProblem(shape: Extract<SiteShape, { type: 'circle' }>): string | null {
  const [west, south, east, north] = shapeBounds(shape);
  if (north > MAX_CIRCLE_LATITUDE || south < -MAX_CIRCLE_LATITUDE) {
    return `A circle must stay between latitudes ${MAX_CIRCLE_LATITUDE}° south and ${MAX_CIRCLE_LATITUDE}° north; this one reaches too close to a pole.`;
  }
  if (west < -180 || east > 180) return 'A circle must not cross the 180° meridian; draw the site as two sites, one on each side.';
  return null;
}

function ringProblem(ring: readonly LngLat[], index: number): string | null {
  const name = ringName(index);
  if (!samePosition(ring[0], ring[ring.length - 1])) return `${name} is not closed: its last corner must repeat its first.`;
  const corners = new Set(ring.slice(0, -1).map(([lng, lat]) => `${lng},${lat}`));
  if (corners.size < 3) return `${name} needs at least three different corners.`;
  for (let i = 1; i < ring.length; i++) {
    if (Math.abs(ring[i][0] - ring[i - 1][0]) > 180) return `${name} crosses the 180° meridian; draw the site as two sites, one on each side.`;
  }
  return null;
}

/**
 * Why this shape cannot be a site, as a sentence for people, or null when it can. The
 * schema's checks (SiteShapeSchema) come first; this adds the geometric ones.
 */
export function shapeProblem(shape: SiteShape): string | null {
  if (shape.type === 'circle') return circleProblem(shape);
  for (let i = 0; i < shape.rings.length; i++) {
    const problem = ringProblem(shape.rings[i], i);
    if (problem) return problem;
  }
  const crossing = firstCrossing(shape.rings);
  if (crossing) {
    const [lng, lat] = crossing;
    return `Its edges cross each other near latitude ${lat.toFixed(5)}, longitude ${lng.toFixed(5)}; a site's outline must not cross itself.`;
  }
  // After the crossing check: a ring that crosses itself can add up to no area.
  for (let i = 0; i < shape.rings.length; i++) {
    if (ringAreaM2(shape.rings[i]) < MIN_AREA_M2) return `${ringName(i)} encloses no area: its corners lie on one line.`;
  }
  // Rings that neither cross nor touch lie wholly inside or wholly outside each other: one corner tells.
  const outline = { type: 'Polygon' as const, coordinates: [shape.rings[0].map(([lng, lat]) => [lng, lat])] };
  for (let i = 1; i < shape.rings.length; i++) {
    if (!booleanPointInPolygon(shape.rings[i][0] as [number, number], outline)) {
      return `Hole ${i} lies outside the outline; a hole must be inside the site.`;
    }
  }
  if (shapeAreaM2(shape) < MIN_AREA_M2) return 'The holes cover the whole outline: the site encloses no area.';
  return null;
}
