/**
 * The one retry policy of Fleet Desk: which answers and failures are asked again, which
 * mean "slow down", how long to wait between tries, and how a `Retry-After` is read. The
 * HTTP client (retries inside one request), the refresh schedule (retries between
 * refreshes) and the fleet (AEMP) client all take their rules from here, so a change to
 * the policy changes all three.
 */
import type { ErrorKind } from '../../contract';

/** The status every service uses to say "too many requests". */
export const THROTTLE_STATUS = 429;

/** Fleet (AEMP) feeds also answer 405 and 503 when they throttle a caller. */
export const AEMP_THROTTLE_STATUSES: readonly number[] = Object.freeze([405, 503]);

/**
 * What an error answer asks of the caller: 'throttled' (wait, preferably as long as the
 * service said, and ask again), 'retry' (server trouble: ask again after a backoff), or
 * 'final' (asking again gives the same answer). `throttleStatuses` are the extra statuses
 * a service uses for throttling; they win over the server-trouble reading of a 503.
 */
export function statusRetry(status: number, throttleStatuses: readonly number[] = []): 'throttled' | 'retry' | 'final' {
  if (status === THROTTLE_STATUS || throttleStatuses.includes(status)) return 'throttled';
  if (status >= 500) return 'retry';
  return 'final';
}

/** Failures with no answer that may go away by asking again. */
export function isRetryableFailure(kind: ErrorKind): boolean {
  return kind === 'network' || kind === 'timeout';
}

export interface BackoffSteps {
  /** The first step (retry 0). */
  baseMs: number;
  /** No step is longer. */
  maxMs: number;
}

/** Capped exponential backoff: min(maxMs, baseMs · 2^retry). `retry` counts from 0. */
export function backoffCeiling(retry: number, steps: BackoffSteps): number {
  return Math.min(steps.maxMs, steps.baseMs * 2 ** Math.min(Math.max(retry, 0), 30));
}

/**
 * The backoff with full jitter: a random delay in [0, backoffCeiling(retry)), so many
 * clients failing together do not ask again together.
 */
export function backoffDelay(retry: number, opts: BackoffSteps & { random: () => number }): number {
  const r = Math.min(Math.max(opts.random(), 0), 1);
  return Math.floor(r * backoffCeiling(retry, opts));
}

/**
 * The shortest wait before asking a service again after it throttled or failed.
 * `Retry-After: 0` or a date in the past would otherwise ask again at once, and a
 * schedule would spin. The HTTP client and the refresh schedule both wait at least this.
 */
export const MIN_RETRY_WAIT_MS = 5_000;

/** Upper bound for any Retry-After we report (a misconfigured server may say "next year"). */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * `Retry-After` as milliseconds from `nowMs`: delta-seconds or an HTTP date. Null when
 * absent or unreadable; never negative; capped at one hour. This is what the service
 * said (reported as is); a wait made on it is floored with `retryWait`.
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | null {
  if (header === undefined) return null;
  const text = header.trim();
  if (text === '') return null;
  let ms: number;
  if (/^\d+$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return null;
    ms = at - nowMs;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** The wait actually made for a service-requested delay: never under MIN_RETRY_WAIT_MS. */
export function retryWait(ms: number): number {
  return Math.max(ms, MIN_RETRY_WAIT_MS);
}
