/**
 * The background history fetch against a fake fleet service that counts requests: a few
 * machines at a time, Retry-After waited out, a past day fetched once, resumed after a stop,
 * cancellable, a failing machine listed without stopping the rest.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UtilizationProgress } from '../../../../src-main/contract';
import { AempClient } from '../../../../src-main/core/aemp/aemp-client';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import type { OfflineStore } from '../../../../src-main/core/ports';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { dayBounds } from '../../../../src-main/core/utilization/days';
import { HistoryFetcher, type FetchJob } from '../../../../src-main/core/utilization/history-fetcher';
import type { LinkedMachine } from '../../../../src-main/core/utilization/sources';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const ORIGIN = 'https://aemp.example';
const ZONE = 'America/Denver';
const RANGE = { from: '2026-01-12', to: '2026-01-18' };
const bounds = dayBounds(RANGE, ZONE);
const H = 3_600_000;

interface FakeService {
  requests: string[];
  maxInFlight: number;
  sleeps: number[];
  /** Answers still to come with 429 + Retry-After (seconds). */
  throttle: number[];
  failing: Set<string>;
  /** Histories of this machine also carry a record of another machine, naming it. */
  foreignIn: string | null;
  /** Histories end after this many days of readings and link their next page to another site. */
  cutAfterDays: number | null;
  /** Requests wait for this before answering (to test cancelling). */
  gate: Promise<void> | null;
}

/** A counter that runs 8 h a day from 08:00 Denver, read hourly. */
function historyBody(identifier: string, startIso: string, endIso: string): string {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  const points: { datetime: string; Hour: number }[] = [];
  for (let t = Math.ceil(start / H) * H; t <= end; t += H) {
    const localHour = new Date(t - 7 * H).getUTCHours();
    const days = Math.floor((t - 7 * H - Date.UTC(2026, 0, 1)) / (24 * H));
    const today = Math.min(Math.max(localHour - 8, 0), 8);
    points.push({ datetime: new Date(t).toISOString().replace('.000', ''), Hour: 1000 + days * 8 + today });
  }
  return JSON.stringify({ CumulativeOperatingHours: points, Links: [] });
}

function fakeService(): { service: FakeService; source: AempClient } {
  const service: FakeService = { requests: [], maxInFlight: 0, sleeps: [], throttle: [], failing: new Set(), gate: null, cutAfterDays: null, foreignIn: null };
  let inFlight = 0;
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    service.requests.push(url.pathname);
    inFlight++;
    service.maxInFlight = Math.max(service.maxInFlight, inFlight);
    try {
      await new Promise((r) => setTimeout(r, 1));
      if (service.gate) await service.gate;
      const retryAfter = service.throttle.shift();
      if (retryAfter !== undefined) return new Response('{}', { status: 429, headers: { 'retry-after': String(retryAfter), 'content-type': 'application/json' } });
      const [, , , , , identifier, , start, end] = url.pathname.split('/').map(decodeURIComponent);
      if (service.failing.has(identifier)) return new Response('{"error":"broken"}', { status: 500, headers: { 'content-type': 'application/json' } });
      if (service.cutAfterDays !== null) {
        const cutEnd = new Date(Date.parse(start) + service.cutAfterDays * 24 * H).toISOString();
        const body = JSON.parse(historyBody(identifier, start, cutEnd)) as { Links: unknown[] };
        body.Links = [{ rel: 'next', href: 'https://elsewhere.example/page2' }];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      if (service.foreignIn === identifier) {
        const body = JSON.parse(historyBody(identifier, start, end)) as { CumulativeOperatingHours: Record<string, unknown>[] };
        const first = body.CumulativeOperatingHours[10];
        body.CumulativeOperatingHours.splice(11, 0, { datetime: first.datetime, Hour: 99_999, SerialNumber: 'OTHER-MACHINE' });
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(historyBody(identifier, start, end), { status: 200, headers: { 'content-type': 'application/json' } });
    } finally {
      inFlight--;
    }
  }) as unknown as typeof globalThis.fetch;
  const tokens = pinTokenSource({ getToken: async () => 'tok-secret', handleUnauthorized: async () => false }, [ORIGIN]);
  const http = createHttpClient(tokens, {
    fetch,
    sleep: async (ms: number) => {
      service.sleeps.push(ms);
    },
    random: () => 0.5,
  });
  return { service, source: new AempClient(http, ORIGIN) };
}

const machines = (n: number): LinkedMachine[] => Array.from({ length: n }, (_, i) => ({ assetId: `thing:${i + 1}`, identifier: `EX-${i + 1}`, identity: [`EX-${i + 1}`] }));
const job = (n: number): FetchJob => ({ profileId: 'p1', zone: ZONE, bounds, machines: machines(n) });

