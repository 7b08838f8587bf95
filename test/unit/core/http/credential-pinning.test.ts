/**
 * Credentials pinned, redirects checked: the HTTP client attaches the token only to the origins its
 * token source names, and follows redirects itself: same origin with the token (a few
 * times at most), another origin never. The fake fetch below behaves like the real one
 * when asked to follow redirects itself, so putting `redirect: 'follow'` back makes
 * these tests fail.
 */
import { describe, expect, it } from 'vitest';
import { createHttpClient, MAX_REDIRECTS } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import { boundedSleep } from './bounded-fakes';
import { failure } from '../../../fixtures/failure';

const TOKEN = 'tok-pinned-abcdef123456';
const BASE = 'https://api.fleet.example/v1';
const AEMP = 'https://aemp.fleet.example:8443/aemp';

interface Seen {
  url: string;
  authorization: string | null;
  redirect: RequestRedirect | undefined;
}

type Route = (url: URL) => Response;

/** Answers by URL; follows redirects itself unless told `redirect: 'manual'`, as fetch does. */
function fakeFetch(routes: Record<string, Route>) {
  const seen: Seen[] = [];
  const answer = (url: string, init: RequestInit): Response => {
    // A client that follows redirects without end fails here instead of hanging.
    if (seen.length >= 200) throw new Error('more than 200 requests: a redirect or retry loop');
    const headers = new Headers(init.headers);
    seen.push({ url, authorization: headers.get('authorization'), redirect: init.redirect });
    const route = routes[url];
    return route ? route(new URL(url)) : new Response('{"message":"nothing here"}', { status: 404 });
  };
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    let url = String(input);
    for (let hops = 0; hops < 20; hops++) {
      const res = answer(url, init);
      const location = res.headers.get('location');
      if (init.redirect === 'manual' || res.status < 300 || res.status >= 400 || !location) return res;
      url = new URL(location, url).href; // what fetch's own following would do (keeping the header)
    }
    throw new TypeError('redirect loop');
  };
  return { fetch: fetchImpl as typeof fetch, seen };
}

const ok = (body: unknown = []) => () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const redirect = (status: number, location: string) => () => new Response(null, { status, headers: { location } });

function client(routes: Record<string, Route>, origins: string[] = [BASE, AEMP]) {
  const fake = fakeFetch(routes);
  const source = pinTokenSource({ getToken: async () => TOKEN, handleUnauthorized: async () => false }, origins);
  const http = createHttpClient(source, { fetch: fake.fetch, sleep: boundedSleep().sleep });
  return { http, seen: fake.seen };
}

