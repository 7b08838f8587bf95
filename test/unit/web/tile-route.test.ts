/**
 * The web shell's map tile route: behind the same Host/Origin checks as every call and
 * a key derived from the per-launch secret (an <img> cannot send the secret header);
 * only z/x/y whole numbers reach the core; never a path into the file system.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TileAnswer, TileProvider } from '../../../src-main/core/tiles/tile-service';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { tileKeyFor } from '../../../src-main/web/security';
import { fakeCore, type FakeCore } from './fake-core';

const SECRET = 'b'.repeat(64);
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let shell: WebShell;
let core: FakeCore;
let base: string;
let route = '';
let answer: TileAnswer;
const tile = vi.fn(async () => answer);

function send(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: shell.port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${shell.port}`, ...init.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const key = () => tileKeyFor(SECRET);
const path = (z: string, x: string, y: string, k = key()) => `/api/tiles/${k}/${z}/${x}/${y}.png`;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-web-tiles-'));
  await mkdir(join(base, 'renderer'), { recursive: true });
  await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  core = fakeCore();
  const tiles: TileProvider = { tile, setRoute: (r) => (route = r) };
  core.tiles = tiles;
  shell = await startWebShell({ core, rendererDir: join(base, 'renderer'), secret: SECRET, log: () => {} });
});

beforeEach(() => {
  tile.mockClear();
  answer = { status: 200, body: PNG, contentType: 'image/png', maxAgeSec: 120, source: 'cache' };
});

afterAll(async () => {
  await shell?.close();
  await rm(base, { recursive: true, force: true });
});

describe('web shell tile route', () => {
  it('tells the core the route, with a key that is not the secret itself', () => {
    expect(key()).toMatch(/^[0-9a-f]{64}$/);
    expect(key()).not.toBe(SECRET);
    expect(route).toBe(`/api/tiles/${key()}/{z}/{x}/{y}.png`);
    expect(route).not.toContain(SECRET);
  });

  it('serves a tile from the core with the right key', async () => {
    const reply = await send(path('12', '772', '1540'));
    expect(reply.status).toBe(200);
    expect(reply.body.equals(PNG)).toBe(true);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['cache-control']).toBe('private, max-age=120');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(tile).toHaveBeenCalledWith({ z: 12, x: 772, y: 1540 });
  });

  it('refuses a missing or wrong key, and the per-launch secret in its place', async () => {
    for (const p of [path('1', '0', '0', 'c'.repeat(64)), path('1', '0', '0', SECRET), '/api/tiles/1/0/0.png', path('1', '0', '0', '')]) {
      const reply = await send(p);
      expect(reply.status, p).toBe(403);
    }
    expect(tile).not.toHaveBeenCalled();
  });

  it('refuses a foreign Host (DNS rebinding) or Origin even with the key', async () => {
    expect((await send(path('1', '0', '0'), { headers: { host: `evil.example:${shell.port}` } })).status).toBe(403);
    expect((await send(path('1', '0', '0'), { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect(tile).not.toHaveBeenCalled();
  });

  it('takes only z/x/y whole numbers inside the zoom level: no traversal, encodings or extra parts', async () => {
    const bad = [
      `/api/tiles/${key()}/../../../etc/passwd`,
      `/api/tiles/${key()}/1/%2e%2e/0.png`,
      `/api/tiles/${key()}/%2e%2e/%2e%2e/index.html`,
      `/api/tiles/${key()}/1/0/0.png/extra`,
      `/api/tiles/${key()}/1/0/0/0.png`,
      path('-1', '0', '0'),
      path('1.5', '0', '0'),
      path('01', '0', '0'),
      path('21', '0', '0'),
      path('2', '4', '0'),
      path('a', 'b', 'c'),
    ];
    for (const p of bad) {
      const reply = await send(p);
      expect([400, 404], p).toContain(reply.status);
      expect(reply.headers['content-type'], p).not.toBe('image/png');
    }
    expect(tile).not.toHaveBeenCalled();
  });

  it('answers GET and HEAD only', async () => {
    expect((await send(path('1', '0', '0'), { method: 'POST' })).status).toBe(405);
    const head = await send(path('1', '0', '0'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('passes on a missing tile as an uncached error, never as an image', async () => {
    answer = { status: 504, body: null, contentType: '', maxAgeSec: 0, source: 'none', message: 'tile.example cannot be reached, and this part of the map was never viewed online.' };
    const reply = await send(path('3', '1', '1'));
    expect(reply.status).toBe(504);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body.toString()).toContain('never viewed online');
  });

  it('names the methods and says why on a wrong method, a missing or unknown tile', async () => {
    const post = await send(path('1', '0', '0'), { method: 'POST' });
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.body.toString()).toBe('Map tiles are read with GET.');
    // The key alone, with no z/x/y after it: the key is right, the tile is not there.
    for (const p of [`/api/tiles/${key()}`, path('a', 'b', 'c')]) {
      const reply = await send(p);
      expect(reply.status, p).toBe(404);
      expect(reply.body.toString(), p).toBe('No such map tile.');
    }
    expect(tile).not.toHaveBeenCalled();
  });

  it('passes on an answer other than 200 as an error even when it carries a body', async () => {
    answer = { status: 404, body: PNG, contentType: 'image/png', maxAgeSec: 120, source: 'network', message: 'The tile server has no such tile.' };
    const reply = await send(path('3', '1', '1'));
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.body.toString()).toBe('The tile server has no such tile.');
  });

  it('says "No map tile." when the core gives no reason', async () => {
    answer = { status: 502, body: null, contentType: '', maxAgeSec: 0, source: 'none' };
    const reply = await send(path('3', '1', '1'));
    expect(reply.status).toBe(502);
    expect(reply.body.toString()).toBe('No map tile.');
  });

  it('lets the browser keep a tile with no cache lifetime only after asking again', async () => {
    answer = { status: 200, body: PNG, contentType: 'image/png', maxAgeSec: 0, source: 'network' };
    const reply = await send(path('3', '1', '1'));
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('sends the one image type the tile\'s bytes show, never the label it came with', async () => {
    const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    answer = { status: 200, body: GIF, contentType: 'image/png, text/html' as TileAnswer['contentType'], maxAgeSec: 60, source: 'network' };
    const reply = await send(path('3', '1', '1'));
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/gif');
  });

  it('refuses a tile whose bytes are no image, whatever the core labelled it', async () => {
    answer = { status: 200, body: Buffer.from('<!doctype html><script>alert(1)</script>'), contentType: 'image/png', maxAgeSec: 60, source: 'cache' };
    const reply = await send(path('3', '1', '1'));
    expect(reply.status).toBe(502);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.body.toString()).toBe('The map tile is not a PNG, JPEG, WebP or GIF image.');
  });

  it('a core without a base map answers 404', async () => {
    const other = fakeCore();
    const bare = await startWebShell({ core: other, rendererDir: join(base, 'renderer'), secret: SECRET, log: () => {} });
    try {
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: bare.port, path: path('1', '0', '0'), headers: { host: `127.0.0.1:${bare.port}` } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(reply).toEqual({ status: 404, body: 'This Fleet Desk has no base map.' });
    } finally {
      await bare.close();
    }
  });
});
