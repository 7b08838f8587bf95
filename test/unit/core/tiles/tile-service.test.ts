/**
 * The tile service: tiles from the tile server with Fleet Desk's User-Agent and no
 * credentials, kept as the cache headers allow, revalidated, served stale offline.
 * The tile server is a scripted fake `fetch` (every call is recorded; nothing waits).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../../src-main/contract';
import { TileCache } from '../../../../src-main/core/tiles/tile-cache';
import { DEMO_ATTRIBUTION, MAX_TILE_BYTES, TileService, UNREACHABLE_PAUSE_MS, tileUserAgent } from '../../../../src-main/core/tiles/tile-service';

const PNG = Buffer.from('89504e470d0a1a0a0000', 'hex');
const T = { z: 12, x: 772, y: 1540 };

type Answer = Response | Error;

function setup(options: { settings?: Partial<Settings>; demo?: boolean; route?: string; limitBytes?: number } = {}) {
  let now = Date.parse('2026-11-22T12:00:00Z');
  const calls: { url: string; headers: Record<string, string>; init: RequestInit }[] = [];
  const answers: Answer[] = [];
  let settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  let demo = options.demo ?? false;
  const fakeFetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: { ...(init.headers as Record<string, string>) }, init });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  const cache = new TileCache({ limitBytes: options.limitBytes ?? 10_000_000 });
  const service = new TileService({
    cache,
    settings: () => settings,
    demo: () => demo,
    demoMap: () => ({ tileUrl: 'http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png', places: [{ name: 'Sandy', lat: 40.56, lng: -111.84, kind: 'city', minZoom: 10 }] }),
    userAgent: tileUserAgent('1.2.3', 'dispatch@example.com'),
    route: options.route ?? '/api/tiles/key/{z}/{x}/{y}.png',
    fetch: fakeFetch,
    now: () => now,
  });
  return {
    service,
    cache,
    calls,
    answers,
    advance: (ms: number) => (now += ms),
    setSettings: (patch: Partial<Settings>) => (settings = { ...settings, ...patch }),
    setDemo: (value: boolean) => (demo = value),
  };
}

const png = (headers: Record<string, string> = {}, body: Buffer = PNG, status = 200) =>
  new Response(status === 304 ? null : new Uint8Array(body), { status, headers: status === 304 ? headers : { 'content-type': 'image/png', ...headers } });

describe('tile service', () => {
  it('asks the tile server with a Fleet Desk User-Agent, and never with credentials or cookies', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=60' }));
    const answer = await t.service.tile(T);
    expect(answer).toMatchObject({ status: 200, source: 'network', contentType: 'image/png' });
    expect(answer.body?.equals(PNG)).toBe(true);
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0].url).toBe('https://tile.openstreetmap.org/12/772/1540.png');
    expect(t.calls[0].headers['user-agent']).toBe('FleetDesk/1.2.3 (+dispatch@example.com)');
    expect(Object.keys(t.calls[0].headers).map((h) => h.toLowerCase()).some((h) => h === 'authorization' || h === 'cookie')).toBe(false);
    expect(t.calls[0].init.credentials).toBe('omit');
  });

  it('serves a fresh kept tile without asking again', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=600' }));
    await t.service.tile(T);
    t.advance(599_000);
    expect(await t.service.tile(T)).toMatchObject({ status: 200, source: 'cache' });
    expect(t.calls).toHaveLength(1);
  });

  it('revalidates a stale tile with its ETag and Last-Modified; a 304 keeps the tile and renews it', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=60', etag: '"v1"', 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' }));
    await t.service.tile(T);
    t.advance(61_000);
    t.answers.push(png({ 'cache-control': 'max-age=600' }, PNG, 304));
    const again = await t.service.tile(T);
    expect(again).toMatchObject({ status: 200, source: 'cache' });
    expect(again.body?.equals(PNG)).toBe(true);
    expect(t.calls[1].headers['if-none-match']).toBe('"v1"');
    expect(t.calls[1].headers['if-modified-since']).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
    t.advance(500_000);
    expect(await t.service.tile(T)).toMatchObject({ source: 'cache' });
    expect(t.calls).toHaveLength(2);
  });

  it('does not keep a tile the server marks no-store', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'no-store' }));
    expect(await t.service.tile(T)).toMatchObject({ status: 200, source: 'network', maxAgeSec: 0 });
    expect(t.cache.count).toBe(0);
    t.answers.push(new TypeError('fetch failed'));
    expect(await t.service.tile(T)).toMatchObject({ status: 504, body: null });
  });

  it('offline: serves the kept tile however old; a tile never viewed gets a clear 504 naming the server', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=60' }));
    await t.service.tile(T);
    t.advance(30 * 24 * 3600_000);
    t.answers.push(new TypeError('getaddrinfo ENOTFOUND tile.openstreetmap.org'));
    const stale = await t.service.tile(T);
    expect(stale).toMatchObject({ status: 200, source: 'stale' });
    expect(stale.body?.equals(PNG)).toBe(true);
    const never = await t.service.tile({ z: 12, x: 773, y: 1540 });
    expect(never).toMatchObject({ status: 504, body: null, source: 'none' });
    expect(never.message).toMatch(/tile\.openstreetmap\.org .*never viewed online/);
  });

  it('after a failed request, asks the server again only after a pause (offline, each tile would wait for a timeout)', async () => {
    const t = setup();
    t.answers.push(new TypeError('connect ECONNREFUSED'));
    expect((await t.service.tile(T)).status).toBe(504);
    expect((await t.service.tile({ z: 12, x: 773, y: 1540 })).status).toBe(504);
    expect(t.calls).toHaveLength(1);
    t.advance(UNREACHABLE_PAUSE_MS + 1);
    t.answers.push(png({ 'cache-control': 'max-age=60' }));
    expect(await t.service.tile(T)).toMatchObject({ status: 200, source: 'network' });
    expect(t.calls).toHaveLength(2);
  });

  it('serves the kept tile when the server fails (5xx), a 502 when none is kept', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=1' }));
    await t.service.tile(T);
    t.advance(2000);
    t.answers.push(new Response('busy', { status: 503 }), new Response('busy', { status: 503 }));
    expect(await t.service.tile(T)).toMatchObject({ status: 200, source: 'stale' });
    const none = await t.service.tile({ z: 12, x: 773, y: 1540 });
    expect(none).toMatchObject({ status: 502 });
    expect(none.message).toMatch(/answered 503/);
  });

  it('keeps only images of at most 1 MB', async () => {
    const t = setup();
    t.answers.push(new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect(await t.service.tile(T)).toMatchObject({ status: 502 });
    t.answers.push(png({ 'cache-control': 'max-age=60' }, Buffer.alloc(MAX_TILE_BYTES + 1)));
    const big = await t.service.tile(T);
    expect(big.status).toBe(502);
    expect(big.message).toMatch(/at most 1 MB/);
    expect(t.cache.count).toBe(0);
  });

  it('keeps tiles per tile server: a new server never shows the old one\'s tiles', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=600' }));
    await t.service.tile(T);
    const before = t.service.baseMap().url;
    t.setSettings({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileAttribution: 'Example' });
    const OTHER = Buffer.concat([PNG, Buffer.from('other')]);
    t.answers.push(png({ 'cache-control': 'max-age=600' }, OTHER));
    const other = await t.service.tile(T);
    expect(other.source).toBe('network');
    expect(t.calls[1].url).toBe('https://tiles.example/12/772/1540.png');
    expect(t.service.baseMap()).toMatchObject({ kind: 'server', host: 'tiles.example', attribution: 'Example' });
    expect(t.service.baseMap().url).not.toBe(before);
  });

  it('asks once for a tile requested twice at the same time', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=600' }));
    const [a, b] = await Promise.all([t.service.tile(T), t.service.tile(T)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(t.calls).toHaveLength(1);
  });

  it('the demo profile gets the demo map, not kept (it is drawn in-process), with its place names', async () => {
    const t = setup({ demo: true });
    expect(t.service.baseMap()).toMatchObject({ kind: 'demo', attribution: DEMO_ATTRIBUTION, host: '' });
    expect(t.service.baseMap().places.map((p) => p.name)).toEqual(['Sandy']);
    expect(t.service.baseMap().url).toMatch(/^\/api\/tiles\/key\/\{z\}\/\{x\}\/\{y\}\.png\?v=[0-9a-f]{12}$/);
    t.answers.push(png({ 'cache-control': 'max-age=600' }));
    await t.service.tile(T);
    expect(t.calls[0].url).toBe('http://127.0.0.1:4000/tiles/12/772/1540.png');
    expect(t.cache.count).toBe(0);
  });

  it('an empty tile URL means a plain background: no address for the renderer, 404 for tiles', async () => {
    const t = setup({ settings: { tileUrl: '' } });
    expect(t.service.baseMap()).toEqual({ kind: 'none', url: '', attribution: '', host: '', places: [] });
    expect((await t.service.tile(T)).status).toBe(404);
    expect(t.calls).toHaveLength(0);
  });

  it('real profiles default to OpenStreetMap with its attribution', () => {
    const t = setup();
    expect(t.service.baseMap()).toMatchObject({ kind: 'server', host: 'tile.openstreetmap.org', attribution: '© OpenStreetMap contributors' });
  });
});

describe('tile service: a tile is an image by its bytes, or nothing', () => {
  const PAGE = Buffer.from('<!doctype html><script>fetch("/api/invoke/assets:get")</script>');

  it('refuses a page sent with two types (image/png and text/html): not kept, not served, the reason given', async () => {
    const t = setup();
    const headers = new Headers({ 'cache-control': 'max-age=600' });
    headers.append('content-type', 'image/png');
    headers.append('content-type', 'text/html');
    t.answers.push(new Response(new Uint8Array(PAGE), { status: 200, headers }));
    const answer = await t.service.tile(T);
    expect(answer).toMatchObject({ status: 502, body: null, source: 'none' });
    expect(answer.message).toBe('tile.openstreetmap.org sent something other than a PNG, JPEG, WebP or GIF image of at most 1 MB for tile 12/772/1540.');
    expect(t.cache.count).toBe(0);
  });

  it('refuses a page labelled image/png, and keeps serving the good copy it had', async () => {
    const t = setup();
    t.answers.push(png({ 'cache-control': 'max-age=1' }));
    await t.service.tile(T);
    t.advance(2000);
    t.answers.push(png({ 'cache-control': 'max-age=600' }, PAGE));
    const answer = await t.service.tile(T);
    expect(answer).toMatchObject({ status: 200, source: 'stale', contentType: 'image/png' });
    expect(answer.body?.equals(PNG)).toBe(true);
    expect(t.cache.get('https://tile.openstreetmap.org/{z}/{x}/{y}.png', T.z, T.x, T.y)?.body.equals(PNG)).toBe(true);
  });

  it('names the type by the bytes, whatever the label says', async () => {
    const t = setup();
    const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    t.answers.push(new Response(new Uint8Array(GIF), { status: 200, headers: { 'content-type': 'image/png, text/html', 'cache-control': 'max-age=600' } }));
    expect(await t.service.tile(T)).toMatchObject({ status: 200, contentType: 'image/gif' });
    expect(t.cache.get('https://tile.openstreetmap.org/{z}/{x}/{y}.png', T.z, T.x, T.y)?.contentType).toBe('image/gif');
  });

  it('never serves a kept tile that is no image (a cache written by an older version): it is dropped and fetched again', async () => {
    const t = setup();
    const server = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    t.cache.put({ server, ...T, body: PAGE, contentType: 'image/png', etag: '"old"', lastModified: null, fetchedAt: 0, freshUntil: Number.MAX_SAFE_INTEGER });
    t.answers.push(new TypeError('fetch failed'));
    const offline = await t.service.tile(T);
    expect(offline).toMatchObject({ status: 504, body: null });
    expect(t.calls[0].headers['if-none-match']).toBeUndefined();
    expect(t.cache.count).toBe(0);
  });
});

describe('tile service: redirects', () => {
  const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });

  it('follows a redirect within the tile server\'s origin, by hand', async () => {
    const t = setup();
    t.answers.push(redirect('/moved/12/772/1540.png', 301), png({ 'cache-control': 'max-age=60' }));
    expect(await t.service.tile(T)).toMatchObject({ status: 200, source: 'network' });
    expect(t.calls.map((c) => c.url)).toEqual(['https://tile.openstreetmap.org/12/772/1540.png', 'https://tile.openstreetmap.org/moved/12/772/1540.png']);
    expect(t.calls.every((c) => c.init.redirect === 'manual')).toBe(true);
  });

  it('refuses a redirect to another host, naming it, and asks nothing there', async () => {
    const t = setup();
    t.answers.push(redirect('http://127.0.0.1:9000/admin'));
    const answer = await t.service.tile(T);
    expect(answer).toMatchObject({ status: 502, body: null });
    expect(answer.message).toBe(
      'tile.openstreetmap.org redirected tile 12/772/1540 to another site (127.0.0.1:9000); Fleet Desk follows tile redirects only within the tile server.',
    );
    expect(t.calls).toHaveLength(1);
    expect(t.cache.count).toBe(0);
  });

  it('stops after 5 redirects (a loop asks 6 times, not 21)', async () => {
    const t = setup();
    for (let i = 0; i < 30; i++) t.answers.push(redirect('/12/772/1540.png'));
    const answer = await t.service.tile(T);
    expect(answer.status).toBe(502);
    expect(answer.message).toBe('tile.openstreetmap.org redirected tile 12/772/1540 more than 5 times; Fleet Desk stopped following.');
    expect(t.calls).toHaveLength(6);
  });
});

describe('tile service: the tile address rule', () => {
  it('fetches nothing for a template whose placeholders choose the port', async () => {
    const t = setup({ settings: { tileUrl: 'https://tile.example:{x}/{z}/{y}.png' } });
    const answer = await t.service.tile(T);
    expect(answer).toMatchObject({ status: 404, body: null });
    expect(answer.message).toMatch(/may stand only in the path or the query/);
    expect(t.calls).toHaveLength(0);
  });
});

describe('tile User-Agent', () => {
  it('names Fleet Desk and its version, with the operator contact when a usable one is set', () => {
    expect(tileUserAgent('0.1.0', 'ops@example.com')).toBe('FleetDesk/0.1.0 (+ops@example.com)');
    expect(tileUserAgent('0.1.0', 'https://example.com/contact')).toBe('FleetDesk/0.1.0 (+https://example.com/contact)');
    expect(tileUserAgent('0.1.0', undefined)).toBe('FleetDesk/0.1.0 (desktop fleet dispatch app)');
    expect(tileUserAgent('0.1.0', 'evil\r\nX-Injected: 1')).toBe('FleetDesk/0.1.0 (desktop fleet dispatch app)');
  });
});
