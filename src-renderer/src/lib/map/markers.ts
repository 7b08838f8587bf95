/**
 * Map logic kept out of Leaflet so it can be tested in Node: marker state, colour and
 * shape, the supercluster index, what to draw for a viewport, which assets the map
 * shows, and bounds and padding to fit.
 */
import Supercluster from 'supercluster';
import { isStale, type AssetRow } from '@contract';
import { gpsOf, isMoving, type IndexedAsset } from '../list/assetIndex';

export type MarkerState = 'issue' | 'stale' | 'moving' | 'on' | 'off' | 'unknown';

/** Priority: a flagged issue first (red), then stale (amber), then ignition/motion. */
export function markerState(asset: AssetRow, now: number, staleAfterMin: number): MarkerState {
  if (asset.issues.length > 0) return 'issue';
  if (isStale(asset.updatedAt, now, staleAfterMin)) return 'stale';
  if (isMoving(asset)) return 'moving';
  const ignition = asset.ignition;
  if (ignition === true) return 'on';
  if (ignition === false) return 'off';
  return 'unknown';
}

/** The order the legend lists the states in (the priority order of `markerState`). */
export const MARKER_STATES: readonly MarkerState[] = ['issue', 'stale', 'moving', 'on', 'off', 'unknown'];

/** Every state has its own colour; none is told apart by colour alone (see MARKER_SHAPES). */
export const MARKER_COLOURS: Record<MarkerState, string> = {
  issue: '#c62828',
  stale: '#b26a00',
  moving: '#1b8a5a',
  on: '#6a4fbf',
  off: '#5f6670',
  unknown: '#8a94a0',
};

/**
 * The shape of each state, so colour-blind dispatchers (and a grey-scale print) tell
 * them apart: an arrow pointing where it drives, a ring with a centre dot for a running
 * engine, a hollow ring for no recent report, a square with "!" for a flagged value.
 */
export const MARKER_SHAPES: Record<MarkerState, 'badge' | 'ring' | 'arrow' | 'dot-in-circle' | 'circle' | 'diamond'> = {
  issue: 'badge',
  stale: 'ring',
  moving: 'arrow',
  on: 'dot-in-circle',
  off: 'circle',
  unknown: 'diamond',
};

export const MARKER_STATE_LABEL: Record<MarkerState, string> = {
  issue: 'has a flagged value',
  stale: 'stale',
  moving: 'moving',
  on: 'ignition on',
  off: 'ignition off',
  unknown: 'ignition unknown',
};

/** The legend's words for each mark (a sentence a newcomer reads once). */
export const MARKER_LEGEND: Record<MarkerState, string> = {
  issue: 'Flagged value (out of range)',
  stale: 'No recent report (stale)',
  moving: 'Moving, arrow points where it heads',
  on: 'Parked, ignition on',
  off: 'Parked, ignition off',
  unknown: 'Ignition not reported',
};

export function headingOf(asset: AssetRow): number | null {
  const h = asset.heading;
  return typeof h === 'number' && Number.isFinite(h) ? ((h % 360) + 360) % 360 : null;
}

export interface PointProps {
  assetId: string;
}

export type ClusterIndex = Supercluster<PointProps, Supercluster.AnyProps>;

/**
 * The point of each row, kept while the row object lives: a refresh replaces only the
 * changed rows, so the next index reuses the other points (supercluster never changes them).
 */
const pointOfRow = new WeakMap<AssetRow, Supercluster.PointFeature<PointProps> | null>();

function pointOf(asset: AssetRow): Supercluster.PointFeature<PointProps> | null {
  let point = pointOfRow.get(asset);
  if (point === undefined) {
    point = asset.lat === null || asset.lng === null ? null : { type: 'Feature', properties: { assetId: asset.assetId }, geometry: { type: 'Point', coordinates: [asset.lng, asset.lat] } };
    pointOfRow.set(asset, point);
  }
  return point;
}

/** Builds the cluster index from the assets with a usable GPS position. */
export function buildClusterIndex(assets: readonly AssetRow[]): ClusterIndex {
  const points: Supercluster.PointFeature<PointProps>[] = [];
  for (const asset of assets) {
    const point = pointOf(asset);
    if (point) points.push(point);
  }
  return new Supercluster<PointProps, Supercluster.AnyProps>({ radius: 70, maxZoom: 17 }).load(points);
}

