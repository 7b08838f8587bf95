/**
 * The token endpoint: the code exchange and later refreshes, each a form-urlencoded POST
 * whose redirects are followed by hand and only where the form may go.
 */
import * as v from 'valibot';
import { FleetError, scrubSecrets } from '../errors';
import { readLimited } from '../http/read-body';
import { parseUrl } from '../http/parse-url';
import { MAX_REDIRECTS, MAX_RESPONSE_BYTES } from '../limits';
import { MESSAGES } from './oauth-messages';
import { ErrorResponseSchema, parseTokenResponse, type TokenSet } from './oauth-token-response';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal; redirect?: 'manual' },
) => Promise<{
  status: number;
  text(): Promise<string>;
  headers?: { get(name: string): string | null };
}>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Where the token endpoint's redirect may be followed: a 307/308 (which keep the POST
 * and its form) to the same origin. A redirect to another origin would carry the code,
 * refresh token and client secret away, and 301/302/303 would drop the form: both are
 * errors, and nothing is sent.
 */
function tokenRedirectTarget(status: number, location: string | null | undefined, from: string, redirectsSoFar: number): string {
  const target = parseUrl(location, from);
  if (!target) throw new FleetError('auth-flow', `The token endpoint answered with a redirect (${status}) to no usable address.`, { status });
  if (target.origin !== new URL(from).origin) {
    throw new FleetError(
      'auth-flow',
      scrubSecrets(`The token endpoint redirected to another site (${target.host || target.protocol}); Fleet Desk did not send the sign-in there. Check the token URL.`),
      { status },
    );
  }
  if (status !== 307 && status !== 308) {
    throw new FleetError('auth-flow', `The token endpoint answered with a redirect (${status}) instead of tokens; check the token URL.`, { status });
  }
  if (redirectsSoFar >= MAX_REDIRECTS) throw new FleetError('auth-flow', `The token endpoint redirected more than ${MAX_REDIRECTS} times.`, { status });
  return target.href;
}

export interface TokenEndpoint {
  tokenUrl: string;
  clientId: string;
  clientSecret?: string | null;
  fetch?: FetchLike;
  timeoutMs?: number;
}

async function postForm(endpoint: TokenEndpoint, form: Record<string, string>, cancel?: AbortSignal): Promise<TokenSet> {
  const body = new URLSearchParams(form);
  body.set('client_id', endpoint.clientId);
  if (endpoint.clientSecret) body.set('client_secret', endpoint.clientSecret);
  const doFetch = endpoint.fetch ?? (globalThis.fetch as unknown as FetchLike);
  let status: number;
  let text: string;
  try {
    const signal = cancel ? AbortSignal.any([cancel, AbortSignal.timeout(endpoint.timeoutMs ?? 20_000)]) : AbortSignal.timeout(endpoint.timeoutMs ?? 20_000);
    let url = endpoint.tokenUrl;
    // Redirects are followed by hand (see tokenRedirectTarget), never by fetch.
    for (let redirects = 0; ; redirects++) {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: body.toString(),
        signal,
        redirect: 'manual',
      });
      if (!REDIRECTS.has(res.status)) {
        status = res.status;
        text = await readLimited(res, { maxBytes: MAX_RESPONSE_BYTES, past: 'fail', endpoint: 'the token endpoint' });
        break;
      }
      url = tokenRedirectTarget(res.status, res.headers?.get('location'), url, redirects);
    }
  } catch (e) {
    if (cancel?.aborted) throw new FleetError('cancelled', MESSAGES.cancelled, { cause: e });
    if (e instanceof FleetError) throw e;
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new FleetError(
      timedOut ? 'timeout' : 'network',
      timedOut ? 'The token endpoint did not answer in time.' : scrubSecrets(`Could not reach the token endpoint: ${e instanceof Error ? e.message : String(e)}`),
      { cause: e },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FleetError(status >= 400 ? 'auth-flow' : 'bad-payload', `The token endpoint answered ${status} with something that is not JSON.`, { status });
  }
  if (status >= 400) {
    const e = v.safeParse(ErrorResponseSchema, json);
    const detail = e.success ? `${e.output.error}${e.output.error_description ? `: ${e.output.error_description}` : ''}` : `HTTP ${status}`;
    throw new FleetError(status === 401 ? 'unauthorized' : 'auth-flow', scrubSecrets(`The token endpoint refused the request (${detail}).`), { status });
  }
  return parseTokenResponse(json);
}

export function exchangeCode(
  endpoint: TokenEndpoint,
  p: { code: string; redirectUri: string; codeVerifier: string },
  cancel?: AbortSignal,
): Promise<TokenSet> {
  return postForm(
    endpoint,
    {
      grant_type: 'authorization_code',
      code: p.code,
      redirect_uri: p.redirectUri,
      code_verifier: p.codeVerifier,
    },
    cancel,
  );
}

export function refreshTokens(endpoint: TokenEndpoint, refreshToken: string): Promise<TokenSet> {
  return postForm(endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