describe('credentials pinned to the profile origins', () => {
  it('attaches the token to the base-URL origin and the AEMP-URL origin', async () => {
    const { http, seen } = client({ [`${BASE}/branch/current/assets`]: ok(), [`${AEMP}/api/v2/Fleet/1`]: ok({}) });
    await http.get({ url: `${BASE}/branch/current/assets` });
    await http.get({ url: `${AEMP}/api/v2/Fleet/1` });
    expect(seen.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it.each([
    ['another host', 'https://evil.example/v1/branch/current/assets', 'evil.example'],
    ['a sub-domain of the service', 'https://x.api.fleet.example/v1/assets', 'x.api.fleet.example'],
    ['the same host over http', 'http://api.fleet.example/v1/branch/current/assets', 'api.fleet.example'],
    ['the same host on another port', 'https://api.fleet.example:444/v1/branch/current/assets', 'api.fleet.example:444'],
    ['a look-alike prefix', 'https://api.fleet.example.evil.example/v1', 'api.fleet.example.evil.example'],
  ])('refuses %s, naming it, and sends nothing', async (_what, url, host) => {
    const { http, seen } = client({ [url]: ok() });
    const err = await failure(http.get({ url }));
    expect(err.message).toContain(host);
    expect(err.message).toMatch(/not send|not sent|sign-in/i);
    expect(seen).toHaveLength(0);
  });

  it('reads the allowed origins at every request (a profile switch re-pins at once)', async () => {
    const fake = fakeFetch({ [`${BASE}/branch/current/assets`]: ok() });
    let origins = [new URL(BASE).origin];
    const source = { getToken: async () => TOKEN, handleUnauthorized: async () => false, allowedOrigins: () => origins };
    const http = createHttpClient(source, { fetch: fake.fetch });
    await http.get({ url: `${BASE}/branch/current/assets` });
    origins = ['https://other.example'];
    await failure(http.get({ url: `${BASE}/branch/current/assets` }));
    expect(fake.seen).toHaveLength(1);
  });

  it('refuses everything when the token source names no origin', async () => {
    const { http, seen } = client({ [`${BASE}/x`]: ok() }, []);
    await failure(http.get({ url: `${BASE}/x` }));
    expect(seen).toHaveLength(0);
  });
});

describe('redirects', () => {
  it('asks fetch not to follow redirects itself', async () => {
    const { http, seen } = client({ [`${BASE}/a`]: ok() });
    await http.get({ url: `${BASE}/a` });
    expect(seen[0].redirect).toBe('manual');
  });

  it.each([301, 302, 303, 307, 308])('follows a same-origin %i with the token and answers from the new address', async (status) => {
    const { http, seen } = client({ [`${BASE}/old`]: redirect(status, '/v1/new?x=1'), [`${BASE}/new?x=1`]: ok([1]) });
    const res = await http.get({ url: `${BASE}/old` });
    expect(res.status).toBe(200);
    expect(res.body).toBe('[1]');
    expect(res.url).toBe(`${BASE}/new?x=1`);
    expect(seen.map((s) => [s.url, s.authorization])).toEqual([
      [`${BASE}/old`, `Bearer ${TOKEN}`],
      [`${BASE}/new?x=1`, `Bearer ${TOKEN}`],
    ]);
  });

  it.each([
    ['another host', 'https://collector.evil.example/steal', 'collector.evil.example'],
    ['http on the same host', 'http://api.fleet.example/v1/new', 'api.fleet.example'],
    ['another port', 'https://api.fleet.example:9999/v1/new', 'api.fleet.example:9999'],
    // Allowed for requests of its own, but a redirect leaves the origin it was sent to.
    ['the AEMP origin', `${AEMP}/api/v2/Fleet/1`, 'aemp.fleet.example:8443'],
  ])('refuses a redirect to %s, naming it, and never contacts it', async (_what, target, host) => {
    const { http, seen } = client({ [`${BASE}/old`]: redirect(302, target), [target]: ok(['stolen']) });
    const err = await failure(http.get({ url: `${BASE}/old` }));
    expect(err.message).toContain(host);
    expect(err.message).toMatch(/redirect/i);
    expect(err.message).not.toContain(TOKEN);
    expect(seen.map((s) => s.url)).toEqual([`${BASE}/old`]);
  });

  it(`stops after ${MAX_REDIRECTS} same-origin redirects`, async () => {
    const routes: Record<string, Route> = {};
    for (let i = 0; i < 50; i++) routes[`${BASE}/r${i}`] = redirect(302, `/v1/r${i + 1}`);
    const { http, seen } = client(routes);
    const err = await failure(http.get({ url: `${BASE}/r0` }));
    expect(err.message).toMatch(/redirect/i);
    expect(seen).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('does not retry a refused redirect', async () => {
    const { http, seen } = client({ [`${BASE}/old`]: redirect(307, 'https://evil.example/') });
    await failure(http.get({ url: `${BASE}/old`, retries: 3 }));
    expect(seen).toHaveLength(1);
  });

  it('treats a redirect without a Location as an error naming the endpoint', async () => {
    const { http } = client({ [`${BASE}/old`]: () => new Response(null, { status: 302 }) });
    const err = await failure(http.get({ url: `${BASE}/old` }));
    expect(err.message).toContain('/v1/old');
  });
});
