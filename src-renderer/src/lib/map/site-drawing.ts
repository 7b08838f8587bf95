/**
 * Drawing and reshaping sites on the map with Leaflet-Geoman: a polygon, a rectangle or a
 * circle drawn with the pointer becomes a shape for the site form; a site's outline can be
 * dragged into a new one. What was drawn stays on the map as a preview until it is saved
 * or cancelled. Keyboard alternatives (a circle around the centre, the current view as a
 * rectangle) make the same shapes without a pointer.
 */
import L from 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { Site, SiteShape } from '@contract';
import { circleShape, polygonShape, rectangleShape, shapeBounds, type LatLngLike } from '../sites/site-shapes';
import { shapeLayer } from './site-layer';
import { siteStyle } from '../sites/site-style';

export type DrawKind = 'Polygon' | 'Rectangle' | 'Circle';

/** The shape of a layer Geoman drew or edited. */
export function shapeOfLayer(layer: L.Layer): SiteShape | null {
  if (layer instanceof L.Circle) return circleShape(layer.getLatLng(), layer.getRadius());
  if (layer instanceof L.Polygon) return polygonShape(layer.getLatLngs() as LatLngLike[] | LatLngLike[][]);
  return null;
}

const PREVIEW_STYLE: L.PathOptions = { color: '#0072b2', weight: 3, dashArray: '4 4', fillOpacity: 0.12 };

export class SiteDrawing {
  readonly #map: L.Map;
  readonly #onShape: (shape: SiteShape) => void;
  #preview: L.Layer | null = null;
  #editing: L.Polygon | L.Circle | null = null;

  constructor(map: L.Map, onShape: (shape: SiteShape) => void) {
    this.#map = map;
    this.#onShape = onShape;
    map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: false });
    map.on('pm:create', (e) => {
      const shape = shapeOfLayer(e.layer);
      e.layer.remove();
      if (shape) this.#onShape(shape);
    });
  }

  draw(kind: DrawKind): void {
    this.cancelEdit();
    this.#map.pm.disableDraw();
    this.#map.pm.enableDraw(kind, { pathOptions: PREVIEW_STYLE, finishOn: null, tooltips: true });
  }

  /** Stops a drawing in progress (Escape); false when none was. */
  stopDrawing(): boolean {
    const drawing = this.#map.pm.globalDrawModeEnabled();
    this.#map.pm.disableDraw();
    return drawing;
  }

  circleAtCentre(radiusM: number): void {
    this.#onShape(circleShape(this.#map.getCenter(), radiusM));
  }

  rectangleOfView(): void {
    const b = this.#map.getBounds();
    this.#onShape(rectangleShape(b.getSouth(), b.getWest(), b.getNorth(), b.getEast()));
  }

  /** Shows the shape waiting for the form (none: null). */
  showPreview(shape: SiteShape | null): void {
    this.#preview?.remove();
    this.#preview = shape ? shapeLayer(shape, { ...PREVIEW_STYLE, interactive: false }).addTo(this.#map) : null;
  }

  zoomTo(shape: SiteShape, padding: L.FitBoundsOptions = {}): void {
    this.#map.fitBounds(shapeBounds(shape), { maxZoom: 17, ...padding });
  }

  /** Makes a site's outline draggable; `finishEdit` gives its new shape. */
  editShape(site: Site): void {
    this.cancelEdit();
    const style = siteStyle(site.kind, true);
    const layer = shapeLayer(site.shape, { ...style, dashArray: style.dashArray ?? undefined }).addTo(this.#map);
    layer.pm.enable({ allowSelfIntersection: false, snappable: false });
    this.#editing = layer;
    this.zoomTo(site.shape);
  }

  get editing(): boolean {
    return this.#editing !== null;
  }

  finishEdit(): SiteShape | null {
    const layer = this.#editing;
    if (!layer) return null;
    const shape = shapeOfLayer(layer);
    this.cancelEdit();
    return shape;
  }

  cancelEdit(): void {
    if (!this.#editing) return;
    this.#editing.pm.disable();
    this.#editing.remove();
    this.#editing = null;
  }

  remove(): void {
    this.cancelEdit();
    this.showPreview(null);
    this.#map.pm.disableDraw();
    this.#map.off('pm:create');
  }
}
