/**
 * Electron's map tile protocol: `fleet-tiles://tiles/{z}/{x}/{y}.png` on the app's
 * session, answered from the core's tile service; only z/x/y whole numbers get through.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TileAnswer, TileProvider } from '../../../src-main/core/tiles/tile-service';

const h = vi.hoisted(() => ({ privileged: [] as unknown[] }));
vi.mock('electron', () => ({
  protocol: { registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => h.privileged.push(...schemes)) },
}));

const { TILE_ROUTE, TILE_SCHEME, installTileProtocol, registerTileScheme, tileProtocolHandler } = await import('../../../src-main/electron/tile-protocol');

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
let answer: TileAnswer;
const tile = vi.fn(async () => answer);
const provider: TileProvider = { tile, setRoute: vi.fn() };

beforeEach(() => {
  tile.mockClear();
  answer = { status: 200, body: PNG, contentType: 'image/png', maxAgeSec: 60, source: 'cache' };
});

describe('tile protocol', () => {
  it('registers its scheme as a standard, secure one (before the app is ready)', async () => {
    const { protocol } = await import('electron');
    registerTileScheme(protocol);
    expect(h.privileged).toEqual([{ scheme: TILE_SCHEME, privileges: { standard: true, secure: true } }]);
    expect(TILE_ROUTE).toBe('fleet-tiles://tiles/{z}/{x}/{y}.png');
  });

  it('is handled on the given session and tells the core its route', () => {
    const handle = vi.fn();
    installTileProtocol({ protocol: { handle } } as never, provider);
    expect(handle).toHaveBeenCalledWith(TILE_SCHEME, expect.any(Function));
    expect(provider.setRoute).toHaveBeenCalledWith(TILE_ROUTE);
  });

  it('serves a tile from the core', async () => {
    const res = await tileProtocolHandler(() => provider)(new Request('fleet-tiles://tiles/12/772/1540.png?v=abc'));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(tile).toHaveBeenCalledWith({ z: 12, x: 772, y: 1540 });
  });

  it('refuses other hosts, traversal, encodings, non-integers and tiles outside the zoom level', async () => {
    const handler = tileProtocolHandler(() => provider);
    for (const url of [
      'fleet-tiles://elsewhere/1/0/0.png',
      'fleet-tiles://tiles/../../etc/passwd',
      'fleet-tiles://tiles/1/%2e%2e/0.png',
      'fleet-tiles://tiles/1/0/0.png/more',
      'fleet-tiles://tiles/-1/0/0.png',
      'fleet-tiles://tiles/1.5/0/0.png',
      'fleet-tiles://tiles/2/4/0.png',
      'fleet-tiles://tiles:8080/1/0/0.png',
      'https://tiles/1/0/0.png',
    ]) {
      const res = await handler(new Request(url));
      expect(res.status, url).toBe(404);
    }
    expect(tile).not.toHaveBeenCalled();
  });

  it('answers GET only, and a missing tile as an uncached error', async () => {
    const handler = tileProtocolHandler(() => provider);
    expect((await handler(new Request('fleet-tiles://tiles/1/0/0.png', { method: 'POST', body: 'x' }))).status).toBe(405);
    answer = { status: 504, body: null, contentType: '', maxAgeSec: 0, source: 'none', message: 'never viewed online' };
    const res = await handler(new Request('fleet-tiles://tiles/1/0/0.png'));
    expect(res.status).toBe(504);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('never viewed online');
  });

  it('every answer, tile or error, cannot render as a document: sandboxed, loads nothing, no sniffing', async () => {
    const handler = tileProtocolHandler(() => provider);
    const answers = [
      await handler(new Request('fleet-tiles://tiles/12/772/1540.png')),
      await handler(new Request('fleet-tiles://tiles/1/0/0.png', { method: 'POST', body: 'x' })),
      await handler(new Request('fleet-tiles://elsewhere/1/0/0.png')),
      await tileProtocolHandler(() => undefined)(new Request('fleet-tiles://tiles/1/0/0.png')),
    ];
    answer = { status: 504, body: null, contentType: '', maxAgeSec: 0, source: 'none', message: 'never viewed online' };
    answers.push(await handler(new Request('fleet-tiles://tiles/1/0/0.png')));
    for (const res of answers) {
      expect(res.headers.get('content-security-policy'), String(res.status)).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-content-type-options'), String(res.status)).toBe('nosniff');
    }
  });

  it('sends the one image type the bytes show, and refuses bytes that are no image', async () => {
    const handler = tileProtocolHandler(() => provider);
    const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
    answer = { status: 200, body: JPEG, contentType: 'image/png, text/html' as TileAnswer['contentType'], maxAgeSec: 60, source: 'network' };
    expect((await handler(new Request('fleet-tiles://tiles/1/0/0.png'))).headers.get('content-type')).toBe('image/jpeg');
    answer = { status: 200, body: Buffer.from('<!doctype html><script>alert(1)</script>'), contentType: 'image/png', maxAgeSec: 60, source: 'cache' };
    const page = await handler(new Request('fleet-tiles://tiles/1/0/0.png'));
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await page.text()).toBe('The map tile is not a PNG, JPEG, WebP or GIF image.');
  });

  it('answers 404 while the core is not there yet', async () => {
    expect((await tileProtocolHandler(() => undefined)(new Request('fleet-tiles://tiles/1/0/0.png'))).status).toBe(404);
  });
});
