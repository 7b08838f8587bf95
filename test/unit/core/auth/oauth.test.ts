import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FleetError, scrubSecrets } from '../../../../src-main/core/errors';
import {
  buildAuthorizeUrl,
  createPkce,
  createState,
  exchangeCode,
  MESSAGES,
  parseTokenResponse,
  pkceChallenge,
  refreshTokens,
  startLoopbackListener,
  type FetchLike,
  type LoopbackListener,
} from '../../../../src-main/core/auth/oauth';

describe('PKCE and state', () => {
  it('computes the S256 challenge of the RFC 7636 appendix B example', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('creates verifiers of allowed characters and length, each with its own challenge', () => {
    const a = createPkce();
    const b = createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(a.challenge).toBe(pkceChallenge(a.verifier));
    expect(a.verifier).not.toBe(b.verifier);
  });

  it('creates unguessable, URL-safe state values', () => {
    const s = createState();
    expect(s).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(createState()).not.toBe(s);
  });
});

describe('authorize URL', () => {
  it('carries every parameter and keeps existing query parameters', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeUrl: 'https://auth.example.com/oauth/authorize?tenant=7',
        clientId: 'fleet desk',
        redirectUri: 'http://127.0.0.1:5555/callback',
        state: 'st4te',
        codeChallenge: 'chal',
        scopes: ' assets:read fleet:read ',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.example.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: '7',
      response_type: 'code',
      client_id: 'fleet desk',
      redirect_uri: 'http://127.0.0.1:5555/callback',
      state: 'st4te',
      code_challenge: 'chal',
      code_challenge_method: 'S256',
      scope: 'assets:read fleet:read',
    });
  });

  it('refuses URLs that are not http(s)', () => {
    const base = { clientId: 'c', redirectUri: 'http://127.0.0.1:1/callback', state: 's', codeChallenge: 'c', scopes: '' };
    expect(() => buildAuthorizeUrl({ ...base, authorizeUrl: 'javascript:alert(1)' })).toThrow(FleetError);
    expect(() => buildAuthorizeUrl({ ...base, authorizeUrl: 'not a url' })).toThrow(/not a valid URL/);
  });
});

describe('loopback listener', () => {
  let listener: LoopbackListener | null = null;
  afterEach(async () => {
    listener?.cancel();
    await listener?.closed;
    listener = null;
  });

  async function hit(path: string) {
    const res = await fetch(listener!.redirectUri.replace('/callback', path));
    return { status: res.status, text: await res.text() };
  }

  it('listens on 127.0.0.1 and accepts exactly one valid callback', async () => {
    listener = await startLoopbackListener({ state: 'good-state', timeoutMs: 60_000 });
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const first = await hit('/callback?code=the-code-1&state=good-state');
    expect(first.status).toBe(200);
    expect(first.text).toContain('Signed in — you can close this tab and return to Fleet Desk');
    await expect(listener.code).resolves.toBe('the-code-1');
    await listener.closed;
    await expect(fetch(listener.redirectUri + '?code=x&state=good-state')).rejects.toThrow();
  });

  it('ignores other paths without settling', async () => {
    listener = await startLoopbackListener({ state: 's1', timeoutMs: 60_000 });
    expect((await hit('/favicon.ico')).status).toBe(404);
    const r = await hit('/callback?code=c2&state=s1');
    expect(r.status).toBe(200);
    await expect(listener.code).resolves.toBe('c2');
  });

  it('fails clearly on a state mismatch and shows an error page', async () => {
    listener = await startLoopbackListener({ state: 'expected', timeoutMs: 60_000 });
    const r = await hit('/callback?code=c&state=forged');
    expect(r.status).toBe(400);
    expect(r.text).toContain('state mismatch');
    await expect(listener.code).rejects.toMatchObject({ kind: 'auth-flow', message: MESSAGES.stateMismatch });
    await listener.closed;
  });

  it('reports a denial', async () => {
    listener = await startLoopbackListener({ state: 'st', timeoutMs: 60_000 });
    await hit('/callback?error=access_denied&state=st');
    await expect(listener.code).rejects.toMatchObject({ kind: 'auth-flow', message: expect.stringContaining('Sign-in was denied in the browser') });
  });

  it('times out and closes the port', async () => {
    listener = await startLoopbackListener({ state: 'st', timeoutMs: 20 });
    await expect(listener.code).rejects.toMatchObject({ kind: 'timeout' });
    await listener.closed;
  });

  it('can be cancelled at any moment, closing the port', async () => {
    listener = await startLoopbackListener({ state: 'st', timeoutMs: 60_000 });
    const uri = listener.redirectUri;
    listener.cancel();
    await expect(listener.code).rejects.toMatchObject({ kind: 'cancelled' });
    await listener.closed;
    await expect(fetch(`${uri}?code=c&state=st`)).rejects.toThrow();
  });
});

