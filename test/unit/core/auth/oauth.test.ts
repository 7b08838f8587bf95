/**
 * OAuth sign-in: PKCE and state, the authorize URL, the loopback listener, the token
 * endpoint's answers, its redirects (same origin, 307/308 only, at most five) and its
 * failures. Fake endpoints answer a bounded number of times.
 */
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
import { failure } from '../../../fixtures/failure';

const TOKEN_URL = 'https://id.example/oauth/token';
type Init = Parameters<FetchLike>[1];
type Call = { url: string; init: Init };

/** A token endpoint answering from `answers` in turn; it throws past them (a redirect loop fails instead of hanging). */
function endpoint(answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('more requests than answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { e: { tokenUrl: TOKEN_URL, clientId: 'desk', clientSecret: 'client-secret-abcdef', fetch }, calls };
}

const answer = (status: number, body: string) => new Response(body, { status });
const formOf = (call: Call) => Object.fromEntries(new URLSearchParams(call.init.body));
const tokens = () => new Response('{"access_token":"access-abcdef-123456","refresh_token":"refresh-abcdef-654321","expires_in":60}', { status: 200 });
const redirect = (status: number, location?: string) => new Response(null, { status, headers: location ? { location } : {} });

describe('createPkce and createState make unguessable values', () => {
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

describe('buildAuthorizeUrl builds the sign-in address and refuses one that is not http(s)', () => {
  const p = { clientId: 'desk', redirectUri: 'http://127.0.0.1:1/callback', state: 's', codeChallenge: 'c', scopes: '' };

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
    expect(() => buildAuthorizeUrl({ ...p, authorizeUrl: 'javascript:alert(1)' })).toThrow(FleetError);
    expect(() => buildAuthorizeUrl({ ...p, authorizeUrl: 'not a url' })).toThrow(/not a valid URL/);
  });

  it('refuses an address that is not a URL or not http(s), as an invalid argument', () => {
    expect(() => buildAuthorizeUrl({ ...p, authorizeUrl: 'not a url' })).toThrow(expect.objectContaining({ kind: 'invalid-argument' }));
    expect(() => buildAuthorizeUrl({ ...p, authorizeUrl: 'ftp://id.example/a' })).toThrow(
      expect.objectContaining({ kind: 'invalid-argument', message: 'The authorize URL must start with http:// or https://.' }),
    );
  });

  it('sends scopes trimmed, and no scope parameter when there are none', () => {
    expect(new URL(buildAuthorizeUrl({ ...p, authorizeUrl: 'https://id.example/a', scopes: '  fleet.read  ' })).searchParams.get('scope')).toBe('fleet.read');
    expect(new URL(buildAuthorizeUrl({ ...p, authorizeUrl: 'https://id.example/a', scopes: '   ' })).searchParams.has('scope')).toBe(false);
  });
});

describe('startLoopbackListener accepts exactly one valid callback on 127.0.0.1', () => {
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

describe('parseTokenResponse reads token answers and says plainly what is unusable', () => {
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

  it('says plainly what is wrong, at its path', () => {
    const err = (json: unknown) => {
      try {
        parseTokenResponse(json);
      } catch (e) {
        return e as FleetError;
      }
      throw new Error('read');
    };
    expect(err(null)).toMatchObject({ kind: 'bad-payload', path: '$', message: "The token endpoint's answer is not usable: is not a JSON object." });
    expect(err({ token_type: 'Bearer' })).toMatchObject({ path: '$.access_token', message: "The token endpoint's answer is not usable: access_token is missing or invalid." });
    expect(err({ access_token: 'a-abcdef', expires_in: 'soon' })).toMatchObject({
      path: '$.expires_in',
      message: "The token endpoint's answer is not usable: expires_in is missing or invalid.",
    });
    expect(err({ access_token: 'a-abcdef', expires_in: -5 })).toMatchObject({
      path: '$.expires_in',
      message: "The token endpoint's answer is not usable: expires_in must be a number of seconds.",
    });
    expect(err({ access_token: '   ' })).toMatchObject({ message: "The token endpoint's answer is not usable: access_token must not be empty." });
  });

  it('reads an answer carrying both tokens and an error field as tokens', () => {
    expect(parseTokenResponse({ access_token: 'access-both-123456', error: 'ignored' }).accessToken).toBe('access-both-123456');
    expect(parseTokenResponse({ access_token: 'a-abcdef', expires_in: 0 }).expiresInSec).toBe(0);
  });

  it('names an OAuth error without a description plainly', () => {
    expect(() => parseTokenResponse({ error: 'invalid_client' })).toThrow('The token endpoint refused the request (invalid_client).');
  });
});

describe('exchangeCode and refreshTokens post a form to the token endpoint', () => {
  it('exchanges a code with a form-urlencoded POST including the verifier and secret', async () => {
    const { e: { fetch: f }, calls } = endpoint([answer(200, JSON.stringify({ access_token: 'acc-000001', type: 'Bearer' }))]);
    const t = await exchangeCode(
      { tokenUrl: 'https://auth.example.com/token', clientId: 'cid', clientSecret: 'shh-secret', fetch: f },
      { code: 'code-1', redirectUri: 'http://127.0.0.1:9/callback', codeVerifier: 'ver' },
    );
    expect(t.accessToken).toBe('acc-000001');
    expect(calls[0].init.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(calls[0])).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://127.0.0.1:9/callback',
      code_verifier: 'ver',
      client_id: 'cid',
      client_secret: 'shh-secret',
    });
  });

  it('refreshes without a secret when none is configured', async () => {
    const { e: { fetch: f }, calls } = endpoint([answer(200, JSON.stringify({ access_token: 'acc-000002', expires_in: 60 }))]);
    await refreshTokens({ tokenUrl: 'https://a/token', clientId: 'cid', fetch: f }, 'ref-0001');
    expect(formOf(calls[0])).toEqual({ grant_type: 'refresh_token', refresh_token: 'ref-0001', client_id: 'cid' });
  });

  it('turns refusals and garbage into specific errors', async () => {
    const refused = endpoint([answer(400, JSON.stringify({ error: 'invalid_grant', error_description: 'expired code' }))]);
    await expect(refreshTokens({ tokenUrl: 'https://a/token', clientId: 'c', fetch: refused.e.fetch }, 'r')).rejects.toMatchObject({
      kind: 'auth-flow',
      status: 400,
      message: expect.stringContaining('invalid_grant: expired code'),
    });
    const html = endpoint([answer(200, '<html>')]);
    await expect(refreshTokens({ tokenUrl: 'https://a/token', clientId: 'c', fetch: html.e.fetch }, 'r')).rejects.toMatchObject({ kind: 'bad-payload' });
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(refreshTokens({ tokenUrl: 'https://a/token', clientId: 'c', fetch: down }, 'r')).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('the token endpoint is followed only to its own origin, and its failures are named', () => {
  it('sends a form POST asking for JSON', async () => {
    const { e, calls } = endpoint([tokens()]);
    await refreshTokens(e, 'refresh-abcdef-123456');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
  });

  it.each([307, 308])('follows a same-origin %i with the same form', async (status) => {
    const { e, calls } = endpoint([redirect(status, '/v2/token'), tokens()]);
    const set = await exchangeCode(e, { code: 'code-abcdef-1234', redirectUri: 'http://127.0.0.1:1/callback', codeVerifier: 'v'.repeat(43) });
    expect(set.accessToken).toBe('access-abcdef-123456');
    expect(calls.map((c) => c.url)).toEqual([TOKEN_URL, 'https://id.example/v2/token']);
    expect(calls[1].init.body).toBe(calls[0].init.body);
  });

  it.each([307, 308])('refuses a %i to another site, naming the host, and sends nothing there', async (status) => {
    const { e, calls } = endpoint([redirect(status, 'https://collector.evil.example:8443/steal'), tokens()]);
    const err = await failure(refreshTokens(e, 'refresh-abcdef-123456'));
    expect(err).toMatchObject({ kind: 'auth-flow', status });
    expect(err.message).toBe(
      'The token endpoint redirected to another site (collector.evil.example:8443); Fleet Desk did not send the sign-in there. Check the token URL.',
    );
    expect(calls).toHaveLength(1);
  });

  it('refuses a redirect with no usable address', async () => {
    for (const location of [undefined, 'http://[bad']) {
      const { e, calls } = endpoint([redirect(307, location), tokens()]);
      const err = await failure(refreshTokens(e, 'refresh-abcdef-123456'));
      expect(err).toMatchObject({ kind: 'auth-flow', status: 307, message: 'The token endpoint answered with a redirect (307) to no usable address.' });
      expect(calls).toHaveLength(1);
    }
  });

  it('names a 301/302/303 and its status', async () => {
    const { e } = endpoint([redirect(302, '/elsewhere')]);
    const err = await failure(refreshTokens(e, 'refresh-abcdef-123456'));
    expect(err).toMatchObject({ kind: 'auth-flow', status: 302, message: 'The token endpoint answered with a redirect (302) instead of tokens; check the token URL.' });
  });

  it('follows five redirects and refuses the sixth', async () => {
    const five = endpoint([...Array.from({ length: 5 }, () => redirect(307, TOKEN_URL)), tokens()]);
    expect((await refreshTokens(five.e, 'refresh-abcdef-123456')).accessToken).toBe('access-abcdef-123456');
    const six = endpoint(Array.from({ length: 7 }, () => redirect(307, TOKEN_URL)));
    const err = await failure(refreshTokens(six.e, 'refresh-abcdef-123456'));
    expect(err).toMatchObject({ kind: 'auth-flow', status: 307, message: 'The token endpoint redirected more than 5 times.' });
    expect(six.calls).toHaveLength(6);
  });

  it.each([
    ['TimeoutError', 'timeout', 'The token endpoint did not answer in time.'],
    ['AbortError', 'timeout', 'The token endpoint did not answer in time.'],
    ['TypeError', 'network', 'Could not reach the token endpoint: connect refused'],
  ])('reads a %s as %s', async (name, kind, message) => {
    const thrown = Object.assign(new Error('connect refused'), { name });
    const { e } = endpoint([thrown]);
    const err = await failure(refreshTokens(e, 'refresh-abcdef-123456'));
    expect(err).toMatchObject({ kind, message });
    expect(err.cause).toBe(thrown);
  });

  it('passes its own refusals through unchanged', async () => {
    const own = new FleetError('cancelled', 'stopped here');
    const { e } = endpoint([own]);
    expect(await failure(refreshTokens(e, 'refresh-abcdef-123456'))).toBe(own);
  });

  it('tells a refusal from a broken answer when the body is not JSON, by status', async () => {
    for (const [status, kind] of [
      [200, 'bad-payload'],
      [399, 'bad-payload'],
      [400, 'auth-flow'],
      [500, 'auth-flow'],
    ] as const) {
      const { e } = endpoint([new Response('<html>oops</html>', { status })]);
      const err = await failure(refreshTokens(e, 'refresh-abcdef-123456'));
      expect(err).toMatchObject({ kind, status, message: `The token endpoint answered ${status} with something that is not JSON.` });
    }
  });

  it('reads a 401 as signed out and other refusals as a sign-in failure, with the reason', async () => {
    const unauthorized = endpoint([new Response('{"error":"invalid_grant","error_description":"expired"}', { status: 401 })]);
    expect(await failure(refreshTokens(unauthorized.e, 'refresh-abcdef-123456'))).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      message: 'The token endpoint refused the request (invalid_grant: expired).',
    });
    const plain = endpoint([new Response('{"unexpected":true}', { status: 400 })]);
    expect(await failure(refreshTokens(plain.e, 'refresh-abcdef-123456'))).toMatchObject({ kind: 'auth-flow', message: 'The token endpoint refused the request (HTTP 400).' });
  });
});
