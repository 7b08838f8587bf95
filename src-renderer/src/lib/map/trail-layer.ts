/** The trail of the selected asset on a Leaflet map: a line with a text tooltip. */
import L from 'leaflet';
import type { TrailPoint } from '@contract';
import { textElement } from './marker-elements';

export interface TrailShown {
  assetId: string;
  points: readonly TrailPoint[];
  hours: number;
}

export function drawTrail(layer: L.LayerGroup, trail: TrailShown | null, nameOf: (assetId: string) => string): void {
  layer.clearLayers();
  if (!trail || trail.points.length === 0) return;
  const line = L.polyline(
    trail.points.map((p) => [p.lat, p.lng] as [number, number]),
    { color: '#1f6feb', weight: 3, opacity: 0.8 },
  );
  line.bindTooltip(textElement(`Trail of ${nameOf(trail.assetId)}: ${trail.points.length} positions, last ${trail.hours} h`));
  layer.addLayer(line);
  // The tooltip's focus listeners make Chromium put the SVG path in the Tab order, as a
  // stop with no name; the trail is for the eye and the mouse, so it stays out of it.
  line.getElement()?.setAttribute('tabindex', '-1');
}
