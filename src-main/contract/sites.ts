/**
 * Sites: the dispatcher's own places (yards, job sites, customers, restricted areas), where
 * each machine is relative to them, and the nearest machines to a point. Sites belong to a
 * branch (profile) and live in its offline store; the core computes membership and answers
 * nearest look-ups, the renderer only shows them. Positions are GeoJSON order: [lng, lat].
 */
import * as v from 'valibot';
import { count, plainText, requiredText } from './schemas/text';
import { AssetIdSchema } from './schemas/ids';

export const SITE_KINDS = ['yard', 'job', 'customer', 'restricted', 'other'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/** How each kind reads for people. */
export const SITE_KIND_LABELS: Record<SiteKind, string> = {
  yard: 'Yard',
  job: 'Job site',
  customer: 'Customer',
  restricted: 'Restricted',
  other: 'Other',
};

/** Most vertices one site may have, over all its rings. */
export const MAX_SITE_VERTICES = 5000;
/** Most sites one branch may hold (and one import may bring). */
export const MAX_SITES = 2000;
/** Largest circle (metres): a site is a place, not a region. */
export const MAX_SITE_RADIUS_M = 50_000;
/** Smallest circle (metres). */
export const MIN_SITE_RADIUS_M = 5;
export const MAX_SITE_NAME_LENGTH = 120;
export const MAX_SITE_NOTES_LENGTH = 2000;
/** Largest GeoJSON text an import accepts (characters). */
export const MAX_SITES_GEOJSON_CHARS = 20_000_000;

const LngLatSchema = v.tuple(
  [
    v.pipe(v.number('A longitude must be a number'), v.finite('A longitude must be a number'), v.minValue(-180, 'A longitude lies from -180 to 180'), v.maxValue(180, 'A longitude lies from -180 to 180')),
    v.pipe(v.number('A latitude must be a number'), v.finite('A latitude must be a number'), v.minValue(-90, 'A latitude lies from -90 to 90'), v.maxValue(90, 'A latitude lies from -90 to 90')),
  ],
  'A position is [longitude, latitude]',
);
export type LngLat = v.InferOutput<typeof LngLatSchema>;

/**
 * A site's outline: a polygon (outer ring first, then holes; each ring closed, first
 * position repeated last) or a circle around a centre. Rectangles drawn on the map are
 * polygons. Shape checks that need geometry (self-intersection, zero area) are the core's.
 */
export const SiteShapeSchema = v.variant(
  'type',
  [
    v.object({
      type: v.literal('polygon'),
      rings: v.pipe(
        v.array(v.pipe(v.array(LngLatSchema, 'A ring is a list of positions'), v.minLength(4, 'A ring needs at least three corners')), 'A polygon is a list of rings'),
        v.minLength(1, 'A polygon needs an outline'),
        v.check((rings) => rings.reduce((n, ring) => n + ring.length, 0) <= MAX_SITE_VERTICES, `A site can have at most ${count(MAX_SITE_VERTICES)} corners`),
      ),
    }),
    v.object({
      type: v.literal('circle'),
      center: LngLatSchema,
      radiusM: v.pipe(
        v.number('A radius must be a number of metres'),
        v.finite('A radius must be a number of metres'),
        v.minValue(MIN_SITE_RADIUS_M, `A circle's radius is ${MIN_SITE_RADIUS_M} m to ${MAX_SITE_RADIUS_M / 1000} km`),
        v.maxValue(MAX_SITE_RADIUS_M, `A circle's radius is ${MIN_SITE_RADIUS_M} m to ${MAX_SITE_RADIUS_M / 1000} km`),
      ),
    }),
  ],
  'A site is a polygon or a circle',
);
export type SiteShape = v.InferOutput<typeof SiteShapeSchema>;

export const SITE_ID_PATTERN = /^s-[0-9a-f]{8,32}$/;
export const SiteIdSchema = v.pipe(v.string('A site id must be text'), v.regex(SITE_ID_PATTERN, 'A site id looks like s-1a2b3c4d'));

/** What the renderer sends to create (no id, or an unused id: undo of a delete) or change a site. */
export const SiteInputSchema = v.object({
  id: v.optional(SiteIdSchema),
  name: v.pipe(v.string('A site needs a name'), v.trim(), requiredText(MAX_SITE_NAME_LENGTH, 'A site name')),
  kind: v.picklist(SITE_KINDS, 'A site kind is yard, job site, customer, restricted or other'),
  notes: v.optional(v.pipe(v.string('Notes must be text'), v.maxLength(MAX_SITE_NOTES_LENGTH, `Notes can have at most ${count(MAX_SITE_NOTES_LENGTH)} characters`)), ''),
  shape: SiteShapeSchema,
  /** The service's `geo-regions` code this site stands for, if any (its name then shows wherever that code does). */
  regionCode: v.optional(v.nullable(plainText(100, 'A region code')), null),
});
export type SiteInput = v.InferInput<typeof SiteInputSchema>;

export interface Site {
  id: string;
  name: string;
  kind: SiteKind;
  notes: string;
  shape: SiteShape;
  regionCode: string | null;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

/** Where one machine with a position is. */
export interface SitePresence {
  /** The site it is on (the smallest by area when sites overlap), or null. */
  siteId: string | null;
  /** Epoch ms since when it has been on that site (or off every site); null when unknown. */
  since: number | null;
  /** True when `since` is only the first time Fleet Desk saw it there ("at least since"). */
  sinceAtLeast: boolean;
  /** Off every site: where it is in words from the offline gazetteer ("6 km NE of Sandy, UT"); null on a site or when nothing is near. */
  place: string | null;
}

/** The active branch's sites and where its machines are. */
export interface SitesState {
  profileId: string;
  sites: Site[];
  /** assetId → presence, for every asset with a usable position. */
  presence: Record<string, SitePresence>;
}

/**
 * What changed since the last announcement: `sites` when the sites changed (the whole
 * list), and presence entries that changed (null: the asset has no position any more).
 */
export interface SitesChange {
  profileId: string;
  sites: Site[] | null;
  presence: Record<string, SitePresence | null>;
}

/** The outcome of an import: all features or none. */
export interface SitesImportResult {
  imported: number;
  replaced: number;
}

export const SitesGeoJsonTextSchema = v.pipe(
  v.string('A sites file must be text'),
  v.minLength(1, 'The sites file is empty'),
  v.maxLength(MAX_SITES_GEOJSON_CHARS, `A sites file can have at most ${count(MAX_SITES_GEOJSON_CHARS)} characters`),
);

/** Turning one of the service's places (an `area` asset with a position) into a circle site. */
export const SiteFromPlaceSchema = v.object({
  assetId: AssetIdSchema,
  radiusM: SiteShapeSchema.options[1].entries.radiusM,
  kind: v.picklist(SITE_KINDS, 'A site kind is yard, job site, customer, restricted or other'),
});
export type SiteFromPlace = v.InferInput<typeof SiteFromPlaceSchema>;

// ---------------------------------------------------------------- nearest

export const NEAREST_LIMITS = [10, 25, 50] as const;

export const NearestQuerySchema = v.object({
  lat: LngLatSchema.items[1],
  lng: LngLatSchema.items[0],
  limit: v.picklist(NEAREST_LIMITS, 'Ask for the nearest 10, 25 or 50'),
  /** Only these categories (empty: all). */
  categories: v.optional(v.pipe(v.array(plainText(100, 'A category'), 'Categories must be a list'), v.maxLength(200, 'At most 200 categories')), []),
  /** Only machines parked: ignition off and not moving. */
  parkedOnly: v.optional(v.boolean('Parked only is yes or no'), false),
  /** Leave this machine out (the one the look-up is around). */
  excludeAssetId: v.optional(v.nullable(AssetIdSchema), null),
});
export type NearestQuery = v.InferInput<typeof NearestQuerySchema>;

export interface NearestHit {
  assetId: string;
  /** Straight-line (great-circle) distance in metres. */
  distanceM: number;
  /** Initial bearing from the point to the machine, degrees clockwise from north (0–360). */
  bearingDeg: number;
}

export interface NearestResult {
  lat: number;
  lng: number;
  /** Nearest first. */
  hits: NearestHit[];
  /** How many machines with a position were searched (after the filters). */
  searched: number;
  /** The point in words from the offline gazetteer ("6 km NE of Sandy, UT"); null when no town is near. */
  place?: string | null;
}
