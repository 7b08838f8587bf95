/**
 * The whole sign-in against the demo service over real HTTP on 127.0.0.1: the
 * authorize page is driven like a browser would (load the page, submit its form,
 * follow the redirect to the loopback listener), then the token is used, refreshed
 * and revoked.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel, FleetEvents, SignInState } from '../../../../src-main/contract';
import { createAuthModule, type AuthModule } from '../../../../src-main/core/auth';
import { accounts, createTokenVault, type KeychainBackend } from '../../../../src-main/core/auth/token-vault';
import { createAuthHandlers } from '../../../../src-main/core/handlers/auth';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import { DEFAULT_AUTH_VARIANT, DEMO_CLIENT_ID, setAuthVariant, type AuthVariant } from '../../../../src-main/demo/auth/variant';
import { startDemoService, type DemoService } from '../../../../src-main/demo';

const clock = { t: Date.parse('2026-11-22T12:00:00Z') };
let service: DemoService;
let dir: string;
let auth: AuthModule;
let states: SignInState[];
let browserAnswer: 'approve' | 'deny';

/** A keychain that lives in this test only (the real one is tested in test/keychain). */
function memoryKeychain(): KeychainBackend {
  const m = new Map<string, string>();
  return {
    getPassword: async (s, a) => m.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void m.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => m.delete(`${s}/${a}`),
  };
}

/** What a browser does with the authorize URL: load the page, press a button, follow the redirect. */
async function browser(authorizeUrl: string): Promise<void> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = /<form method="post" action="([^"]+)">/.exec(html);
  const request = /name="request" value="([^"]+)"/.exec(html);
  expect(form && request).toBeTruthy();
  const button = new RegExp(`<button type="submit" id="${browserAnswer}" name="decision" value="([^"]+)"`).exec(html)!;
  const decision = await fetch(new URL(form![1], authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: request![1], decision: button[1] }),
    redirect: 'manual',
  });
  expect(decision.status).toBe(303);
  const callback = await fetch(decision.headers.get('location')!);
  await callback.text();
}

function handlers() {
  return createAuthHandlers({
    ctx: {
      emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
        if (name === 'auth:state') states.push(payload as SignInState);
      },
      platform: { shell: 'web', version: 'test', openExternal: browser },
    },
    ...auth,
  });
}

