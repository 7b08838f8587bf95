/**
 * Sites as a GeoJSON FeatureCollection (WGS 84, [longitude, latitude]): a polygon site is
 * a Polygon feature; a circle is a Point feature with its radius in the `radius_m`
 * property (GeoJSON has no circles). Other properties: `name`, `kind`, `notes` and
 * `region_code`. Reading a file checks every feature and refuses the whole file at the
 * first feature that cannot be a site, naming it ("Feature 12 (North yard): …").
 */
import * as v from 'valibot';
import { count, MAX_SITES, SITE_KINDS, SiteInputSchema, type LngLat, type Site, type SiteKind, type SiteShape } from '../../contract';
import { FleetError } from '../errors';
import { shapePositions, shapeProblem, type Bounds } from './site-geometry';

/** A site as read from a file (no id: the import decides whether it is new or replaces one). */
export type SiteDraft = Omit<v.InferOutput<typeof SiteInputSchema>, 'id'>;

/** Coordinate reference systems that mean WGS 84 longitude/latitude. */
const WGS84_NAMES = new Set(['urn:ogc:def:crs:OGC:1.3:CRS84', 'urn:ogc:def:crs:OGC::CRS84', 'EPSG:4326', 'urn:ogc:def:crs:EPSG::4326']);
const LABEL_NAME_CHARS = 60;

