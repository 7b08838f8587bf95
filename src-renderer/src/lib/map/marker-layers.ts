/**
 * The asset markers of a Leaflet map: cluster bubbles and single points for the current
 * box and zoom. Both are kept between redraws and touched only when their look changes,
 * so a clock tick or a selection change does not rebuild the DOM or close a popup.
 */
import L from 'leaflet';
import type { AssetRow } from '@contract';
import { MARKER_STATE_LABEL, clusterSize, expansionZoom, headingOf, markerState, visibleItems, type ClusterIndex, type MarkerState } from './markers';
import { clusterElement, pointElement } from './marker-elements';
import type { Rect } from './place-labels';
import { gpsOf } from '../list/assetIndex';

/** A few selected assets stay visible on their own even where their neighbours are clustered; a large selection (Ctrl+A) would just bury the map in dots. */
export const MAX_UNCLUSTERED_SELECTION = 50;

export interface MarkerView {
  index: ClusterIndex;
  now: number;
  staleAfterMin: number;
  selected: ReadonlySet<string>;
  /** The assets the map shows (a selected asset outside them is not pulled out of its cluster). */
  shownIds: ReadonlySet<string>;
  byId: ReadonlyMap<string, AssetRow>;
}

export interface MarkerActions {
  /** The popup of an asset, built when it opens (so it shows the row of that moment). */
  popup(assetId: string): HTMLElement;
  /** A click on a point: `additive` with Ctrl or Cmd held. */
  pick(assetId: string, additive: boolean): void;
}

function pointIcon(id: string, state: MarkerState, heading: number | null, isSel: boolean): L.DivIcon {
  return L.divIcon({ className: 'fd-marker', html: pointElement(id, state, heading, isSel), iconSize: [14, 14], iconAnchor: [7, 7] });
}

interface KeptCluster {
  marker: L.Marker;
  id: number;
  size: number;
}

/** The width of a point's mark, in pixels (markers.css). */
const POINT_PX = 18;

export class MarkerLayers {
  readonly #map: L.Map;
  readonly #actions: MarkerActions;
  readonly #clusterLayer: L.LayerGroup;
  readonly #pointLayer: L.LayerGroup;
  #points: Record<string, { marker: L.Marker; look: string }> = Object.create(null);
  // Cluster bubbles are keyed by what they show (count and place): a redraw for a tick, a
  // status change or new rows leaves the bubbles that did not change alone. Supercluster
  // renumbers clusters when it rebuilds, so each keeps the id it has now.
  #clusters: Record<string, KeptCluster> = Object.create(null);
  #index: ClusterIndex | null = null;

  constructor(map: L.Map, actions: MarkerActions) {
    this.#map = map;
    this.#actions = actions;
    this.#clusterLayer = L.layerGroup().addTo(map);
    this.#pointLayer = L.layerGroup().addTo(map);
  }

  /** Draws what is visible in the map's box at its zoom. */
  draw(view: MarkerView): void {
    this.#index = view.index;
    const b = this.#map.getBounds();
    const items = visibleItems(view.index, { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, this.#map.getZoom());
    const wanted: Record<string, [number, number]> = Object.create(null);
    const keptClusters: Record<string, KeptCluster> = Object.create(null);
    for (const item of items) {
      if (item.kind === 'point') {
        wanted[item.assetId] = [item.lat, item.lng];
        continue;
      }
      let key = `${item.count}|${item.lat}|${item.lng}`;
      while (keptClusters[key]) key += '+'; // two bubbles alike in one view: each its own marker
      const existing = this.#clusters[key];
      if (existing) {
        existing.id = item.id;
        keptClusters[key] = existing;
        continue;
      }
      keptClusters[key] = this.#addCluster(item.count, item.lat, item.lng, item.id);
    }
    for (const key of Object.keys(this.#clusters)) if (!keptClusters[key]) this.#clusterLayer.removeLayer(this.#clusters[key].marker);
    this.#clusters = keptClusters;

    const pullOut = view.selected.size <= MAX_UNCLUSTERED_SELECTION ? view.selected : [];
    for (const id of pullOut) {
      if (wanted[id] || !view.shownIds.has(id)) continue;
      const asset = view.byId.get(id);
      const gps = asset ? gpsOf(asset) : null;
      if (!gps || !b.contains([gps.lat, gps.lng])) continue;
      wanted[id] = [gps.lat, gps.lng];
    }
    for (const id of Object.keys(this.#points)) {
      if (!wanted[id] || !view.byId.has(id)) {
        this.#pointLayer.removeLayer(this.#points[id].marker);
        delete this.#points[id];
      }
    }
    for (const id of Object.keys(wanted)) {
      const asset = view.byId.get(id);
      if (asset) this.#drawPoint(id, asset, wanted[id], view);
    }
  }

  /** The boxes of the drawn bubbles and points in the map's container pixels (for the place names to step aside from). */
  boxes(): Rect[] {
    const box = (marker: L.Marker, size: number): Rect => {
      const p = this.#map.latLngToContainerPoint(marker.getLatLng());
      return { left: p.x - size / 2, right: p.x + size / 2, top: p.y - size / 2, bottom: p.y + size / 2 };
    };
    return [...Object.values(this.#clusters).map((c) => box(c.marker, c.size)), ...Object.values(this.#points).map((p) => box(p.marker, POINT_PX))];
  }

  #addCluster(count: number, lat: number, lng: number, id: number): KeptCluster {
    const size = clusterSize(count);
    const icon = L.divIcon({ className: 'fd-marker', html: clusterElement(count, size), iconSize: [size, size] });
    const marker = L.marker([lat, lng], { icon, keyboard: true, title: `${count} assets — click to zoom in` });
    const kept = { marker, id, size };
    marker.on('click', () => {
      if (this.#index) this.#map.setView([lat, lng], expansionZoom(this.#index, kept.id));
    });
    this.#clusterLayer.addLayer(marker);
    return kept;
  }

  #drawPoint(id: string, asset: AssetRow, [lat, lng]: [number, number], view: MarkerView): void {
    const state = markerState(asset, view.now, view.staleAfterMin);
    const isSel = view.selected.has(id);
    const heading = headingOf(asset);
    const look = `${state}|${isSel}|${heading}|${lat}|${lng}|${asset.name}`;
    const existing = this.#points[id];
    if (existing?.look === look) return;
    const icon = pointIcon(id, state, heading, isSel);
    const title = `${asset.name} — ${MARKER_STATE_LABEL[state]}`;
    if (existing) {
      existing.marker.setLatLng([lat, lng]).setIcon(icon).setZIndexOffset(isSel ? 1000 : 0);
      existing.marker.getElement()?.setAttribute('title', title);
      existing.look = look;
      return;
    }
    const marker = L.marker([lat, lng], { icon, keyboard: true, title, zIndexOffset: isSel ? 1000 : 0 });
    marker.bindPopup(() => this.#actions.popup(id));
    marker.on('click', (e: L.LeafletMouseEvent) => {
      const ev = e.originalEvent;
      this.#actions.pick(id, !!ev && (ev.ctrlKey || ev.metaKey));
    });
    this.#pointLayer.addLayer(marker);
    this.#points[id] = { marker, look };
  }
}
