/**
 * Tile addresses: the z/x/y a shell's tile route accepts (small whole numbers inside
 * the zoom level, nothing else), and the tile server URL a template gives for one.
 */

/** Deepest zoom level served (tile servers stop at 19–20; Leaflet's map at 19). */
export const MAX_TILE_ZOOM = 20;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

const DIGITS = /^(0|[1-9]\d{0,6})$/;

/**
 * The tile z/x/y from a route's three path parts, or null: each must be a plain decimal
 * whole number (no sign, no leading zero, no dot or encoding), z at most MAX_TILE_ZOOM
 * and x, y inside the zoom level.
 */
export function parseTileAddress(z: string, x: string, y: string): TileAddress | null {
  if (!DIGITS.test(z) || !DIGITS.test(x) || !DIGITS.test(y)) return null;
  const address = { z: Number(z), x: Number(x), y: Number(y) };
  if (address.z > MAX_TILE_ZOOM) return null;
  const side = 2 ** address.z;
  if (address.x >= side || address.y >= side) return null;
  return address;
}

/** The route path `…/{z}/{x}/{y}.png` split into its parts, or null when it is not one. */
export function tilePathParts(path: string): [string, string, string] | null {
  const match = /^\/([^/]+)\/([^/]+)\/([^/]+)\.png$/.exec(path);
  return match ? [match[1], match[2], match[3]] : null;
}

/**
 * The tile server's URL for one tile: `{z}`, `{x}`, `{y}` filled in, `{s}` with one of
 * a, b, c (spread by position, the same tile always from the same host), `{r}` empty.
 */
export function upstreamTileUrl(template: string, { z, x, y }: TileAddress): string {
  return template
    .replace(/\{z\}/g, String(z))
    .replace(/\{x\}/g, String(x))
    .replace(/\{y\}/g, String(y))
    .replace(/\{s\}/g, 'abc'[(x + y) % 3])
    .replace(/\{r\}/g, '');
}
