/**
 * The map's measure tool: two points (clicked, or given: a machine and the map centre, two
 * machines) joined by a straight line with a dot at each end. Leaflet vector layers only:
 * nothing here is HTML. While it is active a click on the map sets the next point; after
 * two, the next click starts again from there. `stop()` (Escape) ends it.
 */
import L from 'leaflet';
import type { LatLng } from '../nearest/geo';

export interface MeasureState {
  active: boolean;
  points: readonly LatLng[];
}

const LINE: L.PolylineOptions = { color: '#d9480f', weight: 3, dashArray: '6 6', interactive: false };
const END: L.CircleMarkerOptions = { radius: 5, color: '#d9480f', weight: 2, fillColor: '#ffffff', fillOpacity: 1, interactive: false };

export class MeasureLayer {
  readonly #map: L.Map;
  readonly #group: L.LayerGroup;
  readonly #onChange: (state: MeasureState) => void;
  #state: MeasureState = { active: false, points: [] };
  readonly #onClick = (e: L.LeafletMouseEvent): void => this.#add({ lat: e.latlng.lat, lng: e.latlng.lng });

  constructor(map: L.Map, onChange: (state: MeasureState) => void) {
    this.#map = map;
    this.#group = L.layerGroup().addTo(map);
    this.#onChange = onChange;
  }

  get state(): MeasureState {
    return this.#state;
  }

  /** Starts measuring, from `from` when given (the next click ends the line). */
  start(from?: LatLng): void {
    if (!this.#state.active) {
      this.#map.on('click', this.#onClick);
      this.#map.getContainer().classList.add('measuring');
    }
    this.#set({ active: true, points: from ? [from] : [] });
  }

  /** Shows the line between two points at once (the keyboard's way), measuring stays on for clicks. */
  between(a: LatLng, b: LatLng): void {
    this.start(a);
    this.#add(b);
  }

  stop(): void {
    if (!this.#state.active) return;
    this.#map.off('click', this.#onClick);
    this.#map.getContainer().classList.remove('measuring');
    this.#set({ active: false, points: [] });
  }

  #add(point: LatLng): void {
    const points = this.#state.points.length >= 2 ? [point] : [...this.#state.points, point];
    this.#set({ active: true, points });
  }

  #set(state: MeasureState): void {
    this.#state = state;
    this.#group.clearLayers();
    const latLngs = state.points.map((p) => L.latLng(p.lat, p.lng));
    if (latLngs.length === 2) L.polyline(latLngs, LINE).addTo(this.#group);
    for (const at of latLngs) L.circleMarker(at, END).addTo(this.#group);
    this.#onChange(state);
  }

  remove(): void {
    this.stop();
    this.#group.remove();
  }
}
