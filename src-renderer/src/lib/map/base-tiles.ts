/**
 * The base map's tile layer on a Leaflet map, and whether any tile the dispatcher sees
 * failed to load (for the map's "tiles unavailable" note).
 */
import L from 'leaflet';
import { tileInView, type PixelBox } from './tiles-in-view';

/**
 * Adds the tile layer of `url` to `map` and reports, on every change, whether a failed
 * tile is in view. A failed tile that is panned away, or loads on a later try, no longer
 * counts. Returns the function that removes the layer again.
 */
export function addBaseTiles(map: L.Map, url: string, onFailedInView: (failed: boolean) => void): () => void {
  const layer = L.tileLayer(url, { maxZoom: 19 });
  const failed = new Set<string>();
  const keyOf = (e: L.TileEvent) => `${e.coords.z}/${e.coords.x}/${e.coords.y}`;
  const update = () => {
    const zoom = Math.round(map.getZoom());
    const box = map.getPixelBounds() as PixelBox;
    let seen = false;
    for (const key of failed) if ((seen = tileInView(key, zoom, box))) break;
    onFailedInView(seen);
  };
  layer.on('tileerror', (e) => {
    failed.add(keyOf(e as L.TileErrorEvent));
    update();
  });
  layer.on('tileload tileunload', (e) => {
    failed.delete(keyOf(e as L.TileEvent));
    update();
  });
  map.on('moveend', update);
  layer.addTo(map);
  return () => {
    map.off('moveend', update);
    layer.remove();
  };
}
