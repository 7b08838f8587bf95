/**
 * Draws one 256-pixel Web Mercator tile of the demo map from the demo geography:
 * land, city, wetlands, lakes and mountains, the Jordan River, the city's street grid
 * (denser as you zoom in), job sites, the haul roads the simulated trucks drive, the
 * airport's runways and the freeways. Labels are not drawn here: the app shows the
 * demo's place names as text over the map.
 */
import { GRID_ORIGIN, MILE_LAT, MILE_LNG, type AreaKind, type DemoGeography, type LatLng, type LineKind } from '../geography';
import { encodePng } from './png';
import { Raster, type Point, type Rgb } from './raster';

export const TILE_SIZE = 256;

const COLOURS = {
  land: [242, 239, 233],
  urban: [226, 222, 216],
  wetland: [214, 230, 205],
  water: [166, 205, 227],
  island: [226, 233, 212],
  mountain: [219, 228, 205],
  airport: [228, 225, 234],
  runway: [183, 183, 198],
  street: [255, 255, 255],
  streetCasing: [214, 208, 200],
  arterial: [255, 250, 228],
  arterialCasing: [186, 176, 160],
  site: [229, 216, 190],
  siteEdge: [182, 160, 122],
  haul: [196, 168, 118],
  trunk: [250, 214, 140],
  trunkCasing: [196, 150, 84],
  motorway: [236, 150, 106],
  motorwayCasing: [170, 92, 58],
} satisfies Record<string, Rgb>;

const AREA_COLOUR: Record<AreaKind, Rgb> = {
  urban: COLOURS.urban,
  wetland: COLOURS.wetland,
  water: COLOURS.water,
  island: COLOURS.island,
  mountain: COLOURS.mountain,
  airport: COLOURS.airport,
};

/** Pixel position in the whole world at zoom z (Web Mercator, 256-pixel tiles). */
export function worldPixel(lat: number, lng: number, z: number): Point {
  const scale = TILE_SIZE * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * scale, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale];
}

/** Latitude/longitude of a world pixel at zoom z (the inverse of worldPixel). */
export function pixelLatLng(px: number, py: number, z: number): LatLng {
  const scale = TILE_SIZE * 2 ** z;
  const n = Math.PI - (2 * Math.PI * py) / scale;
  return [(180 / Math.PI) * Math.atan(Math.sinh(n)), (px / scale) * 360 - 180];
}

/** Widths in pixels by zoom: the value of the last step at or below z. */
function byZoom(z: number, steps: readonly (readonly [number, number])[]): number {
  let width = 0;
  for (const [from, value] of steps) if (z >= from) width = value;
  return width;
}

const MOTORWAY = [[0, 0.8], [9, 1.4], [11, 2.5], [12, 3.5], [13, 5], [14, 7], [15, 9], [16, 12], [17, 16]] as const;
const TRUNK = [[0, 0], [9, 1], [11, 2], [12, 2.8], [13, 4], [14, 5.5], [15, 7], [16, 10], [17, 13]] as const;
const RIVER = [[0, 0], [9, 1], [11, 1.5], [12, 2], [14, 4], [16, 8], [17, 12]] as const;
const RUNWAY = [[0, 0], [11, 1.5], [12, 3], [13, 5], [14, 9], [15, 16]] as const;
const HAUL = [[0, 0], [14, 1.6], [15, 2.2], [16, 3.5], [17, 5]] as const;
/**
 * Streets every eighth of a mile, half mile and mile (drawn in that order, so the
 * arterials of the mile grid cross over the smaller streets), from the zoom levels
 * where they fit.
 */
const STREETS = [
  { every: 0.125, arterial: false, steps: [[0, 0], [15, 2.4], [16, 4], [17, 6]] },
  { every: 0.5, arterial: false, steps: [[0, 0], [13, 1.3], [14, 2.2], [15, 3.5], [16, 5.5], [17, 8]] },
  { every: 1, arterial: true, steps: [[0, 0], [11, 0.8], [12, 1.4], [13, 2.6], [14, 4], [15, 6], [16, 9], [17, 12]] },
] as const;

interface TileFrame {
  z: number;
  ox: number;
  oy: number;
  /** the tile's extent in degrees, grown by a margin for strokes drawn across its edge */
  south: number;
  north: number;
  west: number;
  east: number;
}

function frameOf(z: number, x: number, y: number): TileFrame {
  const margin = 32; // pixels: the widest stroke reaches in from outside the tile
  const [north, west] = pixelLatLng(x * TILE_SIZE - margin, y * TILE_SIZE - margin, z);
  const [south, east] = pixelLatLng((x + 1) * TILE_SIZE + margin, (y + 1) * TILE_SIZE + margin, z);
  return { z, ox: x * TILE_SIZE, oy: y * TILE_SIZE, south, north, west, east };
}

function toTile(frame: TileFrame, lat: number, lng: number): Point {
  const [px, py] = worldPixel(lat, lng, frame.z);
  return [px - frame.ox, py - frame.oy];
}