describe('history fetcher', () => {
  let cleanup: () => void;
  let store: OfflineStore;
  let now: number;
  let events: UtilizationProgress[];

  beforeEach(() => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    store = createStoreFactory(temp.dir).open('p1');
    now = Date.parse('2026-01-20T12:00:00Z'); // after the range: every day is past
    events = [];
  });
  afterEach(() => {
    store.close();
    cleanup();
  });

  const fetcher = (source: AempClient, concurrency?: number) =>
    new HistoryFetcher(() => ({ source, store: store.utilization!(), emit: (p) => events.push(p), now: () => now, concurrency }));

  it('fetches each machine once for the whole range and keeps its hours per day', async () => {
    const { service, source } = fakeService();
    const f = fetcher(source);
    const first = f.start(job(3));
    expect(first).toMatchObject({ state: 'running', total: 21, done: 0 });
    const last = await f.settled();
    expect(last).toMatchObject({ state: 'done', total: 21, done: 21, failures: [] });
    expect(service.requests).toHaveLength(3);
    const days = store.utilization!().days(RANGE.from, RANGE.to, ZONE);
    expect(days).toHaveLength(21);
    for (const d of days) expect(d.hours).toBeCloseTo(8);
    expect(events.at(-1)?.state).toBe('done');
  });

  it('never asks for more than its bound of machines at once', async () => {
    const { service, source } = fakeService();
    const f = fetcher(source, 4);
    f.start(job(12));
    await f.settled();
    expect(service.requests).toHaveLength(12);
    expect(service.maxInFlight).toBeLessThanOrEqual(4);
    expect(service.maxInFlight).toBeGreaterThan(1);
  });

  it('never fetches a past day again, and refetches today', async () => {
    const { service, source } = fakeService();
    const f = fetcher(source);
    f.start(job(2));
    await f.settled();
    expect(service.requests).toHaveLength(2);
    const again = f.start(job(2));
    expect(again).toMatchObject({ state: 'done', done: 14, total: 14 });
    await f.settled();
    expect(service.requests).toHaveLength(2);

    now = Date.parse('2026-01-18T20:00:00Z'); // the range's last day is today
    f.start(job(2));
    await f.settled();
    expect(service.requests).toHaveLength(4);
    // Only today was asked for: the request starts before today's midnight, not the range's.
    expect(service.requests[2]).toContain('/2026-01-18T01:00:00Z/');
  });

  it('resumes after a stop: a new fetcher over the same store fetches only what is missing', async () => {
    const { service, source } = fakeService();
    store.utilization!().putDays(ZONE, machines(3).slice(0, 2).flatMap((m) => bounds.map((b) => ({ assetId: m.assetId, day: b.day, hours: 8, marks: [], source: 'aemp' as const, fetchedAt: 'x' }))));
    const f = fetcher(source);
    expect(f.start(job(3))).toMatchObject({ total: 21, done: 14 });
    await f.settled();
    expect(service.requests).toEqual([expect.stringContaining('/EX-3/')]);
  });

  it('waits as long as Retry-After says when the service throttles', async () => {
    const { service, source } = fakeService();
    service.throttle = [7];
    const f = fetcher(source, 1);
    f.start(job(1));
    const last = await f.settled();
    expect(last?.state).toBe('done');
    expect(service.sleeps).toContain(7000);
    expect(service.requests).toHaveLength(2);
  });

  it('lists a machine that fails and fetches the others', async () => {
    const { service, source } = fakeService();
    service.failing.add('EX-2');
    const f = fetcher(source);
    f.start(job(3));
    const last = await f.settled();
    expect(last?.state).toBe('done');
    expect(last?.failures.map((x) => x.assetId)).toEqual(['thing:2']);
    expect(last?.failures[0].message).not.toContain('tok-secret');
    const assets = new Set(store.utilization!().days(RANGE.from, RANGE.to, ZONE).map((d) => d.assetId));
    expect([...assets].sort()).toEqual(['thing:1', 'thing:3']);
  });

  it('leaves the days after a history that stopped early unfetched, to be asked again', async () => {
    const { service, source } = fakeService();
    service.cutAfterDays = 3;
    const f = fetcher(source);
    f.start(job(1));
    const last = await f.settled();
    expect(last?.failures.map((x) => x.assetId)).toEqual(['thing:1']);
    expect(last?.failures[0].message).toContain('elsewhere.example');
    const kept = store.utilization!().days(RANGE.from, RANGE.to, ZONE).map((d) => d.day);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(7);
    service.cutAfterDays = null;
    expect(f.start(job(1)).done).toBe(kept.length);
    await f.settled();
    expect(store.utilization!().days(RANGE.from, RANGE.to, ZONE)).toHaveLength(7);
  });

  it("drops a record naming another machine and marks the day 'foreign'", async () => {
    const { service, source } = fakeService();
    service.foreignIn = 'EX-1';
    const f = fetcher(source);
    f.start(job(1));
    await f.settled();
    const days = store.utilization!().days(RANGE.from, RANGE.to, ZONE);
    expect(days.flatMap((d) => d.marks)).toEqual([{ kind: 'foreign', count: 1 }]);
    for (const d of days) expect(d.hours).toBeCloseTo(8);
  });

  it('says nothing more of a job another one replaced', async () => {
    const { service, source } = fakeService();
    let open!: () => void;
    service.gate = new Promise((r) => (open = r));
    const f = fetcher(source, 2);
    f.start({ ...job(4), profileId: 'first' });
    await new Promise((r) => setTimeout(r, 20));
    f.start({ ...job(4), profileId: 'second' });
    const from = events.length;
    open();
    await f.settled();
    await new Promise((r) => setTimeout(r, 20));
    expect(events.slice(from).every((e) => e.profileId === 'second')).toBe(true);
    expect(events.at(-1)).toMatchObject({ profileId: 'second', state: 'done' });
  });

  it('stops when cancelled: requests in flight are aborted and no further machine is asked for', async () => {
    const { service, source } = fakeService();
    let open!: () => void;
    service.gate = new Promise((r) => (open = r));
    const f = fetcher(source, 2);
    f.start(job(6));
    await new Promise((r) => setTimeout(r, 20));
    f.cancel();
    open();
    const last = await f.settled();
    expect(last?.state).toBe('cancelled');
    expect(service.requests.length).toBeLessThanOrEqual(2);
    expect(store.utilization!().days(RANGE.from, RANGE.to, ZONE)).toEqual([]);
  });
});
