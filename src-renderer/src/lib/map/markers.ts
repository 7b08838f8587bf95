/**
 * Map logic kept out of Leaflet so it can be tested in Node: marker state and colour,
 * the supercluster index, what to draw for a viewport, and bounds to fit.
 */
import Supercluster from 'supercluster';
import type { Asset } from '../../../../src-main/contract';
import { gpsOf, isMoving } from '../list/assetIndex';
import { parseTime } from '../format/time';

export type MarkerState = 'issue' | 'stale' | 'moving' | 'on' | 'off' | 'unknown';

/** Priority: a flagged issue first (red), then stale (amber), then ignition/motion. */
export function markerState(asset: Asset, now: number, staleAfterMin: number): MarkerState {
  if (asset.issues.length > 0) return 'issue';
  const last = parseTime(asset.lastUpdate);
  if (last === null || last < now - staleAfterMin * 60_000) return 'stale';
  if (isMoving(asset)) return 'moving';
  const ignition = asset.metrics?.ignition?.value;
  if (ignition === true) return 'on';
  if (ignition === false) return 'off';
  return 'unknown';
}

export const MARKER_COLOURS: Record<MarkerState, string> = {
  issue: '#d32f2f',
  stale: '#e0a000',
  moving: '#2e9e44',
  on: '#2e9e44',
  off: '#7a7f87',
  unknown: '#5a7bb5',
};

export const MARKER_STATE_LABEL: Record<MarkerState, string> = {
  issue: 'has a flagged value',
  stale: 'stale',
  moving: 'moving',
  on: 'ignition on',
  off: 'ignition off',
  unknown: 'ignition unknown',
};

export function headingOf(asset: Asset): number | null {
  const h = asset.metrics?.heading?.value;
  return typeof h === 'number' && Number.isFinite(h) ? ((h % 360) + 360) % 360 : null;
}

export interface PointProps {
  assetId: string;
}

export type ClusterIndex = Supercluster<PointProps, Supercluster.AnyProps>;

/** Builds the cluster index from the assets with a usable GPS position. */
export function buildClusterIndex(assets: readonly Asset[]): ClusterIndex {
  const points: Supercluster.PointFeature<PointProps>[] = [];
  for (const asset of assets) {
    const gps = gpsOf(asset);
    if (!gps) continue;
    points.push({ type: 'Feature', properties: { assetId: asset.assetId }, geometry: { type: 'Point', coordinates: [gps.lng, gps.lat] } });
  }
  return new Supercluster<PointProps, Supercluster.AnyProps>({ radius: 70, maxZoom: 17 }).load(points);
}

export type MapItem =
  | { kind: 'cluster'; id: number; count: number; lat: number; lng: number }
  | { kind: 'point'; assetId: string; lat: number; lng: number };

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** What to draw for the visible box at a zoom level. */
export function visibleItems(index: ClusterIndex, box: Bbox, zoom: number): MapItem[] {
  const west = Math.max(-180, box.west);
  const east = Math.min(180, box.east);
  const south = Math.max(-85, box.south);
  const north = Math.min(85, box.north);
  if (east - west >= 360 || west > east) return toItems(index.getClusters([-180, south, 180, north], Math.round(zoom)));
  return toItems(index.getClusters([west, south, east, north], Math.round(zoom)));
}

function toItems(features: ReturnType<ClusterIndex['getClusters']>): MapItem[] {
  return features.map((f) => {
    const [lng, lat] = f.geometry.coordinates;
    const p = f.properties as Supercluster.ClusterProperties & PointProps;
    if (p.cluster) return { kind: 'cluster', id: p.cluster_id, count: p.point_count, lat, lng };
    return { kind: 'point', assetId: p.assetId, lat, lng };
  });
}

export function expansionZoom(index: ClusterIndex, clusterId: number): number {
  return Math.min(18, index.getClusterExpansionZoom(clusterId));
}

/** [[south, west], [north, east]] of the given assets' positions, or null when none has GPS. */
export function boundsOf(assets: Iterable<Asset>): [[number, number], [number, number]] | null {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const asset of assets) {
    const gps = gpsOf(asset);
    if (!gps) continue;
    south = Math.min(south, gps.lat);
    north = Math.max(north, gps.lat);
    west = Math.min(west, gps.lng);
    east = Math.max(east, gps.lng);
  }
  if (south === Infinity) return null;
  return [
    [south, west],
    [north, east],
  ];
}

/** Short label for a cluster bubble: 1234 → "1.2k". */
export function clusterLabel(count: number): string {
  return count >= 1000 ? `${(count / 1000).toFixed(count >= 10_000 ? 0 : 1)}k` : String(count);
}

/** Size of a cluster bubble in px, growing slowly with the count. */
export function clusterSize(count: number): number {
  return Math.round(24 + Math.min(18, Math.log10(Math.max(1, count)) * 6));
}
