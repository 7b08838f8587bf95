import { isStale, type Asset, type TrailPoint } from '../../contract';

/** What a dispatcher reads about a machine on a map layer: one word for how it is doing. */
export type AssetState = 'stale' | 'moving' | 'ignition on' | 'ignition off' | 'reporting';

/** The asset's own facts that every feature of it carries. */
export interface AssetFacts {
  category: string | null;
  serialNumber: string | null;
  /** The asset's last update as the service sent it (ISO 8601), or null when it never reported. */
  lastSeen: string | null;
  state: AssetState;
  /** Fuel in percent as reported, or null without a numeric reading. */
  fuel: number | null;
  /** The name of the dispatcher's site the machine is on at export time, or null when on none. */
  site: string | null;
}

export interface AssetTrack {
  assetId: string;
  name: string;
  facts: AssetFacts;
  /** Observed positions, oldest first. */
  points: readonly TrailPoint[];
}

const NO_FACTS: AssetFacts = { category: null, serialNumber: null, lastSeen: null, state: 'stale', fuel: null, site: null };

/**
 * The facts of an asset from the saved list at `now`; an asset no longer in the list has
 * none known and counts as stale (nothing shows that it is out there and working).
 */
export function assetFacts(asset: Asset | undefined, now: number, staleAfterMin: number, site: string | null = null): AssetFacts {
  if (!asset) return NO_FACTS;
  const metrics = asset.metrics ?? {};
  const fuel = metrics.fuel?.value;
  const updatedAt = asset.lastUpdate === null ? null : Date.parse(asset.lastUpdate);
  return {
    category: asset.category || null,
    serialNumber: asset.serialNumber || null,
    lastSeen: asset.lastUpdate,
    state: stateOf(Number.isFinite(updatedAt) ? updatedAt : null, metrics['in-motion']?.value, metrics.ignition?.value, now, staleAfterMin),
    fuel: typeof fuel === 'number' && Number.isFinite(fuel) ? fuel : null,
    site,
  };
}

function stateOf(updatedAt: number | null, inMotion: unknown, ignition: unknown, now: number, staleAfterMin: number): AssetState {
  if (isStale(updatedAt, now, staleAfterMin)) return 'stale';
  if (inMotion === true) return 'moving';
  if (ignition === true) return 'ignition on';
  if (ignition === false) return 'ignition off';
  return 'reporting';
}

type Position = [number, number];

export interface PositionFeature {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: Position[] } | { type: 'Point'; coordinates: Position };
  properties: AssetFacts & {
    assetId: string;
    name: string;
    kind: 'track' | 'last-position';
    from: string;
    to: string;
    points: number;
  };
}

export interface PositionsCollection {
  type: 'FeatureCollection';
  features: PositionFeature[];
}

/**
 * Observed positions as GeoJSON (RFC 7946: [longitude, latitude]). Each asset with
 * positions gets its track as a LineString (when it has two or more) and its last
 * position as a Point; assets without positions are left out. Every feature carries the
 * asset's facts (category, serial, last seen, state, fuel, site) so a map layer can be
 * styled and labelled without the CSV.
 */
export function tracksToGeoJson(tracks: readonly AssetTrack[]): PositionsCollection {
  const features: PositionFeature[] = [];
  for (const track of tracks) {
    const { points } = track;
    if (points.length === 0) continue;
    const first = points[0];
    const last = points[points.length - 1];
    const common = { assetId: track.assetId, name: track.name, ...track.facts, points: points.length };
    if (points.length >= 2) {
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: points.map((p): Position => [p.lng, p.lat]) },
        properties: { ...common, kind: 'track', from: first.collectedOn, to: last.collectedOn },
      });
    }
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [last.lng, last.lat] },
      properties: { ...common, kind: 'last-position', from: last.collectedOn, to: last.collectedOn },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** How many assets of the collection have at least one position. */
export function countTracked(tracks: readonly AssetTrack[]): number {
  return tracks.filter((track) => track.points.length > 0).length;
}
