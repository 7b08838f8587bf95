/**
 * "Test connection": one GET of the asset list with a candidate profile and token,
 * before anything is saved. Answers a `ConnectionTest` the dispatcher can read; the
 * token never appears in the message.
 */
import type { ConnectionTest } from '../../contract';
import { FleetError, scrubSecrets } from '../errors';
import { readLimited } from '../http/read-body';
import { REDIRECT_STATUSES, sameOriginTarget } from '../http/same-origin-redirect';
import { MAX_ASSET_LIST_BYTES, MAX_REDIRECTS } from '../limits';

export type ProbeFetch = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal; redirect?: 'manual' },
) => Promise<{ status: number; text(): Promise<string>; headers?: { get(name: string): string | null } }>;

export interface ProbeOptions {
  baseUrl: string;
  token: string | null;
  fetch?: ProbeFetch;
  timeoutMs?: number;
}

export async function probeConnection(o: ProbeOptions): Promise<ConnectionTest> {
  const url = `${o.baseUrl.replace(/\/+$/, '')}/branch/current/assets`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const doFetch = o.fetch ?? (globalThis.fetch as unknown as ProbeFetch);
  let status: number;
  let body: string;
  try {
    const signal = AbortSignal.timeout(o.timeoutMs ?? 15_000);
    let at = url;
    // Redirects are followed by hand: the token goes to the same origin only.
    for (let redirects = 0; ; redirects++) {
      const res = await doFetch(at, { headers, signal, redirect: 'manual' });
      if (!REDIRECT_STATUSES.has(res.status)) {
        status = res.status;
        body = await readLimited(res, { maxBytes: MAX_ASSET_LIST_BYTES, past: 'fail', endpoint: new URL(at).pathname });
        break;
      }
      const next = sameOriginTarget(res.headers?.get('location'), at);
      if ('refused' in next) {
        return { ok: false, message: scrubSecrets(`The service at ${o.baseUrl} redirected to another site (${next.refused}); Fleet Desk did not follow it with the token. Check the base URL.`) };
      }
      if (redirects >= MAX_REDIRECTS) return { ok: false, message: `The service at ${o.baseUrl} redirected more than ${MAX_REDIRECTS} times; check the base URL.` };
      at = next.url;
    }
  } catch (e) {
    if (e instanceof FleetError) return { ok: false, message: scrubSecrets(e.message) };
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    const reason = e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
    return {
      ok: false,
      message: timedOut ? `The service at ${o.baseUrl} did not answer in time.` : scrubSecrets(`Could not reach the service at ${o.baseUrl} (${reason}).`),
    };
  }
  if (status === 401) {
    return o.token
      ? { ok: false, message: 'The service refused this token (401): it is wrong, expired or revoked.' }
      : { ok: true, message: 'The service answered at this address. Sign in or paste a token to see the assets.' };
  }
  if (status === 403) return { ok: false, message: 'The token is valid but has no access to this branch (403).' };
  if (status === 404) return { ok: false, message: `No asset list at ${url} (404): check that the base URL ends in /v1.` };
  if (status >= 500) return { ok: false, message: `The service had a problem (${status}). Try again later.` };
  if (status === 429) return { ok: false, message: 'The service is throttling requests (429). Try again in a moment.' };
  if (status < 200 || status >= 300) return { ok: false, message: `The service answered ${status}.` };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: 'The service answered, but not with JSON: is this the right base URL?' };
  }
  if (!Array.isArray(json)) return { ok: false, message: 'The service answered, but not with a list of assets: is this the right base URL?' };
  const n = json.length;
  return { ok: true, message: `Connected: ${n} asset${n === 1 ? '' : 's'} in this branch.`, assetCount: n };
}