function refuse(message: string): never {
  throw new FleetError('invalid-argument', message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "Feature 12 (North yard)", the name shortened and without control characters. */
function featureLabel(index: number, properties: Record<string, unknown>): string {
  const name = typeof properties.name === 'string' ? properties.name.replace(/\p{Cc}/gu, ' ').trim() : '';
  if (!name) return `Feature ${count(index + 1)}`;
  return `Feature ${count(index + 1)} (${name.length > LABEL_NAME_CHARS ? `${name.slice(0, LABEL_NAME_CHARS)}…` : name})`;
}

function isPosition(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

/**
 * The [x, y] pairs of a Polygon's or a Point's coordinates, for the swapped-axes hint.
 * Read to the depth those geometries have and no deeper, so a file nested thousands of
 * levels deep costs nothing here (the schema then refuses its shape).
 */
function rawPositions(geometry: Record<string, unknown>): [number, number][] {
  const { coordinates } = geometry;
  if (geometry.type === 'Point') return isPosition(coordinates) ? [coordinates] : [];
  if (!Array.isArray(coordinates)) return [];
  const out: [number, number][] = [];
  for (const ring of coordinates) if (Array.isArray(ring)) for (const position of ring) if (isPosition(position)) out.push(position);
  return out;
}

const inWorld = ([lng, lat]: readonly [number, number]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
const swapped = ([lng, lat]: readonly [number, number]): [number, number] => [lat, lng];

function within(bounds: Bounds, [lng, lat]: readonly [number, number]): boolean {
  return lng >= bounds[0] && lng <= bounds[2] && lat >= bounds[1] && lat <= bounds[3];
}

/** The shape a feature's geometry stands for; refuses geometries a site cannot be. */
function shapeOf(geometry: unknown, properties: Record<string, unknown>): unknown {
  if (!isRecord(geometry)) return refuse('it has no geometry.');
  if (geometry.type === 'Polygon') return { type: 'polygon', rings: geometry.coordinates };
  if (geometry.type === 'Point') {
    if (properties.radius_m === undefined) refuse('a Point is a circle site only with its radius in metres as the radius_m property.');
    return { type: 'circle', center: geometry.coordinates, radiusM: properties.radius_m };
  }
  const type = typeof geometry.type === 'string' ? geometry.type.replace(/\p{Cc}/gu, '').slice(0, 40) : 'without a type';
  return refuse(`its geometry is ${type}; a site is a Polygon, or a Point with a radius_m property.`);
}

function kindOf(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return 'other';
  if (typeof value !== 'string') return value;
  const wanted = value.trim().toLowerCase();
  return SITE_KINDS.find((kind) => kind === wanted) ?? value;
}

function draftOf(feature: unknown, branchArea: Bounds | null): SiteDraft {
  if (!isRecord(feature) || feature.type !== 'Feature') refuse('it is not a GeoJSON Feature.');
  const properties = isRecord(feature.properties) ? feature.properties : {};
  const shape = shapeOf(feature.geometry, properties);
  const positions = rawPositions(feature.geometry as Record<string, unknown>);
  if (positions.some((position) => !inWorld(position)) && positions.every((position) => inWorld(swapped(position)))) {
    refuse('its positions lie outside the world\u2019s latitudes; latitude and longitude may be swapped (GeoJSON writes longitude first).');
  }
  const parsed = v.safeParse(SiteInputSchema, {
    name: properties.name,
    kind: kindOf(properties.kind),
    notes: properties.notes ?? '',
    shape,
    regionCode: properties.region_code ?? null,
  });
  if (!parsed.success) refuse(parsed.issues[0].message);
  const draft = parsed.output;
  const problem = shapeProblem(draft.shape);
  if (problem) refuse(problem);
  if (branchArea && !shapePositions(draft.shape).every((position) => within(branchArea, position))) {
    const hint = shapePositions(draft.shape).every((position) => within(branchArea, swapped(position)))
      ? ' Latitude and longitude may be swapped (GeoJSON writes longitude first).'
      : '';
    refuse(`it lies far from this branch\u2019s machines (more than ${count(BRANCH_MARGIN_KM)} km from any of them).${hint}`);
  }
  return { name: draft.name, kind: draft.kind, notes: draft.notes, shape: draft.shape, regionCode: draft.regionCode };
}

function sentence(message: string): string {
  const text = message.charAt(0).toLowerCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** How far beyond its machines' positions a branch's sites may lie. */
export const BRANCH_MARGIN_KM = 500;

/** The box of the branch's machines' positions grown by BRANCH_MARGIN_KM, or null without positions. */
export function branchArea(positions: Iterable<{ lat: number | null; lng: number | null }>): Bounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { lat, lng } of positions) {
    if (lat === null || lng === null) continue;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  if (west === Infinity) return null;
  const dLat = BRANCH_MARGIN_KM / 111.2;
  const widest = Math.min(89, Math.max(Math.abs(south), Math.abs(north)) + dLat);
  const dLng = BRANCH_MARGIN_KM / (111.2 * Math.cos((widest * Math.PI) / 180));
  return [Math.max(-180, west - dLng), Math.max(-90, south - dLat), Math.min(180, east + dLng), Math.min(90, north + dLat)];
}

/**
 * The sites of a GeoJSON text, all of them or an error naming the first feature that cannot
 * be one. `branchArea` (see branchArea) catches files whose positions are far away, most
 * often because latitude and longitude were swapped.
 */
export function readSitesGeoJson(text: string, area: Bounds | null): SiteDraft[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('The sites file is not JSON; export sites from a map tool as GeoJSON.');
  }
  if (!isRecord(json) || json.type !== 'FeatureCollection' || !Array.isArray(json.features)) {
    return refuse('The sites file is not a GeoJSON FeatureCollection.');
  }
  const crs = isRecord(json.crs) && isRecord(json.crs.properties) ? json.crs.properties.name : undefined;
  if (crs !== undefined && !(typeof crs === 'string' && WGS84_NAMES.has(crs))) {
    refuse('The sites file uses another coordinate system; positions must be WGS 84 longitude and latitude.');
  }
  if (json.features.length === 0) refuse('The sites file has no features.');
  if (json.features.length > MAX_SITES) refuse(`The sites file has ${count(json.features.length)} features; a branch can hold at most ${count(MAX_SITES)} sites.`);
  const seen = new Map<string, number>();
  return json.features.map((feature, index) => {
    const label = featureLabel(index, isRecord(feature) && isRecord(feature.properties) ? feature.properties : {});
    try {
      const draft = draftOf(feature, area);
      const key = siteKey(draft);
      const earlier = seen.get(key);
      if (earlier !== undefined) refuse(`feature ${count(earlier + 1)} is also a ${draft.kind} site named ${draft.name}; each name may appear once per kind.`);
      seen.set(key, index);
      return draft;
    } catch (err) {
      if (err instanceof FleetError) throw new FleetError('invalid-argument', `${label}: ${sentence(err.message)}`);
      throw err;
    }
  });
}

/** Sites with the same key are the same site: a re-import replaces it. */
export function siteKey(site: { name: string; kind: SiteKind }): string {
  return `${site.kind}\u0000${site.name.trim().toLowerCase()}`;
}

function geometryOf(shape: SiteShape): { type: 'Polygon'; coordinates: LngLat[][] } | { type: 'Point'; coordinates: LngLat } {
  return shape.type === 'circle' ? { type: 'Point', coordinates: shape.center } : { type: 'Polygon', coordinates: shape.rings };
}

/** The sites as a GeoJSON FeatureCollection text that readSitesGeoJson reads back. */
export function sitesToGeoJson(sites: readonly Site[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: sites.map((site) => ({
      type: 'Feature',
      id: site.id,
      geometry: geometryOf(site.shape),
      properties: {
        name: site.name,
        kind: site.kind,
        notes: site.notes,
        ...(site.shape.type === 'circle' ? { radius_m: site.shape.radiusM } : {}),
        ...(site.regionCode ? { region_code: site.regionCode } : {}),
      },
    })),
  });
}