function overlaps(frame: TileFrame, points: readonly LatLng[]): boolean {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (const [lat, lng] of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return south <= frame.north && north >= frame.south && west <= frame.east && east >= frame.west;
}

function strokeLines(raster: Raster, frame: TileFrame, geo: DemoGeography, kind: LineKind, width: number, colour: Rgb): void {
  if (width <= 0) return;
  for (const line of geo.lines) {
    if (line.kind !== kind || !overlaps(frame, line.points)) continue;
    raster.strokeLine(
      line.points.map(([lat, lng]) => toTile(frame, lat, lng)),
      width,
      colour,
    );
  }
}

/** The street grid over the city (minus its lakes, wetlands, mountains and airport). */
function drawStreets(raster: Raster, frame: TileFrame, geo: DemoGeography): void {
  const urban = geo.areas.filter((a) => a.kind === 'urban' && overlaps(frame, a.ring));
  if (urban.length === 0) return;
  const clip = [
    ...urban.map((a) => ({ ring: a.ring.map(([lat, lng]) => toTile(frame, lat, lng)), value: 1 as const })),
    ...geo.areas.filter((a) => a.kind !== 'urban').map((a) => ({ ring: a.ring.map(([lat, lng]) => toTile(frame, lat, lng)), value: 0 as const })),
  ];
  raster.setClip(clip);
  for (const level of STREETS) {
    const width = byZoom(frame.z, level.steps);
    if (width <= 0) continue;
    const dLat = MILE_LAT * level.every;
    const dLng = MILE_LNG * level.every;
    const [originLat, originLng] = GRID_ORIGIN;
    const casing = level.arterial ? (frame.z >= 13 ? COLOURS.arterialCasing : null) : frame.z >= 15 ? COLOURS.streetCasing : null;
    const fill = level.arterial && frame.z >= 13 ? COLOURS.arterial : COLOURS.street;
    const draw = (a: Point, b: Point) => {
      if (casing) raster.strokeLine([a, b], width + 2, casing);
      raster.strokeLine([a, b], width, fill);
    };
    for (let k = Math.ceil((frame.south - originLat) / dLat); originLat + k * dLat <= frame.north; k++) {
      const lat = originLat + k * dLat;
      draw(toTile(frame, lat, frame.west), toTile(frame, lat, frame.east));
    }
    for (let k = Math.ceil((frame.west - originLng) / dLng); originLng + k * dLng <= frame.east; k++) {
      const lng = originLng + k * dLng;
      draw(toTile(frame, frame.north, lng), toTile(frame, frame.south, lng));
    }
  }
  raster.setClip(null);
}

/** Job sites as plots about 300 m across. */
function drawSites(raster: Raster, frame: TileFrame, geo: DemoGeography): void {
  if (frame.z < 12) return;
  const half = 0.0014;
  for (const site of geo.sites) {
    const ring: LatLng[] = [
      [site.lat - half, site.lng - half * 1.3],
      [site.lat - half, site.lng + half * 1.3],
      [site.lat + half, site.lng + half * 1.3],
      [site.lat + half, site.lng - half * 1.3],
    ];
    if (!overlaps(frame, ring)) continue;
    const pts = ring.map(([lat, lng]) => toTile(frame, lat, lng));
    raster.fillPolygon(pts, COLOURS.site);
    raster.strokeLine([...pts, pts[0]], frame.z >= 15 ? 2 : 1, COLOURS.siteEdge);
  }
}

function drawHaulRoads(raster: Raster, frame: TileFrame, geo: DemoGeography): void {
  const width = byZoom(frame.z, HAUL);
  if (width <= 0) return;
  for (const loop of geo.loops) {
    const box: LatLng[] = [
      [loop.lat - loop.rLat, loop.lng - loop.rLng],
      [loop.lat + loop.rLat, loop.lng + loop.rLng],
    ];
    if (!overlaps(frame, box)) continue;
    const [cx, cy] = toTile(frame, loop.lat, loop.lng);
    const [ex] = toTile(frame, loop.lat, loop.lng + loop.rLng);
    const [, ny] = toTile(frame, loop.lat + loop.rLat, loop.lng);
    raster.strokeEllipse(cx, cy, Math.abs(ex - cx), Math.abs(cy - ny), width, COLOURS.haul);
  }
}

function drawRoads(raster: Raster, frame: TileFrame, geo: DemoGeography, kind: 'trunk' | 'motorway'): void {
  const width = byZoom(frame.z, kind === 'trunk' ? TRUNK : MOTORWAY);
  if (width <= 0) return;
  const casing = frame.z >= 11 ? 2 : 0.8;
  strokeLines(raster, frame, geo, kind, width + casing, kind === 'trunk' ? COLOURS.trunkCasing : COLOURS.motorwayCasing);
  strokeLines(raster, frame, geo, kind, width, kind === 'trunk' ? COLOURS.trunk : COLOURS.motorway);
}

/** The RGB pixels of tile z/x/y (256 × 256 × 3). */
export function drawTilePixels(geo: DemoGeography, z: number, x: number, y: number): Uint8Array {
  const frame = frameOf(z, x, y);
  const raster = new Raster(TILE_SIZE, COLOURS.land);
  for (const area of geo.areas) {
    if (!overlaps(frame, area.ring)) continue;
    raster.fillPolygon(
      area.ring.map(([lat, lng]) => toTile(frame, lat, lng)),
      AREA_COLOUR[area.kind],
    );
  }
  strokeLines(raster, frame, geo, 'river', byZoom(z, RIVER), COLOURS.water);
  drawStreets(raster, frame, geo);
  drawSites(raster, frame, geo);
  drawHaulRoads(raster, frame, geo);
  strokeLines(raster, frame, geo, 'runway', byZoom(z, RUNWAY), COLOURS.runway);
  drawRoads(raster, frame, geo, 'trunk');
  drawRoads(raster, frame, geo, 'motorway');
  return raster.pixels();
}

export function drawTile(geo: DemoGeography, z: number, x: number, y: number): Buffer {
  return encodePng(TILE_SIZE, TILE_SIZE, drawTilePixels(geo, z, x, y));
}
