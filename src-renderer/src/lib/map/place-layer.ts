/**
 * The demo map's place names on a Leaflet map: text in a pane of their own above the
 * markers, so a cluster bubble never hides a town's name. The pane lets every click
 * through to the markers beneath; popups and tooltips stay above the names.
 */
import L from 'leaflet';
import type { MapPlace } from '@contract';
import { placeElement } from './marker-elements';
import { placeLabels, type Rect } from './place-labels';

export const LABELS_PANE = 'fd-labels';
/** Above Leaflet's marker pane (600), below its tooltip (650) and popup (700) panes. */
export const LABELS_PANE_Z = 640;

export class PlaceLayer {
  readonly #map: L.Map;
  readonly #layer: L.LayerGroup;

  constructor(map: L.Map) {
    this.#map = map;
    const pane = map.getPane(LABELS_PANE) ?? map.createPane(LABELS_PANE);
    pane.classList.add('fd-labels-pane');
    pane.style.zIndex = String(LABELS_PANE_Z);
    pane.style.pointerEvents = 'none';
    this.#layer = L.layerGroup().addTo(map);
  }

  #drawn = '';

  /** Draws the names shown at the map's zoom in its view, none over another and clear of `markers` where they can be. */
  draw(places: readonly MapPlace[], markers: readonly Rect[] = []): void {
    const m = this.#map;
    const size = m.getSize();
    const labels = places.length === 0 ? [] : placeLabels(places, m.getZoom(), (lat, lng) => m.latLngToContainerPoint([lat, lng]), { width: size.x, height: size.y }, markers);
    // The same names at the same offsets (a redraw for a clock tick): nothing to rebuild.
    const drawn = labels.map((l) => `${l.place.kind}|${l.place.name}|${l.place.lat}|${l.place.lng}|${l.dy}`).join('\n');
    if (drawn === this.#drawn && this.#layer.getLayers().length === labels.length) return;
    this.#drawn = drawn;
    this.#layer.clearLayers();
    for (const { place, dy } of labels) {
      const icon = L.divIcon({ className: 'fd-place-icon', html: placeElement(place.name, place.kind, dy), iconSize: undefined });
      this.#layer.addLayer(L.marker([place.lat, place.lng], { icon, pane: LABELS_PANE, interactive: false, keyboard: false }));
    }
  }
}
