import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';

let demo: DemoService;
let clock = Date.UTC(2026, 2, 10, 18, 0);
const SESSION_SECONDS = 5;

beforeAll(async () => {
  demo = await startDemoService({ embedSessionSeconds: SESSION_SECONDS, now: () => clock });
});
afterAll(async () => {
  await demo.close();
});

async function embedUrl(path: string): Promise<string> {
  const res = await fetch(`${demo.baseUrl}${path}`, { headers: { authorization: `Bearer ${demo.demoToken}` } });
  return ((await res.json()) as { mapEmbed: string }).mapEmbed;
}

async function open(url: string): Promise<{ status: number; location: string | null; cookie: string | null; text: string; csp: string | null }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), cookie: res.headers.get('set-cookie'), text: await res.text(), csp: res.headers.get('content-security-policy') };
}

function sessionCookie(setCookie: string): string {
  return setCookie.split(';')[0];
}

async function data(cookie: string | null) {
  const res = await fetch(`${demo.origin}/embed/data`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as { view?: { kind: string; assetIds: string[] }; assets?: { assetId: string; lat: number; lng: number }[]; error?: string } };
}

describe('demo embed sessions', () => {
  it('opens a subset URL: HttpOnly SameSite=Lax cookie and a redirect to the view', async () => {
    const opened = await open(await embedUrl('/branch/current/batch/assetUrls?assets=thing:1,thing:2'));
    expect(opened.status).toBe(302);
    expect(opened.location).toBe('/embed/map#assets=thing:1,thing:2');
    expect(opened.cookie).toMatch(/^fd_embed=[A-Za-z0-9_-]+;/);
    expect(opened.cookie).toContain('HttpOnly');
    expect(opened.cookie).toContain('SameSite=Lax');
    expect(opened.cookie).toContain(`Max-Age=${SESSION_SECONDS}`);
    const { status, body } = await data(sessionCookie(opened.cookie!));
    expect(status).toBe(200);
    expect(body.view).toEqual({ kind: 'subset', assetIds: ['thing:1', 'thing:2'] });
    expect(body.assets!.map((a) => a.assetId)).toEqual(['thing:1', 'thing:2']);
  });

  it('scopes branch and focused sessions', async () => {
    const branch = await open(await embedUrl('/branch/current/urls'));
    expect(branch.location).toBe('/embed/map');
    const all = await data(sessionCookie(branch.cookie!));
    expect(all.body.assets!.length).toBeGreaterThan(40);

    const assetsRes = await fetch(`${demo.baseUrl}/branch/current/assets`, { headers: { authorization: `Bearer ${demo.demoToken}` } });
    const list = (await assetsRes.json()) as { assetId: string; urls: Record<string, string> }[];
    const focused = await open(Object.values(list[2].urls)[0]);
    expect(focused.location).toBe(`/embed/map#focus=${list[2].assetId}`);
    const one = await data(sessionCookie(focused.cookie!));
    expect(one.body.view).toEqual({ kind: 'focus', assetIds: [list[2].assetId] });
  });

  it('serves the map page with a self-only CSP, local Leaflet and no inline script', async () => {
    const page = await open(`${demo.origin}/embed/map`);
    expect(page.status).toBe(200);
    expect(page.csp).toContain("default-src 'self'");
    expect(page.csp).toContain("script-src 'self'");
    expect(page.text).toContain('src="/embed/static/leaflet/leaflet.js"');
    expect(page.text).not.toMatch(/<script>[^<]/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const leaflet = await fetch(`${demo.origin}/embed/static/leaflet/leaflet.js`);
    expect(leaflet.status).toBe(200);
    expect(leaflet.headers.get('content-type')).toMatch(/javascript/);
    expect(await leaflet.text()).toContain('Leaflet');
    const css = await fetch(`${demo.origin}/embed/static/leaflet/leaflet.css`);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    const script = await (await fetch(`${demo.origin}/embed/static/map.js`)).text();
    expect(script).toContain("postMessage({ type: 'fleet-embed-expired' }, '*')");
    expect(script).toContain('Map session expired');
    expect((await fetch(`${demo.origin}/embed/static/leaflet/../../../package.json`)).status).toBe(404);
  });

  it('refuses a forged or tampered JWS with the session-expired page', async () => {
    const url = new URL(await embedUrl('/branch/current/urls'));
    const jws = url.searchParams.get('jws')!;
    const forged = new URL(url);
    forged.searchParams.set('jws', `${jws.slice(0, -4)}AAAA`);
    const a = await open(forged.toString());
    expect(a.status).toBe(401);
    expect(a.cookie).toBeNull();
    expect(a.text).toContain('Map session expired — request a new map');

    const otherView = new URL(url);
    otherView.searchParams.set('req', '/embed/map#assets=thing:3');
    const b = await open(otherView.toString());
    expect(b.status).toBe(401);
    expect(b.cookie).toBeNull();

    const missing = await open(`${demo.origin}/embed/auth?req=%2Fembed%2Fmap`);
    expect(missing.status).toBe(401);
  });

  it('refuses a URL opened after its JWS expired (one hour)', async () => {
    const url = await embedUrl('/branch/current/urls');
    clock += 3601_000;
    const late = await open(url);
    expect(late.status).toBe(401);
    expect(late.text).toContain('expired');
  });

  it('ends the cookie session after embedSessionSeconds on the service clock', async () => {
    const opened = await open(await embedUrl('/branch/current/urls'));
    const cookie = sessionCookie(opened.cookie!);
    clock += (SESSION_SECONDS - 1) * 1000;
    expect((await data(cookie)).status).toBe(200);
    clock += 1000;
    const after = await data(cookie);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('session_expired');
    expect((await data(null)).status).toBe(401);
    expect((await data('fd_embed=made-up')).status).toBe(401);
  });
});
