import { FleetError, registerSecret, scrubSecrets } from '../errors';
import type { HttpClient, HttpRequest, HttpResponse, TokenSource } from '../ports';
import { backoffDelay, parseRetryAfter } from './backoff';
import { classifyFetchFailure, describeEndpoint, errorForStatus } from './http-errors';

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

/** The GET-only client of ports.ts: bearer token, timeouts, retries with jitter, typed errors. */
/** No token at all: nothing was sent, so no endpoint is worth naming. */
const NOT_SIGNED_IN = 'Not signed in to this connection';

export function createHttpClient(tokens: TokenSource, options: HttpClientOptions = {}): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const baseBackoffMs = options.baseBackoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;

  async function attemptOnce(request: HttpRequest, token: string, endpoint: string): Promise<Attempt> {
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
      const res = await doFetch(request.url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}`, Accept: request.accept ?? 'application/json' },
        signal: controller.signal,
        redirect: 'follow',
      });
      stage = 'body';
      const body = await res.text();
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      return { kind: 'response', response: { status: res.status, headers, body, url: res.url || request.url } };
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
      const retries = Math.max(0, request.retries ?? DEFAULT_RETRIES);
      const throttleStatuses = new Set([429, ...(request.throttleStatuses ?? [])]);
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
          if (throttleStatuses.has(res.status)) {
            reason = 'throttled';
            error = errorForStatus(res, endpoint, { throttled: true, retryAfterMs: retryAfter ?? undefined });
            if (retryAfter !== null && retryAfter > maxRetryAfterMs) throw error;
            waitMs = retryAfter;
          } else if (res.status >= 500) {
            error = errorForStatus(res, endpoint);
            if (retryAfter !== null && retryAfter <= maxRetryAfterMs) waitMs = retryAfter;
          } else {
            throw errorForStatus(res, endpoint);
          }
        } else {
          error = attempt.error;
          if (error.kind !== 'network' && error.kind !== 'timeout') throw error;
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

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
