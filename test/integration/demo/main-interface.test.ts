import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';

let demo: DemoService;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  demo = await startDemoService({ seed: 42 });
});
afterAll(async () => {
  await demo.close();
});

async function get(path: string, token: string | null = demo.demoToken, init: RequestInit = {}) {
  const res = await fetch(`${demo.baseUrl}${path}`, { ...init, headers: token ? auth(token) : {} });
  const text = await res.text();
  return { res, text, json: () => JSON.parse(text) as unknown };
}

describe('demo service main interface', () => {
  it('binds 127.0.0.1 and publishes its URLs', () => {
    expect(demo.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.baseUrl).toBe(`${demo.origin}/v1`);
    expect(demo.aempUrl).toBe(`${demo.origin}/aemp`);
    expect(demo.authorizeUrl).toBe(`${demo.origin}/oauth/authorize`);
    expect(demo.tokenUrl).toBe(`${demo.origin}/oauth/token`);
    expect(demo.tileUrl).toBe(`${demo.origin}/tiles/{z}/{x}/{y}.png`);
    expect(demo.clientId).toBe('fleet-desk-demo');
  });

  it('lists the branch assets as JSON', async () => {
    const { res, json } = await get('/branch/current/assets');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const assets = json() as { assetId: string; urls: Record<string, string>; metrics: unknown }[];
    expect(assets).toHaveLength(60);
    expect(assets[0].assetId).toBe('thing:1');
    expect(Object.values(assets[0].urls)[0]).toContain(`${demo.origin}/embed/auth?req=`);
  });

  it('answers the branch embed URL with mapEmbed only', async () => {
    const { res, json } = await get('/branch/current/urls');
    expect(res.status).toBe(200);
    const body = json() as Record<string, string>;
    expect(Object.keys(body)).toEqual(['mapEmbed']);
    const url = new URL(body.mapEmbed);
    expect(url.searchParams.get('req')).toBe('/embed/map');
    expect(url.searchParams.get('jws')?.split('.')).toHaveLength(3);
  });

  it('answers a subset embed URL with the ids in the fragment', async () => {
    const { res, json } = await get('/branch/current/batch/assetUrls?assets=thing:1,thing:2,area:1');
    expect(res.status).toBe(200);
    const url = new URL((json() as { mapEmbed: string }).mapEmbed);
    expect(url.searchParams.get('req')).toBe('/embed/map#assets=thing:1,thing:2,area:1');
  });

  it('rejects a missing, empty or malformed assets parameter with 400', async () => {
    for (const query of ['', '?assets=', '?assets=thing:1,,thing:2', '?assets=truck:4', '?assets=thing:x']) {
      const { res, json } = await get(`/branch/current/batch/assetUrls${query}`);
      expect(res.status, query).toBe(400);
      const body = json() as { error: string; message: string };
      expect(body.error).toBe('invalid_request');
      expect(body.message.length).toBeGreaterThan(10);
    }
    const { json } = await get('/branch/current/batch/assetUrls?assets=truck:4');
    expect((json() as { message: string }).message).toContain('"truck:4"');
  });

  it('names unknown ids in a 404', async () => {
    const { res, json } = await get('/branch/current/batch/assetUrls?assets=thing:1,thing:99999,area:777');
    expect(res.status).toBe(404);
    expect((json() as { message: string }).message).toContain('thing:99999, area:777');
  });

  it('refuses over-long request URLs with 414', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `thing:${i + 1}`).join(',');
    const { res, json } = await get(`/branch/current/batch/assetUrls?assets=${ids}`);
    expect(res.status).toBe(414);
    expect((json() as { error: string }).error).toBe('uri_too_long');
  });

  it('needs a valid bearer token on every endpoint', async () => {
    for (const path of ['/branch/current/assets', '/branch/current/urls', '/branch/current/batch/assetUrls?assets=thing:1']) {
      const missing = await get(path, null);
      expect(missing.res.status, path).toBe(401);
      expect(missing.res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(missing.json()).toMatchObject({ error: 'unauthorized' });
      const bad = await get(path, 'not-a-real-token');
      expect(bad.res.status, path).toBe(401);
      expect(bad.json()).toMatchObject({ error: 'invalid_token' });
    }
    const wrongScheme = await fetch(`${demo.baseUrl}/branch/current/urls`, { headers: { authorization: `Basic ${demo.demoToken}` } });
    expect(wrongScheme.status).toBe(401);
  });

  it('refuses revoked and expired tokens', async () => {
    const revoked = demo.tokens.issue();
    expect((await get('/branch/current/urls', revoked.accessToken)).res.status).toBe(200);
    demo.tokens.revoke(revoked.accessToken);
    expect((await get('/branch/current/urls', revoked.accessToken)).res.status).toBe(401);
    const expired = demo.tokens.issue({ ttlSec: 0 });
    expect((await get('/branch/current/urls', expired.accessToken)).res.status).toBe(401);
  });

  it('answers unknown paths with a JSON 404 and other methods with 405', async () => {
    const unknown = await get('/branch/current/nothing');
    expect(unknown.res.status).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    const outside = await fetch(`${demo.origin}/v2/whatever`);
    expect(outside.status).toBe(404);
    const post = await get('/branch/current/assets', demo.demoToken, { method: 'POST' });
    expect(post.res.status).toBe(405);
    expect(post.res.headers.get('allow')).toBe('GET');
  });

  it('records recent requests for tests', async () => {
    demo.controls.clearRequests();
    await get('/branch/current/urls');
    await get('/branch/current/urls', null);
    expect(demo.controls.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/v1/branch/current/urls', 200],
      ['GET', '/v1/branch/current/urls', 401],
    ]);
  });
});

describe('demo service with a revoked demo token', () => {
  it('answers 401 after revokeAll', async () => {
    const other = await startDemoService({ seed: 1, assetCount: 5 });
    try {
      expect((await fetch(`${other.baseUrl}/branch/current/urls`, { headers: auth(other.demoToken) })).status).toBe(200);
      other.tokens.revokeAll();
      expect((await fetch(`${other.baseUrl}/branch/current/urls`, { headers: auth(other.demoToken) })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('serves a large fleet (5 000 assets; benchmarks use 50 000)', async () => {
    const big = await startDemoService({ assetCount: 5_000 });
    try {
      const res = await fetch(`${big.baseUrl}/branch/current/assets`, { headers: auth(big.demoToken) });
      expect(res.status).toBe(200);
      const list = (await res.json()) as { assetId: string }[];
      expect(list).toHaveLength(5_000);
      expect(new Set(list.map((a) => a.assetId)).size).toBe(5_000);
    } finally {
      await big.close();
    }
  });
});
