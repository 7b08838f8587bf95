/**
 * Whether a tile (by its `z/x/y` key) is one the dispatcher sees: of the zoom level drawn
 * now and inside the map's box. Leaflet keeps tiles of the previous view and just outside
 * the box until it prunes them, and a failure among those is no reason for the map's
 * "tiles unavailable" note.
 */
export interface PixelBox {
  min: { x: number; y: number };
  max: { x: number; y: number };
}

export function tileInView(key: string, zoom: number, box: PixelBox, tileSize = 256): boolean {
  const [z, x, y] = key.split('/').map(Number);
  if (z !== zoom) return false;
  const first = { x: Math.floor(box.min.x / tileSize), y: Math.floor(box.min.y / tileSize) };
  const last = { x: Math.floor((box.max.x - 1) / tileSize), y: Math.floor((box.max.y - 1) / tileSize) };
  return x >= first.x && x <= last.x && y >= first.y && y <= last.y;
}
