/**
 * The token endpoint's answers and time limit (oauth.ts), and the authorize URL's
 * schemes: fakes that answer once (or wait for the abort they are given).
 */
import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, exchangeCode, MESSAGES, refreshTokens, type FetchLike } from '../../../../src-main/core/auth/oauth';
import { FleetError } from '../../../../src-main/core/errors';

const TOKEN_URL = 'https://id.example/oauth/token';
const CODE = { code: 'code-abcdef-1234', redirectUri: 'http://127.0.0.1:1/callback', codeVerifier: 'v'.repeat(43) };

/** Answers once with `answer`; a second request fails the test instead of looping. */
function once(answer: Awaited<ReturnType<FetchLike>>): FetchLike {
  let asked = false;
  return async () => {
    if (asked) throw new Error('asked twice');
    asked = true;
    return answer;
  };
}

/** Never answers; fails with the reason of the abort it was given. */
const silent: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    const signal = init.signal!;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

async function failure(p: Promise<unknown>): Promise<FleetError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FleetError);
  return err as FleetError;
}

describe('the token endpoint', () => {
  it('names a refusal without a description plainly', async () => {
    const err = await failure(refreshTokens({ tokenUrl: TOKEN_URL, clientId: 'desk', fetch: once({ status: 400, text: async () => '{"error":"invalid_client"}' }) }, 'refresh-abcdef'));
    expect(err).toMatchObject({ kind: 'auth-flow', status: 400, message: 'The token endpoint refused the request (invalid_client).' });
  });

  it('reads a redirect answer that carries no headers at all as one to no usable address', async () => {
    const err = await failure(refreshTokens({ tokenUrl: TOKEN_URL, clientId: 'desk', fetch: once({ status: 307, text: async () => '' }) }, 'refresh-abcdef'));
    expect(err).toMatchObject({ kind: 'auth-flow', status: 307, message: 'The token endpoint answered with a redirect (307) to no usable address.' });
  });

  it('names the token endpoint when its answer is too large', async () => {
    const huge = new Response('{}', { status: 200, headers: { 'content-length': String(1024 ** 4) } });
    const err = await failure(refreshTokens({ tokenUrl: TOKEN_URL, clientId: 'desk', fetch: once(huge) }, 'refresh-abcdef'));
    expect(err.message).toMatch(/^The service's answer from the token endpoint is larger than /);
  });

  it('gives up after its time limit, with or without a way to cancel', async () => {
    const endpoint = { tokenUrl: TOKEN_URL, clientId: 'desk', fetch: silent, timeoutMs: 30 };
    const plain = await failure(refreshTokens(endpoint, 'refresh-abcdef'));
    expect(plain).toMatchObject({ kind: 'timeout', message: 'The token endpoint did not answer in time.' });
    const cancellable = await failure(exchangeCode(endpoint, CODE, new AbortController().signal));
    expect(cancellable).toMatchObject({ kind: 'timeout', message: 'The token endpoint did not answer in time.' });
  });

  it('says "cancelled" when the caller stops the exchange, keeping the abort as the cause', async () => {
    const stop = new AbortController();
    const pending = failure(exchangeCode({ tokenUrl: TOKEN_URL, clientId: 'desk', fetch: silent, timeoutMs: 60_000 }, CODE, stop.signal));
    stop.abort();
    const err = await pending;
    expect(err).toMatchObject({ kind: 'cancelled', message: MESSAGES.cancelled });
    expect(err.cause).toBe(stop.signal.reason);
  });
});

describe('the authorize URL', () => {
  const p = { clientId: 'desk', redirectUri: 'http://127.0.0.1:1/callback', state: 's', codeChallenge: 'c', scopes: '' };

  it('accepts plain http (a sign-in page on the local network) as well as https', () => {
    expect(new URL(buildAuthorizeUrl({ ...p, authorizeUrl: 'http://10.0.0.5:8080/authorize' })).host).toBe('10.0.0.5:8080');
    expect(new URL(buildAuthorizeUrl({ ...p, authorizeUrl: 'https://id.example/authorize' })).host).toBe('id.example');
  });
});
