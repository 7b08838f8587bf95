/**
 * Capped exponential backoff with full jitter: a random delay in
 * [0, min(maxMs, baseMs · 2^retry)). `retry` counts from 0.
 */
export function backoffDelay(retry: number, opts: { baseMs: number; maxMs: number; random: () => number }): number {
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(retry, 30));
  const r = Math.min(Math.max(opts.random(), 0), 1);
  return Math.floor(r * ceiling);
}

/**
 * The shortest wait before asking a service again after it throttled or failed.
 * `Retry-After: 0` or a date in the past would otherwise ask again at once, and the
 * schedule would spin: no hot loops. The HTTP client and the refresh schedule
 * both wait at least this long.
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
