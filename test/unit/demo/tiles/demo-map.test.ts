/**
 * The demo map is a map of the simulation's own geography: lakes, mountains,
 * freeways, the haul roads the trucks drive on, drawn the same every time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { demoGeography, demoPlaces, haulLoop, type DemoGeography } from '../../../../src-main/demo/geography';
import { FleetSimulation } from '../../../../src-main/demo/sim';
import { DEPOTS } from '../../../../src-main/demo/sim/equipment';
import { drawTilePixels, pixelLatLng, worldPixel } from '../../../../src-main/demo/tiles/draw-map';
import { TileRenderer } from '../../../../src-main/demo/tiles/tiles';

const sim = new FleetSimulation(42, 60);
const geo = demoGeography(sim);

type Rgb = [number, number, number];

/** The colour drawn at a place, at zoom z. */
function colourAt(g: DemoGeography, lat: number, lng: number, z: number): Rgb {
  const [px, py] = worldPixel(lat, lng, z);
  const [tx, ty] = [Math.floor(px / 256), Math.floor(py / 256)];
  const pixels = drawTilePixels(g, z, tx, ty);
  const at = (Math.floor(py - ty * 256) * 256 + Math.floor(px - tx * 256)) * 3;
  return [pixels[at], pixels[at + 1], pixels[at + 2]];
}

/** Colours within `radius` pixels of a place (one tile; the place is kept away from its edges). */
function coloursNear(g: DemoGeography, lat: number, lng: number, z: number, radius: number): Rgb[] {
  const [px, py] = worldPixel(lat, lng, z);
  const [tx, ty] = [Math.floor(px / 256), Math.floor(py / 256)];
  const pixels = drawTilePixels(g, z, tx, ty);
  const out: Rgb[] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = Math.floor(px - tx * 256) + dx;
      const y = Math.floor(py - ty * 256) + dy;
      if (x < 0 || y < 0 || x >= 256 || y >= 256) continue;
      const at = (y * 256 + x) * 3;
      out.push([pixels[at], pixels[at + 1], pixels[at + 2]]);
    }
  }
  return out;
}

const bluish = ([r, g, b]: Rgb) => b > r + 30 && b > g;
const greenish = ([r, g, b]: Rgb) => g > r && g > b && g - b > 10;
const orange = ([r, g, b]: Rgb) => r > 160 && r - b > 60 && g < r;

describe('demo map tiles', () => {
  it('projects and unprojects consistently (Web Mercator)', () => {
    const [px, py] = worldPixel(40.7608, -111.891, 12);
    const [lat, lng] = pixelLatLng(px, py, 12);
    expect(lat).toBeCloseTo(40.7608, 6);
    expect(lng).toBeCloseTo(-111.891, 6);
  });

  it('draws the lakes as water, the mountains green and the freeways orange', () => {
    expect(bluish(colourAt(geo, 41.2, -112.5, 10))).toBe(true); // Great Salt Lake
    expect(bluish(colourAt(geo, 40.22, -111.82, 11))).toBe(true); // Utah Lake
    expect(greenish(colourAt(geo, 40.65, -111.65, 10))).toBe(true); // Wasatch Range
    expect(coloursNear(geo, 40.68, -111.903, 13, 3).some(orange)).toBe(true); // I-15
    expect(bluish(colourAt(geo, 40.75, -111.9, 12))).toBe(false); // downtown is land
  });

  it('draws the haul road each truck drives: a moving unit is on it', () => {
    // Units their customer does not use stand still all day; the road is drawn for them too.
    const movers = sim.equipment.filter((u) => haulLoop(u) !== null && u.shiftMinutes > 0).slice(0, 5);
    expect(movers.length).toBeGreaterThan(0);
    const haul = ([r, g, b]: Rgb) => r > 170 && r < 215 && g > 145 && g < 190 && b > 95 && b < 150;
    for (const unit of movers) {
      // Halfway round its loop, the unit is as far from its depot as it gets.
      const t = Date.UTC(2026, 5, 1, 7) + (unit.shiftStartMinute + unit.movingMinutes / 2) * 60_000;
      const state = sim.physicalAt(unit, t);
      expect(state.inMotion).toBe(true);
      expect(coloursNear(geo, state.lat, state.lng, 15, 3).some(haul)).toBe(true);
    }
  });

  it('is deterministic: the same fleet gives the same bytes and ETags; another seed another map', () => {
    const a = new TileRenderer(demoGeography(new FleetSimulation(42, 60)));
    const b = new TileRenderer(demoGeography(new FleetSimulation(42, 60)));
    const c = new TileRenderer(demoGeography(new FleetSimulation(7, 60)));
    expect(a.tile(14, 3099, 6158).equals(b.tile(14, 3099, 6158))).toBe(true);
    expect(a.etag(14, 3099, 6158)).toBe(b.etag(14, 3099, 6158));
    expect(a.etag(14, 3099, 6158)).not.toBe(c.etag(14, 3099, 6158));
  });

  it('keeps rendered tiles within its memory limit, least recently used out first', () => {
    const tiles = new TileRenderer(geo, { cacheBytes: 10_000 });
    const first = tiles.tile(11, 386, 770);
    for (let x = 380; x < 392; x++) tiles.tile(11, x, 771);
    expect(tiles.cacheBytes).toBeLessThanOrEqual(10_000);
    expect(tiles.cacheBytes).toBeGreaterThan(0);
    expect(tiles.tile(11, 386, 770)).not.toBe(first); // evicted and drawn again…
    expect(tiles.tile(11, 386, 770).equals(first)).toBe(true); // …to the same bytes
  });
});

describe('demo map places', () => {
  it('names the towns, lakes, every depot and the job sites of the simulation', () => {
    const places = demoPlaces(geo);
    const names = places.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Salt Lake City', 'Great Salt Lake', 'Utah Lake', 'Jordan River', 'Sandy']));
    for (const [depot] of DEPOTS) expect(names).toContain(`${depot} depot`);
    const areas = sim.equipment.filter((u) => u.type === 'area' && u.hasGps);
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) expect(places).toContainEqual(expect.objectContaining({ name: area.name, kind: 'site', lat: area.depotLat, lng: area.depotLng }));
    for (const p of places) expect(p.minZoom).toBeGreaterThanOrEqual(0);
  });
});

describe('demo tile route', () => {
  function call(tiles: TileRenderer, path: string, headers: Record<string, string> = {}) {
    const out: { status?: number; headers?: Record<string, string>; body?: unknown } = {};
    const req = { method: 'GET', headers } as unknown as IncomingMessage;
    const res = {
      writeHead(status: number, h: Record<string, string>) {
        out.status = status;
        out.headers = h;
      },
      end(body?: unknown) {
        out.body = body;
      },
    } as unknown as ServerResponse;
    tiles.handle(req, res, new URL(path, 'http://127.0.0.1'));
    return out;
  }

  it('answers If-None-Match with 304 and no body, and the tile with its ETag otherwise', () => {
    const tiles = new TileRenderer(geo);
    const full = call(tiles, '/tiles/12/772/1540.png');
    expect(full.status).toBe(200);
    expect(full.headers?.etag).toBe(tiles.etag(12, 772, 1540));
    expect(full.headers?.['cache-control']).toMatch(/max-age=\d+/);
    const again = call(tiles, '/tiles/12/772/1540.png', { 'if-none-match': tiles.etag(12, 772, 1540) });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(call(tiles, '/tiles/12/772/1540.png', { 'if-none-match': '"other"' }).status).toBe(200);
  });
});
