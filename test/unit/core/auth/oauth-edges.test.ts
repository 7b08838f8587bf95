/**
 * OAuth at its edges (mutation survivors of oauth.ts): the token endpoint's redirects
 * (same origin, 307/308 only, at most five), its failures, unusable token answers and
 * the authorize URL. Fake endpoints answer a bounded number of times.
 */
import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, exchangeCode, parseTokenResponse, refreshTokens, type FetchLike } from '../../../../src-main/core/auth/oauth';
import { FleetError } from '../../../../src-main/core/errors';
import { failure } from '../../../fixtures/failure';

const TOKEN_URL = 'https://id.example/oauth/token';
type Init = Parameters<FetchLike>[1];

/** Answers from `answers` in turn; throws past them (a redirect loop fails instead of hanging). */
function endpoint(answers: Array<Response | Error>) {
  const calls: Array<{ url: string; init: Init }> = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('more requests than answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { e: { tokenUrl: TOKEN_URL, clientId: 'desk', clientSecret: 'client-secret-abcdef', fetch }, calls };
}

const tokens = () => new Response('{"access_token":"access-abcdef-123456","refresh_token":"refresh-abcdef-654321","expires_in":60}', { status: 200 });
const redirect = (status: number, location?: string) => new Response(null, { status, headers: location ? { location } : {} });

describe('the token endpoint POST', () => {
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

describe('parseTokenResponse', () => {
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

describe('buildAuthorizeUrl', () => {
  const p = { clientId: 'desk', redirectUri: 'http://127.0.0.1:1/callback', state: 's', codeChallenge: 'c', scopes: '' };

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