beforeAll(async () => {
  service = await startDemoService({ now: () => clock.t, assetCount: 12 });
});
afterAll(async () => {
  await service.close();
});
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-sign-in-'));
  setAuthVariant(service, DEFAULT_AUTH_VARIANT);
  browserAnswer = 'approve';
  states = [];
  auth = await createAuthModule({
    userDataDir: dir,
    env: {},
    vault: createTokenVault({ backend: memoryKeychain() }),
    // The client's clock stands still: expiry is seen only through the service's 401.
    now: () => clock.t,
    demo: {
      baseUrl: service.baseUrl,
      aempUrl: service.aempUrl,
      authorizeUrl: service.authorizeUrl,
      tokenUrl: service.tokenUrl,
      clientId: service.clientId,
      scopes: 'assets:read fleet:read',
    },
  });
});
afterEach(() => {
  auth.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const assetsUrl = () => `${service.baseUrl}/branch/current/assets`;

describe('sign-in against the demo service', () => {
  it('uses the client id the demo service announces', () => {
    expect(service.clientId).toBe(DEMO_CLIENT_ID);
  });

  it('signs in through the browser and reads the asset list with the token', async () => {
    const result = await handlers()['auth:signIn']('demo');
    expect(result).toEqual({ state: 'signed-in', profileId: 'demo' });
    expect(states.map((s) => s.state)).toEqual(['waiting-for-browser', 'exchanging', 'signed-in']);
    expect(auth.profiles.list().profiles[0].signedIn).toBe(true);
    const res = await createHttpClient(auth.activeTokenSource).get({ url: assetsUrl(), retries: 0 });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveLength(12);
    // Nothing secret went to disk.
    const token = (await auth.vault.get(accounts.access('demo')))!;
    expect(service.tokens.isValid(token)).toBe(true);
    const saved = (() => {
      try {
        return readFileSync(join(dir, 'profiles.json'), 'utf8');
      } catch {
        return '';
      }
    })();
    expect(saved).not.toContain(token);
  });

  it('reports a denial and stays signed out', async () => {
    browserAnswer = 'deny';
    const result = await handlers()['auth:signIn']('demo');
    expect(result).toMatchObject({ state: 'failed', error: { kind: 'auth-flow', message: 'Sign-in was denied in the browser.' } });
    expect(await auth.vault.get(accounts.access('demo'))).toBeNull();
  });

  const variants: [string, Partial<AuthVariant>][] = [
    ['token_type, expires_in, refresh_token', {}],
    ['"type" instead of token_type, expires_in as a string', { tokenTypeKey: 'type', numbersAsStrings: true }],
    ['no type, no expiry, no refresh token (long-lived)', { tokenTypeKey: 'none', expiresInSec: null, withRefresh: false }],
    ['grant_type not required', { requireGrantType: false }],
  ];
  it.each(variants)('accepts the token response variant: %s', async (_name, variant) => {
    setAuthVariant(service, variant);
    expect(await handlers()['auth:signIn']('demo')).toEqual({ state: 'signed-in', profileId: 'demo' });
    const res = await createHttpClient(auth.activeTokenSource).get({ url: assetsUrl(), retries: 0 });
    expect(res.status).toBe(200);
    expect(await auth.vault.get(accounts.refresh('demo'))).toEqual(variant.withRefresh === false ? null : expect.stringMatching(/^fd_rt_/));
    const lifetime = variant.expiresInSec === undefined ? DEFAULT_AUTH_VARIANT.expiresInSec : variant.expiresInSec;
    expect(auth.sessions.get('demo').expiresAt).toBe(lifetime === null ? null : clock.t + lifetime * 1000);
  });

  it('sends the client secret when the profile has one and the service asks for it', async () => {
    setAuthVariant(service, { requireSecret: 'demo-client-secret' });
    const h = handlers();
    const id = await h['profiles:save']({
      name: 'Demo with secret',
      baseUrl: service.baseUrl,
      aempUrl: service.aempUrl,
      authorizeUrl: service.authorizeUrl,
      tokenUrl: service.tokenUrl,
      clientId: service.clientId,
      clientSecret: 'demo-client-secret',
      scopes: '',
    });
    expect(await h['auth:signIn'](id)).toEqual({ state: 'signed-in', profileId: id });
    expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).not.toContain('demo-client-secret');

    // A profile as saved carries fields of its own (builtIn, signedIn, …) that a save does not take.
    const { baseUrl, aempUrl, authorizeUrl, tokenUrl, clientId, scopes } = auth.profiles.require(id);
    const wrong = await h['profiles:save']({ name: 'Wrong secret', baseUrl, aempUrl, authorizeUrl, tokenUrl, clientId, scopes, clientSecret: 'not-the-secret' });
    expect(await h['auth:signIn'](wrong)).toMatchObject({ state: 'failed', error: { kind: 'unauthorized', message: expect.stringContaining('invalid_client') } });
  });

  it('refreshes once on 401 when the access token expired', async () => {
    setAuthVariant(service, { expiresInSec: 600 });
    await handlers()['auth:signIn']('demo');
    const first = (await auth.vault.get(accounts.access('demo')))!;
    clock.t += 601_000; // the service's clock: the token has run out
    const res = await createHttpClient(auth.activeTokenSource).get({ url: assetsUrl(), retries: 0 });
    expect(res.status).toBe(200);
    const second = (await auth.vault.get(accounts.access('demo')))!;
    expect(second).not.toBe(first);
    expect(service.tokens.isValid(second)).toBe(true);
    expect(auth.profiles.list().profiles[0].signedIn).toBe(true);
  });

  it('marks the profile signed out when the token was revoked', async () => {
    await handlers()['auth:signIn']('demo');
    service.tokens.revoke((await auth.vault.get(accounts.access('demo')))!);
    await expect(createHttpClient(auth.activeTokenSource).get({ url: assetsUrl(), retries: 0 })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(auth.profiles.list().profiles[0].signedIn).toBe(false);
    expect(await auth.vault.get(accounts.access('demo'))).toBeNull();
  });

  it('tests a pasted token before keeping it', async () => {
    const h = handlers();
    const refused = await h['auth:pasteToken']('demo', 'fd_at_not-a-real-token');
    expect(refused.ok).toBe(false);
    expect(await auth.vault.get(accounts.access('demo'))).toBeNull();
    const accepted = await h['auth:pasteToken']('demo', service.demoToken);
    expect(accepted).toEqual({ ok: true, message: 'Connected: 12 assets in this branch.', assetCount: 12 });
    expect(await auth.vault.get(accounts.access('demo'))).toBe(service.demoToken);
  });

  it('tests a profile before it is saved', async () => {
    const h = handlers();
    const input = { name: 'Candidate', baseUrl: service.baseUrl, aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' };
    expect(await h['profiles:test'](input)).toMatchObject({ ok: true, message: expect.stringContaining('Sign in or paste a token') });
    expect(await h['profiles:test']({ ...input, baseUrl: `${service.origin}/nothing/v1` })).toMatchObject({ ok: false, message: expect.stringContaining('404') });
    expect(await h['profiles:test']({ ...input, baseUrl: 'http://127.0.0.1:9/v1' })).toMatchObject({ ok: false, message: expect.stringContaining('Could not reach') });
  });
});
