/**
 * No hot loops: `Retry-After: 0` or a date in the past must not make a hot loop.
 * Every wait a service asks for is at least MIN_RETRY_WAIT_MS. The fake service answers
 * a bounded number of times and then throws, so a client that loops fails the test
 * instead of hanging it.
 */
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { MIN_RETRY_WAIT_MS } from '../../../../src-main/core/http/retry-policy';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import { boundedSleep } from './bounded-fakes';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const URL_ASSETS = 'https://fleet.example/v1/branch/current/assets';

function throttling(status: number, retryAfter: string, maxCalls = 20) {
  let calls = 0;
  const { sleep, waits: sleeps } = boundedSleep();
  const fetchImpl = (async () => {
    calls += 1;
    if (calls > maxCalls) throw new Error(`the client asked ${maxCalls + 1} times: a retry loop`);
    return new Response('{}', { status, headers: { 'retry-after': retryAfter } });
  }) as unknown as typeof fetch;
  const http = createHttpClient(pinTokenSource({ getToken: async () => 'tok-floor-abcdef123456', handleUnauthorized: async () => false }, [URL_ASSETS]), {
    fetch: fetchImpl,
    now: () => NOW,
    random: () => 0,
    sleep,
  });
  return { http, sleeps, calls: () => calls };
}

describe('Retry-After floor', () => {
  it('is five seconds', () => {
    expect(MIN_RETRY_WAIT_MS).toBe(5_000);
  });

  it.each([
    ['0', 429],
    ['0', 503],
    ['1', 429],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 429], // an hour ago
    ['Thu, 01 Jan 2026 00:00:00 GMT', 503], // now
  ])('waits at least 5 s for Retry-After %s (status %i), and gives up after the retries', async (retryAfter, status) => {
    const { http, sleeps, calls } = throttling(status, retryAfter);
    const err = await http.get({ url: URL_ASSETS, retries: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FleetError);
    expect(calls()).toBe(4);
    expect(sleeps).toHaveLength(3);
    for (const ms of sleeps) expect(ms).toBeGreaterThanOrEqual(MIN_RETRY_WAIT_MS);
  });

  it('reports the wait it will really make to the UI', async () => {
    const { http } = throttling(429, '0', 2);
    const untils: number[] = [];
    await http.get({ url: URL_ASSETS, retries: 1, onWait: (w) => untils.push(w.until.getTime()) }).catch(() => undefined);
    expect(untils).toEqual([NOW + MIN_RETRY_WAIT_MS]);
  });
});
