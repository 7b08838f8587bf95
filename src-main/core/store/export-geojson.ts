import type { TrailPoint } from '../../contract';

export interface AssetTrack {
  assetId: string;
  name: string;
  /** Observed positions, oldest first. */
  points: readonly TrailPoint[];
}

type Position = [number, number];

export interface PositionFeature {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: Position[] } | { type: 'Point'; coordinates: Position };
  properties: {
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
 * position as a Point; assets without positions are left out.
 */
export function tracksToGeoJson(tracks: readonly AssetTrack[]): PositionsCollection {
  const features: PositionFeature[] = [];
  for (const track of tracks) {
    const { points } = track;
    if (points.length === 0) continue;
    const first = points[0];
    const last = points[points.length - 1];
    const common = { assetId: track.assetId, name: track.name, points: points.length };
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
