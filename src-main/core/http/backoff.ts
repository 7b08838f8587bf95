/**
 * Capped exponential backoff with full jitter: a random delay in
 * [0, min(maxMs, baseMs · 2^retry)). `retry` counts from 0.
 */
export function backoffDelay(retry: number, opts: { baseMs: number; maxMs: number; random: () => number }): number {
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(retry, 30));
  const r = Math.min(Math.max(opts.random(), 0), 1);
  return Math.floor(r * ceiling);
}

/** Upper bound for any Retry-After we report (a misconfigured server may say "next year"). */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * `Retry-After` as milliseconds from `nowMs`: delta-seconds or an HTTP date. Null when
 * absent or unreadable; never negative; capped at one hour.
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