describe('parseTokenResponse', () => {
  it.each([
    [{ access_token: 'tok-123456', token_type: 'Bearer', expires_in: 3600, refresh_token: 'ref-123456' }, { accessToken: 'tok-123456', tokenType: 'Bearer', expiresInSec: 3600, refreshToken: 'ref-123456' }],
    [{ access_token: 'tok-123456', type: 'bearer', expires_in: '7200' }, { accessToken: 'tok-123456', tokenType: 'bearer', expiresInSec: 7200, refreshToken: null }],
    [{ access_token: 'tok-123456' }, { accessToken: 'tok-123456', tokenType: null, expiresInSec: null, refreshToken: null }],
    [{ access_token: 'tok-123456', expires_in: null, refresh_token: null, scope: 'x' }, { accessToken: 'tok-123456', tokenType: null, expiresInSec: null, refreshToken: null }],
  ])('accepts the variant %j', (json, expected) => {
    expect(parseTokenResponse(json)).toEqual(expected);
  });

  it('rejects junk with the JSON path', () => {
    expect(() => parseTokenResponse('hello')).toThrow(expect.objectContaining({ kind: 'bad-payload', path: '$' }));
    expect(() => parseTokenResponse({ token: 'x' })).toThrow(expect.objectContaining({ kind: 'bad-payload', path: '$.access_token' }));
    expect(() => parseTokenResponse({ access_token: '' })).toThrow(expect.objectContaining({ path: '$.access_token' }));
    expect(() => parseTokenResponse({ access_token: 'abc', expires_in: 'soon' })).toThrow(expect.objectContaining({ path: '$.expires_in' }));
    expect(() => parseTokenResponse({ access_token: 'abc', expires_in: -5 })).toThrow(expect.objectContaining({ path: '$.expires_in' }));
  });

  it('reports an OAuth error answer as a sign-in failure', () => {
    expect(() => parseTokenResponse({ error: 'invalid_grant', error_description: 'code used' })).toThrow(
      expect.objectContaining({ kind: 'auth-flow', message: expect.stringContaining('invalid_grant: code used') }),
    );
  });

  it('registers the tokens it read so logs are scrubbed', () => {
    parseTokenResponse({ access_token: 'very-secret-access-1', refresh_token: 'very-secret-refresh-1' });
    expect(scrubSecrets('a very-secret-access-1 b very-secret-refresh-1')).toBe('a [redacted] b [redacted]');
  });

  it('never throws anything but FleetError on random JSON', () => {
    const tokenish = fc.record(
      {
        access_token: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        token_type: fc.oneof(fc.string(), fc.integer()),
        type: fc.string(),
        expires_in: fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null)),
        refresh_token: fc.oneof(fc.string(), fc.boolean()),
        error: fc.oneof(fc.string(), fc.integer()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), tokenish), (json) => {
        try {
          const t = parseTokenResponse(json);
          expect(typeof t.accessToken).toBe('string');
          expect(t.accessToken.length).toBeGreaterThan(0);
          if (t.expiresInSec !== null) expect(Number.isFinite(t.expiresInSec)).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(FleetError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('token endpoint requests', () => {
  function fakeFetch(status: number, body: string) {
    const calls: { url: string; headers: Record<string, string>; form: Record<string, string> }[] = [];
    const f: FetchLike = async (url, init) => {
      calls.push({ url, headers: init.headers, form: Object.fromEntries(new URLSearchParams(init.body)) });
      return { status, text: async () => body };
    };
    return { f, calls };
  }

  it('exchanges a code with a form-urlencoded POST including the verifier and secret', async () => {
    const { f, calls } = fakeFetch(200, JSON.stringify({ access_token: 'acc-000001', type: 'Bearer' }));
    const t = await exchangeCode(
      { tokenUrl: 'https://auth.example.com/token', clientId: 'cid', clientSecret: 'shh-secret', fetch: f },
      { code: 'code-1', redirectUri: 'http://127.0.0.1:9/callback', codeVerifier: 'ver' },
    );
    expect(t.accessToken).toBe('acc-000001');
    expect(calls[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(calls[0].form).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://127.0.0.1:9/callback',
      code_verifier: 'ver',
      client_id: 'cid',
      client_secret: 'shh-secret',
    });
  });

  it('refreshes without a secret when none is configured', async () => {
    const { f, calls } = fakeFetch(200, JSON.stringify({ access_token: 'acc-000002', expires_in: 60 }));
    await refreshTokens({ tokenUrl: 'https://a/token', clientId: 'cid', fetch: f }, 'ref-0001');
    expect(calls[0].form).toEqual({ grant_type: 'refresh_token', refresh_token: 'ref-0001', client_id: 'cid' });
  });

  it('turns refusals and garbage into specific errors', async () => {
    const refused = fakeFetch(400, JSON.stringify({ error: 'invalid_grant', error_description: 'expired code' }));
    await expect(refreshTokens({ tokenUrl: 'https://a/token', clientId: 'c', fetch: refused.f }, 'r')).rejects.toMatchObject({
      kind: 'auth-flow',
      status: 400,
      message: expect.stringContaining('invalid_grant: expired code'),
    });
    const html = fakeFetch(200, '<html>');
    await expect(refreshTokens({ tokenUrl: 'https://a/token', clientId: 'c', fetch: html.f }, 'r')).rejects.toMatchObject({ kind: 'bad-payload' });
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(refreshTokens({ tokenUrl: 'https://a/token', clientId: 'c', fetch: down }, 'r')).rejects.toMatchObject({ kind: 'network' });
  });
});
