/**
 * A hostile tile server, over real HTTP on 127.0.0.1, behind the real tile service and
 * the web shell's tile route: a page sent as a tile (two Content-Types, or labelled
 * image/png) is refused, never kept and never served; a redirect away from the tile
 * server is not followed; a redirect loop stops after 5; a page kept in the cache by an
 * older version is never served.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-main/contract';
import { TileCache } from '../../../src-main/core/tiles/tile-cache';
import { TileService, tileUserAgent } from '../../../src-main/core/tiles/tile-service';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { tileKeyFor } from '../../../src-main/web/security';
import { fakeCore } from '../../unit/web/fake-core';

const SECRET = 'f'.repeat(64);
const PAGE = '<!doctype html><script>fetch("/api/invoke/assets:get",{method:"POST",headers:{"x-fleet-secret":sessionStorage.getItem("fleet-desk.secret")}})</script>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

type Route = (req: IncomingMessage, res: ServerResponse) => void;

interface Listener {
  server: Server;
  origin: string;
  hits: string[];
  route: Route;
}

async function listen(): Promise<Listener> {
  const l: Listener = { server: createServer(), origin: '', hits: [], route: (_req, res) => res.end() };
  l.server.on('request', (req, res) => {
    l.hits.push(req.url ?? '');
    l.route(req, res);
  });
  await new Promise<void>((r) => l.server.listen(0, '127.0.0.1', r));
  l.origin = `http://127.0.0.1:${(l.server.address() as AddressInfo).port}`;
  return l;
}

let tiles: Listener;
let elsewhere: Listener;
let base: string;
let cacheDir: string;
let cache: TileCache;
let shell: WebShell;

async function startShell(): Promise<void> {
  cache = new TileCache({ limitBytes: 10_000_000, folder: cacheDir });
  const service = new TileService({
    cache,
    settings: () => ({ ...DEFAULT_SETTINGS, tileUrl: `${tiles.origin}/{z}/{x}/{y}.png`, tileAttribution: 'Hostile' }),
    demo: () => false,
    demoMap: () => null,
    userAgent: tileUserAgent('0.0.0', undefined),
  });
  const core = fakeCore();
  core.tiles = service;
  shell = await startWebShell({ core, rendererDir: join(base, 'renderer'), secret: SECRET, log: () => {} });
}

function getTile(z: number, x: number, y: number): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const path = `/api/tiles/${tileKeyFor(SECRET)}/${z}/${x}/${y}.png`;
    const req = request({ host: '127.0.0.1', port: shell.port, path, headers: { host: `127.0.0.1:${shell.port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectRefused(reply: Awaited<ReturnType<typeof getTile>>): void {
  expect(reply.status).toBe(502);
  expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(reply.body).not.toContain('<script>');
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-hostile-tiles-'));
  cacheDir = join(base, 'cache');
  await mkdir(join(base, 'renderer'), { recursive: true });
  await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  [tiles, elsewhere] = await Promise.all([listen(), listen()]);
  await startShell();
});

afterEach(() => {
  tiles.hits.length = 0;
  elsewhere.hits.length = 0;
});

afterAll(async () => {
  await shell?.close();
  cache?.close();
  for (const l of [tiles, elsewhere]) {
    l?.server.closeAllConnections();
    await new Promise<void>((r) => (l ? l.server.close(() => r()) : r()));
  }
  await rm(base, { recursive: true, force: true });
});

describe('a hostile tile server', () => {
  it('a page sent with two Content-Types (image/png and text/html) is refused, not kept, not served', async () => {
    tiles.route = (_req, res) => {
      res.setHeader('Content-Type', ['image/png', 'text/html']);
      res.setHeader('Cache-Control', 'max-age=3600');
      res.end(PAGE);
    };
    expectRefused(await getTile(3, 1, 1));
    expect(tiles.hits).toEqual(['/3/1/1.png']);
    expect(cache.count).toBe(0);
    expectRefused(await getTile(3, 1, 1));
    expect(tiles.hits).toHaveLength(2);
  });

  it('a page labelled image/png is refused, not kept, not served', async () => {
    tiles.route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600' });
      res.end(PAGE);
    };
    expectRefused(await getTile(3, 2, 1));
    expect(cache.count).toBe(0);
  });

  it('a redirect to another host is not followed: nothing is asked there, nothing kept', async () => {
    elsewhere.route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(PNG);
    };
    tiles.route = (_req, res) => {
      res.writeHead(302, { Location: `${elsewhere.origin}/admin` });
      res.end();
    };
    const reply = await getTile(3, 3, 1);
    expect(reply.status).toBe(502);
    expect(reply.body).toBe(`127.0.0.1:${tiles.origin.split(':')[2]} redirected tile 3/3/1 to another site (${elsewhere.origin.slice('http://'.length)}); Fleet Desk follows tile redirects only within the tile server.`);
    expect(elsewhere.hits).toEqual([]);
    expect(cache.count).toBe(0);
  });

  it('a redirect loop stops after 5 redirects (6 requests)', async () => {
    tiles.route = (req, res) => {
      res.writeHead(307, { Location: req.url ?? '/' });
      res.end();
    };
    const reply = await getTile(3, 4, 1);
    expect(reply.status).toBe(502);
    expect(reply.body).toMatch(/redirected tile 3\/4\/1 more than 5 times/);
    expect(tiles.hits).toHaveLength(6);
  });

  it('a redirect within the tile server is followed and the image kept', async () => {
    tiles.route = (req, res) => {
      if (req.url === '/3/5/1.png') {
        res.writeHead(301, { Location: '/moved/3/5/1.png' });
        return void res.end();
      }
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'max-age=3600' });
      res.end(PNG);
    };
    const reply = await getTile(3, 5, 1);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(tiles.hits).toEqual(['/3/5/1.png', '/moved/3/5/1.png']);
    expect(cache.count).toBe(1);
  });

  it('a page kept in the cache file by an older version is never served, even offline, and is dropped', async () => {
    await shell.close();
    cache.close();
    const old = new TileCache({ limitBytes: 10_000_000, folder: cacheDir });
    old.put({ server: `${tiles.origin}/{z}/{x}/{y}.png`, z: 3, x: 6, y: 1, body: Buffer.from(PAGE), contentType: 'image/png, text/html', etag: null, lastModified: null, fetchedAt: 0, freshUntil: Date.now() + 3_600_000 });
    old.close();
    await startShell();
    tiles.route = (req) => req.socket.destroy();
    const reply = await getTile(3, 6, 1);
    expect(reply.status).toBe(504);
    expect(reply.body).not.toContain('<script>');
    expect(cache.get(`${tiles.origin}/{z}/{x}/{y}.png`, 3, 6, 1)).toBeNull();
  });
});
