import { FleetError, scrubSecrets } from '../errors';
import type { HttpResponse } from '../ports';
import { parseUrl } from './parse-url';

/** The path of a URL for messages: never the query (it may carry ids or secrets), never credentials. */
export function describeEndpoint(url: string): string {
  const parsed = parseUrl(url);
  return parsed ? parsed.pathname || '/' : 'the service';
}

/** The service's own explanation, when its error body is JSON with a `message` (or `error`) string. */
export function serviceMessage(body: string): string | null {
  if (!body || body.length > 64_000) return null;
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === 'object') {
      for (const key of ['message', 'error_description', 'error']) {
        const value = (json as Record<string, unknown>)[key];
        if (typeof value === 'string' && value.trim()) return scrubSecrets(value.trim().slice(0, 300));
      }
    }
  } catch {
    // not JSON: no message to pass on
  }
  return null;
}

/** The FleetError for an HTTP answer that is not a success. */
export function errorForStatus(res: HttpResponse, endpoint: string, opts: { throttled?: boolean; retryAfterMs?: number } = {}): FleetError {
  const status = res.status;
  const detail = serviceMessage(res.body);
  const suffix = detail ? `: ${detail}` : '';
  const make = (kind: FleetError['kind'], message: string): FleetError =>
    new FleetError(kind, scrubSecrets(message), { status, retryAfterMs: opts.retryAfterMs });

  if (opts.throttled) {
    const wait = opts.retryAfterMs !== undefined ? ` It asked to wait ${Math.ceil(opts.retryAfterMs / 1000)} s.` : '';
    return make('rate-limited', `The service is limiting requests to ${endpoint} (${status}).${wait}`);
  }
  if (status === 401) return make('unauthorized', `The service no longer accepts the sign-in for ${endpoint} (401); please sign in again`);
  if (status === 403) return make('forbidden', `The service refused access to ${endpoint} (403)${suffix}`);
  if (status === 404) return make('not-found', `The service has nothing at ${endpoint} (404)${suffix}`);
  if (status === 414) return make('bad-request', `The request to ${endpoint} is too long for the service (414)${suffix}`);
  if (status >= 500) return make('server', `The service failed to answer ${endpoint} (${status})${suffix}`);
  return make('bad-request', `The service rejected the request to ${endpoint} (${status})${suffix}`);
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'reset the connection',
  ENOTFOUND: 'could not be found (DNS)',
  EAI_AGAIN: 'could not be found (DNS)',
  EHOSTUNREACH: 'is unreachable',
  ENETUNREACH: 'is unreachable (no network)',
  EPIPE: 'closed the connection',
  UND_ERR_SOCKET: 'closed the connection',
};

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** fetch() rejected: a network-level failure before or while the body arrived. */
export function classifyFetchFailure(err: unknown, stage: 'connect' | 'body', endpoint: string): FleetError {
  if (err instanceof FleetError) return err;
  if (stage === 'body') {
    return new FleetError('network', `The connection to the service broke off while receiving data (${endpoint})`, { cause: err });
  }
  const code = errorCode(err);
  const what = (code && NETWORK_CODES[code]) ?? 'could not be reached';
  return new FleetError('network', `The service ${what} (${endpoint})`, { cause: err });
}
