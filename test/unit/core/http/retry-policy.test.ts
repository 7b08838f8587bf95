/** The retry policy: retryable and throttling answers, backoff, Retry-After and its floor. */
import { describe, expect, it } from 'vitest';
import {
  AEMP_THROTTLE_STATUSES,
  backoffCeiling,
  backoffDelay,
  isRetryableFailure,
  MAX_RETRY_AFTER_MS,
  MIN_RETRY_WAIT_MS,
  parseRetryAfter,
  retryWait,
  statusRetry,
} from '../../../../src-main/core/http/retry-policy';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('statusRetry', () => {
  it('reads 429 as throttling from any service', () => {
    expect(statusRetry(429)).toBe('throttled');
    expect(statusRetry(429, AEMP_THROTTLE_STATUSES)).toBe('throttled');
  });

  it('reads 405 and 503 as throttling from a fleet (AEMP) feed', () => {
    expect(AEMP_THROTTLE_STATUSES).toEqual([405, 503]);
    expect(statusRetry(405, AEMP_THROTTLE_STATUSES)).toBe('throttled');
    expect(statusRetry(503, AEMP_THROTTLE_STATUSES)).toBe('throttled');
    expect(Object.isFrozen(AEMP_THROTTLE_STATUSES)).toBe(true);
  });

  it('reads 5xx as server trouble worth a retry, and 503 as such from the main service', () => {
    expect(statusRetry(500)).toBe('retry');
    expect(statusRetry(503)).toBe('retry');
    expect(statusRetry(599)).toBe('retry');
    expect(statusRetry(502, AEMP_THROTTLE_STATUSES)).toBe('retry');
  });

  it('never asks again after another 4xx (the answer would be the same)', () => {
    expect(statusRetry(400)).toBe('final');
    expect(statusRetry(404)).toBe('final');
    expect(statusRetry(405)).toBe('final');
    expect(statusRetry(499)).toBe('final');
  });
});

describe('isRetryableFailure', () => {
  it('retries a failure with no answer (network, timeout) and nothing else', () => {
    expect(isRetryableFailure('network')).toBe(true);
    expect(isRetryableFailure('timeout')).toBe(true);
    expect(isRetryableFailure('cancelled')).toBe(false);
    expect(isRetryableFailure('bad-payload')).toBe(false);
    expect(isRetryableFailure('invalid-argument')).toBe(false);
  });
});

describe('backoffCeiling', () => {
  const steps = { baseMs: 5_000, maxMs: 300_000 };
  it('starts at the base step and doubles each retry', () => {
    expect(backoffCeiling(0, steps)).toBe(5_000);
    expect(backoffCeiling(1, steps)).toBe(10_000);
    expect(backoffCeiling(3, steps)).toBe(40_000);
  });
  it('never goes over the cap, even after very many retries', () => {
    expect(backoffCeiling(6, steps)).toBe(300_000);
    expect(backoffCeiling(10_000, steps)).toBe(300_000);
  });
  it('treats a negative retry count as the first', () => {
    expect(backoffCeiling(-3, steps)).toBe(5_000);
  });
});

describe('backoffDelay', () => {
  const opts = (random: number) => ({ baseMs: 500, maxMs: 30_000, random: () => random });

  it('doubles the ceiling each retry and scales it by the random draw, rounded down', () => {
    expect(backoffDelay(0, opts(0.5))).toBe(250);
    expect(backoffDelay(1, opts(0.5))).toBe(500);
    expect(backoffDelay(3, opts(0.999))).toBe(3996);
  });

  it('never goes over the cap, even after very many retries', () => {
    expect(backoffDelay(6, opts(1))).toBe(30_000);
    expect(backoffDelay(1_000, opts(1))).toBe(30_000);
    expect(backoffDelay(31, { baseMs: 1, maxMs: Number.MAX_SAFE_INTEGER, random: () => 1 })).toBe(2 ** 30);
  });

  it('keeps a random source out of [0, 1] inside the range', () => {
    expect(backoffDelay(2, opts(-5))).toBe(0);
    expect(backoffDelay(2, opts(7))).toBe(2000);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds, trimmed', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7_000);
    expect(parseRetryAfter(' 7 ', NOW)).toBe(7_000);
    expect(parseRetryAfter('0', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time from now, never negative', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', NOW)).toBe(0);
  });

  it('caps what it reports at one hour', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(3_600_000);
    expect(parseRetryAfter('999999', NOW)).toBe(3_600_000);
    expect(parseRetryAfter('3600', NOW)).toBe(3_600_000);
    expect(parseRetryAfter('3599', NOW)).toBe(3_599_000);
  });

  it('has nothing for a missing, blank or unreadable header', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter('', NOW)).toBeNull();
    expect(parseRetryAfter('   ', NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('5s', NOW)).toBeNull();
    expect(parseRetryAfter('x5', NOW)).toBeNull();
  });
});

describe('retryWait', () => {
  it('waits at least five seconds and otherwise what was asked', () => {
    expect(MIN_RETRY_WAIT_MS).toBe(5_000);
    expect(retryWait(0)).toBe(5_000);
    expect(retryWait(4_999)).toBe(5_000);
    expect(retryWait(5_001)).toBe(5_001);
  });
});
