import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pkceChallenge } from '../../../../src-main/core/auth/oauth';
import type { DemoContext } from '../../../../src-main/demo/context';
import { handleAuthRequest } from '../../../../src-main/demo/auth/routes';
import { DEFAULT_AUTH_VARIANT, DEMO_CLIENT_ID, setAuthVariant } from '../../../../src-main/demo/auth/variant';
import { sendJsonBody } from '../../../../src-main/demo/respond';
import { TokenBook } from '../../../../src-main/demo/tokens';

const clock = { t: 1_000_000 };
const tokens = new TokenBook(() => clock.t);
const demo = {
  origin: '',
  tokens,
  now: () => clock.t,
  sendJson: (res, status, body, headers) => sendJsonBody(res, status, body, null, headers),
} as Partial<DemoContext> as DemoContext;

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!handleAuthRequest(req, res, url, demo)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  setAuthVariant(demo, DEFAULT_AUTH_VARIANT);
});

const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const redirectUri = 'http://127.0.0.1:53682/callback';

function authorizeUrl(patch: Record<string, string | null> = {}): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: DEMO_CLIENT_ID,
    redirect_uri: redirectUri,
    state: 'state-1',
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: 'S256',
    scope: 'assets:read fleet:read',
  });
  for (const [k, v] of Object.entries(patch)) if (v === null) q.delete(k);
  else q.set(k, v);
  return `${origin}/oauth/authorize?${q}`;
}

/** Loads the consent page and submits its form like a browser; returns the redirect target. */
async function decide(decision: 'approve' | 'deny', url = authorizeUrl()): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const request = /name="request" value="([^"]+)"/.exec(html)![1];
  expect(html).toMatch(new RegExp(`id="${decision}"`));
  const res = await fetch(`${origin}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, decision }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

async function token(form: Record<string, string>) {
  const res = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function approvedCode(): Promise<string> {
  const back = await decide('approve');
  return back.searchParams.get('code')!;
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: DEMO_CLIENT_ID, code_verifier: verifier, ...extra });

describe('demo authorize page', () => {
  it('shows the app, scopes and accessible Approve / Deny buttons', async () => {
    const html = await (await fetch(authorizeUrl())).text();
    expect(html).toContain('Fleet Desk');
    expect(html).toContain('<li>assets:read</li>');
    expect(html).toMatch(/<button type="submit" id="approve"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button type="submit" id="deny"[^>]*>Deny<\/button>/);
    expect(html).toContain('<html lang="en">');
  });

  it('redirects back with code and state on approve', async () => {
    const back = await decide('approve');
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('redirects back with access_denied on deny', async () => {
    const back = await decide('deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it.each([
    [{ client_id: 'someone-else' }, 'Unknown application'],
    [{ redirect_uri: 'https://evil.example.com/callback' }, 'Invalid redirect address'],
    [{ redirect_uri: 'http://localhost:8080/callback' }, 'Invalid redirect address'],
    [{ redirect_uri: null }, 'Invalid redirect address'],
  ])('answers a clear 400 page for %j', async (patch, title) => {
    const res = await fetch(authorizeUrl(patch), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(title);
  });

  it('refuses a decision for an unknown request', async () => {
    const res = await fetch(`${origin}/oauth/authorize`, { method: 'POST', body: new URLSearchParams({ request: 'nope', decision: 'approve' }), redirect: 'manual' });
    expect(res.status).toBe(400);
  });
});

describe('demo token endpoint', () => {
  it('exchanges a code once, checking PKCE, and answers the default variant', async () => {
    const code = await approvedCode();
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.isValid(first.json.access_token as string)).toBe(true);
    expect(typeof first.json.refresh_token).toBe('string');
    const again = await exchange(code);
    expect(again).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('rejects a wrong verifier, a wrong redirect URI and an expired code', async () => {
    expect(await exchange(await approvedCode(), { code_verifier: 'x'.repeat(43) })).toMatchObject({ status: 400, json: { error: 'invalid_grant', error_description: expect.stringContaining('PKCE') } });
    expect(await exchange(await approvedCode(), { redirect_uri: 'http://127.0.0.1:1/callback' })).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    const code = await approvedCode();
    clock.t += 61_000;
    expect(await exchange(code)).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('checks the client id and, when configured, the secret', async () => {
    expect(await exchange(await approvedCode(), { client_id: 'other' })).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    setAuthVariant(demo, { requireSecret: 'demo-secret' });
    expect(await exchange(await approvedCode())).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    expect((await exchange(await approvedCode(), { client_secret: 'demo-secret' })).status).toBe(200);
  });

  it('requires grant_type unless configured not to', async () => {
    const code = await approvedCode();
    const noGrant = { code, redirect_uri: redirectUri, client_id: DEMO_CLIENT_ID, code_verifier: verifier };
    expect(await token(noGrant)).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    setAuthVariant(demo, { requireGrantType: false });
    expect((await token({ ...noGrant, code: await approvedCode() })).status).toBe(200);
  });

  it.each([
    [{ tokenTypeKey: 'type' as const, expiresInSec: 600, numbersAsStrings: true }, { type: 'Bearer', expires_in: '600' }, ['token_type']],
    [{ tokenTypeKey: 'none' as const, expiresInSec: null, withRefresh: false }, {}, ['token_type', 'type', 'expires_in', 'refresh_token']],
  ])('answers the variant %j', async (variant, present, absent) => {
    setAuthVariant(demo, variant);
    const { status, json } = await exchange(await approvedCode());
    expect(status).toBe(200);
    expect(json).toMatchObject(present);
    for (const key of absent) expect(json).not.toHaveProperty(key);
  });

  it('refreshes with rotation and refuses a used refresh token', async () => {
    const { json } = await exchange(await approvedCode());
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: json.refresh_token as string, client_id: DEMO_CLIENT_ID });
    expect(refreshed.status).toBe(200);
    expect(tokens.isValid(json.access_token as string)).toBe(false);
    expect(tokens.isValid(refreshed.json.access_token as string)).toBe(true);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: json.refresh_token as string, client_id: DEMO_CLIENT_ID });
    expect(reused).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('refuses other grant types and GET', async () => {
    expect(await token({ grant_type: 'password', client_id: DEMO_CLIENT_ID })).toMatchObject({ status: 400, json: { error: 'unsupported_grant_type' } });
    expect((await fetch(`${origin}/oauth/token`)).status).toBe(405);
  });

  it('revokes tokens', async () => {
    const { json } = await exchange(await approvedCode());
    await fetch(`${origin}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token: json.access_token as string }) });
    expect(tokens.isValid(json.access_token as string)).toBe(false);
  });
});