/**
 * True when both lists put the same asset ids at the same places in the same order, so
 * `buildClusterIndex` would build the same index from either (it reads nothing else):
 * a refresh in which no shown asset moved keeps the map's clusters as they are.
 */
export function samePlaces(a: readonly AssetRow[], b: readonly AssetRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.assetId !== y.assetId || x.lat !== y.lat || x.lng !== y.lng) return false;
  }
  return true;
}

/**
 * The rows of `listed` (entries of `index`) in index order, which is the snapshot's: the map
 * clusters in that order whatever the list's sort, so re-sorting never re-clusters, and a
 * refresh that moves no shown asset keeps the clusters under any sort (by last update the
 * list's order changes at every refresh).
 */
export function inIndexOrder(index: readonly IndexedAsset[], listed: readonly IndexedAsset[]): AssetRow[] {
  const shown = new Uint8Array(index.length);
  for (const entry of listed) if (index[entry.position] === entry) shown[entry.position] = 1;
  const rows: AssetRow[] = [];
  for (let i = 0; i < index.length; i++) if (shown[i] === 1) rows.push(index[i].asset);
  return rows;
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
export function boundsOf(assets: Iterable<AssetRow>): [[number, number], [number, number]] | null {
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

/**
 * True when both lists hold the same assets (the same objects, in any order). The
 * list re-sorts and re-filters on every keystroke and clock tick; the cluster index is
 * rebuilt only when what the map shows really changed.
 */
export function sameAssets(a: readonly AssetRow[], b: readonly AssetRow[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  // Most calls (a clock tick, a status change) get the same rows in the same order: no set needed.
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length) return true;
  // A refresh brings new row objects: the first one that differs is not in `a` at all.
  if (a.indexOf(b[i], i) === -1) return false;
  const members = new Set<AssetRow>(a);
  for (const asset of b) if (!members.has(asset)) return false;
  return true;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface FitPadding {
  paddingTopLeft: [number, number];
  paddingBottomRight: [number, number];
}

/**
 * Padding for `fitBounds` so nothing fitted ends up under the controls drawn over the
 * map (toolbar, legend, zoom buttons, notes). Each overlay is cleared along the edge it
 * costs least to give up (a wide toolbar at the top takes a strip off the top, a tall
 * legend on the left a strip off the left); `margin` keeps half a cluster bubble clear
 * of every edge. Never leaves less than a third of the map on either axis.
 */
export function fitPadding(map: Box, overlays: readonly Box[], margin: number): FitPadding {
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  const inset = { top: 0, right: 0, bottom: 0, left: 0 };
  if (width <= 0 || height <= 0) return { paddingTopLeft: [margin, margin], paddingBottomRight: [margin, margin] };
  for (const o of overlays) {
    const left = Math.max(o.left, map.left);
    const right = Math.min(o.right, map.right);
    const top = Math.max(o.top, map.top);
    const bottom = Math.min(o.bottom, map.bottom);
    if (right <= left || bottom <= top) continue; // hidden or outside the map
    const options = [
      { side: 'top' as const, size: bottom - map.top, share: (bottom - map.top) / height },
      { side: 'bottom' as const, size: map.bottom - top, share: (map.bottom - top) / height },
      { side: 'left' as const, size: right - map.left, share: (right - map.left) / width },
      { side: 'right' as const, size: map.right - left, share: (map.right - left) / width },
    ];
    const best = options.reduce((a, b) => (b.share < a.share ? b : a));
    inset[best.side] = Math.max(inset[best.side], best.size);
  }
  const fit = (a: number, b: number, span: number): [number, number] => {
    const room = span * (2 / 3) - 2 * margin;
    const total = a + b;
    if (total <= room || total === 0) return [a + margin, b + margin];
    const k = Math.max(0, room) / total;
    return [Math.round(a * k) + margin, Math.round(b * k) + margin];
  };
  const [top, bottom] = fit(inset.top, inset.bottom, height);
  const [left, right] = fit(inset.left, inset.right, width);
  return { paddingTopLeft: [left, top], paddingBottomRight: [right, bottom] };
}
