import { isHttpUrl } from '../../contract';
import { FleetError, registerSecret, scrubSecrets } from '../errors';
import { MAX_ERROR_BODY_BYTES, MAX_REDIRECTS, MAX_RESPONSE_BYTES } from '../limits';
import type { HttpClient, HttpRequest, HttpResponse, PinnedTokenSource } from '../ports';
import { backoffDelay, isRetryableFailure, parseRetryAfter, retryWait, statusRetry } from './retry-policy';
import { classifyFetchFailure, describeEndpoint, errorForStatus } from './http-errors';
import { parseUrl } from './parse-url';
import { readBody } from './read-body';

export { MAX_REDIRECTS } from '../limits';

export interface HttpClientOptions {
  fetch?: typeof fetch;
  /** Waits between attempts; injectable so tests never wait for real. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  defaultTimeoutMs?: number;
  /** Cap of the exponential backoff between retries. */
  maxBackoffMs?: number;
  /** First backoff step (doubled each retry, then jittered). */
  baseBackoffMs?: number;
  /**
   * Longest Retry-After the client waits for inside one request. A longer one is not
   * waited out: the request fails as 'rate-limited' carrying retryAfterMs, so the
   * caller's schedule (not a hanging request) does the waiting.
   */
  maxRetryAfterMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_RETRIES = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Attempt = { kind: 'response'; response: HttpResponse } | { kind: 'failure'; error: FleetError };

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new FleetError('cancelled', 'The request was cancelled'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new FleetError('cancelled', 'The request was cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** host[:port] for messages (never a path, query or credentials). */
function hostOf(url: URL): string {
  return url.host || url.protocol;
}

/** No token at all: nothing was sent, so no endpoint is worth naming. */
const NOT_SIGNED_IN = 'Not signed in to this connection';

/**
 * The GET-only client of ports.ts: bearer token pinned to the token source's origins,
 * redirects followed by hand (same origin only), bodies read up to a byte limit,
 * timeouts, retries with jitter, typed errors.
 */
export function createHttpClient(tokens: PinnedTokenSource, options: HttpClientOptions = {}): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const baseBackoffMs = options.baseBackoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;

  /** Throws unless the token may go to `url`'s origin: then nothing is sent at all. */
  function checkPinned(url: URL): void {
    if (tokens.allowedOrigins().includes(url.origin)) return;
    throw new FleetError(
      'invalid-argument',
      `Not sent: ${hostOf(url)} is not an address of this connection's service, and its sign-in goes only to the service's own addresses`,
    );
  }

  /**
   * One attempt: the request and the same-origin redirects it leads to (each sent with
   * the token), under one deadline for headers and body.
   */
  async function attemptOnce(request: HttpRequest & { acceptStatuses?: number[] }, token: string, endpoint: string): Promise<Attempt> {
    const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    // One deadline for the whole attempt: headers and body. A server that sends its
    // headers and then stalls the body is cut off by the same timer.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = (): void => controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let stage: 'connect' | 'body' = 'connect';
    try {
      let url = new URL(request.url);
      for (let redirects = 0; ; redirects++) {
        checkPinned(url);
        const res = await doFetch(url.href, {
          method: 'GET',
          headers: { Authorization: `Bearer ${token}`, Accept: request.accept ?? 'application/json' },
          signal: controller.signal,
          // Never fetch's own following: it would decide where the next request goes.
          redirect: 'manual',
        });
        if (REDIRECT_STATUSES.has(res.status)) {
          await res.body?.cancel().catch(() => undefined);
          url = redirectTarget(res, url, redirects);
          continue;
        }
        stage = 'body';
        const success = (res.status >= 200 && res.status < 300) || (request.acceptStatuses?.includes(res.status) ?? false);
        const body = success
          ? await readBody(res, { maxBytes: request.maxBytes ?? MAX_RESPONSE_BYTES, past: 'fail', endpoint })
          : await readBody(res, { maxBytes: MAX_ERROR_BODY_BYTES, past: 'cut' });
        const headers: Record<string, string> = {};
        res.headers.forEach((value, name) => {
          headers[name.toLowerCase()] = value;
        });
        return { kind: 'response', response: { status: res.status, headers, body, url: url.href } };
      }
    } catch (err) {
      if (request.signal?.aborted) throw new FleetError('cancelled', `The request to ${endpoint} was cancelled`);
      if (timedOut) {
        const what = stage === 'body' ? 'finish sending its answer' : 'answer';
        return {
          kind: 'failure',
          error: new FleetError('timeout', `The service did not ${what} within ${Math.round(timeoutMs / 1000)} s (${endpoint})`),
        };
      }
      return { kind: 'failure', error: classifyFetchFailure(err, stage, endpoint) };
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    async get(request) {
      if (!isHttpUrl(request.url)) throw new FleetError('invalid-argument', 'The service address is not a valid http(s) URL; check the connection settings');
      const endpoint = describeEndpoint(request.url);
      let token = await tokens.getToken();
      if (!token) throw new FleetError('unauthorized', NOT_SIGNED_IN);
      // Whatever a server echoes back (error bodies, URLs) is scrubbed of this token.
      registerSecret(token);
      checkPinned(new URL(request.url));
      const retries = Math.max(0, request.retries ?? DEFAULT_RETRIES);
      let triedRefresh = false;
      let retry = 0;

      for (;;) {
        if (request.signal?.aborted) throw new FleetError('cancelled', `The request to ${endpoint} was cancelled`);
        const attempt = await attemptOnce(request, token, endpoint);
        let error: FleetError;
        let waitMs: number | null = null;
        let reason: 'throttled' | 'retry' = 'retry';

        if (attempt.kind === 'response') {
          const res = attempt.response;
          if ((res.status >= 200 && res.status < 300) || request.acceptStatuses?.includes(res.status)) return res;
          if (res.status === 401) {
            if (!triedRefresh) {
              triedRefresh = true;
              if (await tokens.handleUnauthorized()) {
                token = await tokens.getToken();
                if (!token) throw new FleetError('unauthorized', NOT_SIGNED_IN);
                registerSecret(token);
                continue;
              }
            }
            throw errorForStatus(res, endpoint);
          }
          const retryAfter = parseRetryAfter(res.headers['retry-after'], now());
          const verdict = statusRetry(res.status, request.throttleStatuses);
          if (verdict === 'final') throw errorForStatus(res, endpoint);
          if (verdict === 'throttled') {
            reason = 'throttled';
            error = errorForStatus(res, endpoint, { throttled: true, retryAfterMs: retryAfter ?? undefined });
            if (retryAfter !== null && retryAfter > maxRetryAfterMs) throw error;
            waitMs = retryAfter === null ? null : retryWait(retryAfter);
          } else {
            error = errorForStatus(res, endpoint);
            if (retryAfter !== null && retryAfter <= maxRetryAfterMs) waitMs = retryWait(retryAfter);
          }
        } else {
          error = attempt.error;
          if (!isRetryableFailure(error.kind)) throw error;
        }

        if (retry >= retries) throw error;
        const delay = waitMs ?? backoffDelay(retry, { baseMs: baseBackoffMs, maxMs: maxBackoffMs, random });
        retry += 1;
        const status = attempt.kind === 'response' ? attempt.response.status : undefined;
        request.onWait?.({ until: new Date(now() + delay), reason, status });
        await sleep(delay, request.signal);
      }
    },
  };
}

/**
 * Where a redirect answer points, when it may be followed: the same origin as the
 * request it answers (so the token may go there), at most MAX_REDIRECTS times. Anything
 * else is an error naming the address, and nothing is sent there.
 */
function redirectTarget(res: Response, from: URL, redirectsSoFar: number): URL {
  const endpoint = describeEndpoint(from.href);
  const target = parseUrl(res.headers.get('location'), from);
  if (!target) {
    throw new FleetError('bad-payload', `The service answered ${endpoint} with a redirect (${res.status}) to no usable address`, { status: res.status });
  }
  if (target.origin !== from.origin) {
    throw new FleetError(
      'bad-payload',
      scrubSecrets(`The service redirected ${endpoint} to another site (${hostOf(target)}); Fleet Desk does not follow redirects away from the service, so nothing was sent there`),
      { status: res.status },
    );
  }
  if (redirectsSoFar >= MAX_REDIRECTS) {
    throw new FleetError('bad-payload', `The service redirected ${endpoint} more than ${MAX_REDIRECTS} times; Fleet Desk stopped following`, { status: res.status });
  }
  return target;
}

/** Parses a JSON body, or throws 'bad-payload' naming the endpoint. */
export function parseJsonBody(res: HttpResponse): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    const endpoint = describeEndpoint(res.url);
    const type = res.headers['content-type'] ?? '';
    const looksLikePage = /html/i.test(type) || /^\s*<(!doctype|html)/i.test(res.body.slice(0, 200));
    const message = looksLikePage
      ? `The service answered ${endpoint} with a web page instead of data (a proxy or login page in between?)`
      : `The service's answer from ${endpoint} is not valid JSON`;
    throw new FleetError('bad-payload', scrubSecrets(message), { path: '$', status: res.status });
  }
}


