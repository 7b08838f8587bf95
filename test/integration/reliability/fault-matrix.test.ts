/**
 * Fault matrix: every fault switch of the demo service against the real core,
 * observed only through its handlers and events. For each fault: the last good list is
 * kept, one specific error is raised (not one alert per retry), and the app recovers by
 * itself once the fault clears. Per-attempt timeout and Retry-After are kept short.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError, AssetRowSnapshot, ErrorKind, SyncStatus } from '../../../src-main/contract';
import { startDemoService, type DemoService, type FaultSettings } from '../../../src-main/demo';
import { distinctErrors, envFor, makeTempDir, startCore, waitFor, type CoreRun } from '../../soak/harness';

const ASSETS = 40;
let clockOffsetMs = 0;
let demo: DemoService;
let run: CoreRun;
let temp: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  demo = await startDemoService({ assetCount: ASSETS, now: () => Date.now() + clockOffsetMs });
  temp = await makeTempDir('fleet-faults-');
  run = await startCore({ userDataDir: temp.dir, env: envFor(demo, { FLEET_HTTP_TIMEOUT_MS: '700' }) });
  await waitFor(() => run.assetEvents().find((s) => s.source === 'network'), 'the first asset list');
});

afterAll(async () => {
  await run?.stop();
  await demo?.close();
  await temp?.remove();
});

beforeEach(async () => {
  demo.controls.clearFaults();
  clockOffsetMs = 0;
});

async function goodSnapshot(): Promise<AssetRowSnapshot> {
  const res = await run.call('assets:refresh');
  if (!res.ok) throw new Error(`baseline refresh failed: ${res.error.message}`);
  // The refresh answers nothing; the list it loaded is the one the core now holds.
  const snapshot = await stored();
  expect(snapshot.assets).toHaveLength(ASSETS);
  return snapshot;
}

async function stored(): Promise<AssetRowSnapshot> {
  const res = await run.call('assets:get');
  if (!res.ok || !res.value) throw new Error('assets:get returned nothing');
  return res.value;
}

interface FaultOutcome {
  before: AssetRowSnapshot;
  errors: AppError[];
  alerts: AppError[];
  statuses: SyncStatus[];
  assetEvents: AssetRowSnapshot[];
}

/** Baseline, then `attempts` manual refreshes under `fault`, checking the data is kept. */
async function underTransportFault(fault: Partial<FaultSettings>, attempts = 2): Promise<FaultOutcome> {
  const before = await goodSnapshot();
  const mark = run.events.length;
  demo.controls.setFaults(fault);
  const errors: AppError[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await run.call('assets:refresh');
    expect(res.ok, `refresh ${i + 1} should fail under ${JSON.stringify(fault)}`).toBe(false);
    if (!res.ok) errors.push(res.error);
    const kept = await stored();
    expect(kept.fetchedAt).toBe(before.fetchedAt);
    expect(kept.assets).toHaveLength(ASSETS);
  }
  const since = run.events.slice(mark);
  const statuses = since.filter((e) => e.name === 'status').map((e) => e.payload as SyncStatus);
  const assetEvents = since.filter((e) => e.name === 'assets').map((e) => e.payload as AssetRowSnapshot);
  // A transport fault never replaces or patches the shown list, let alone with a shorter one.
  expect(assetEvents).toEqual([]);
  expect(since.filter((e) => e.name === 'assets:changed')).toEqual([]);
  return { before, errors, alerts: distinctErrors(statuses), statuses, assetEvents };
}

/** Clears the faults and waits for the schedule (or a manual refresh) to bring fresh data. */
async function recovers(before: AssetRowSnapshot, manual = true): Promise<void> {
  demo.controls.clearFaults();
  clockOffsetMs = 0;
  if (manual) {
    const res = await run.call('assets:refresh');
    expect(res.ok).toBe(true);
  }
  const status = await waitFor(async () => {
    const s = await run.call('status:get');
    return s.ok && s.value.state === 'online' ? s.value : null;
  }, 'the status to return to online', 30_000);
  expect(status.error).toBeNull();
  const now = await stored();
  expect(now.assets).toHaveLength(ASSETS);
  expect(Date.parse(now.fetchedAt)).toBeGreaterThan(Date.parse(before.fetchedAt));
}

function expectOneAlert(outcome: FaultOutcome, kind: ErrorKind, message: RegExp): void {
  for (const e of outcome.errors) expect(e.kind).toBe(kind);
  expect(outcome.alerts.length, `alerts raised: ${outcome.alerts.map((a) => a.message).join(' | ')}`).toBe(1);
  expect(outcome.alerts[0].kind).toBe(kind);
  expect(outcome.alerts[0].message).toMatch(message);
  const last = outcome.statuses.at(-1);
  expect(last?.error).toEqual(outcome.alerts[0]);
}

describe('fault matrix', () => {
  it('latency and jitter: slower answers, same data, no error', async () => {
    const before = await goodSnapshot();
    const mark = run.events.length;
    demo.controls.setFaults({ latencyMs: 150, jitterMs: 250 });
    for (let i = 0; i < 2; i++) {
      const res = await run.call('assets:refresh');
      expect(res.ok).toBe(true);
      expect((await stored()).assets).toHaveLength(ASSETS);
    }
    const statuses = run.events.slice(mark).filter((e) => e.name === 'status').map((e) => e.payload as SyncStatus);
    expect(distinctErrors(statuses)).toEqual([]);
    await recovers(before);
  });

  it('5xx on every request: list kept, one server alert, recovery', async () => {
    const outcome = await underTransportFault({ errorRate: 1 }, 3);
    expectOneAlert(outcome, 'server', /failed to answer \/v1\/branch\/current\/assets \(50[023]\)/);
    expect(outcome.statuses.at(-1)?.state).toBe('offline');
    await recovers(outcome.before);
  });

  it('a 5xx now and then is absorbed by the retries', async () => {
    const before = await goodSnapshot();
    demo.controls.setFaults({ errorRate: 0.3 });
    let ok = 0;
    for (let i = 0; i < 4; i++) if ((await run.call('assets:refresh')).ok) ok += 1;
    expect(ok).toBeGreaterThanOrEqual(3);
    await recovers(before);
  });

  it('429 burst with a short Retry-After: waited out inside the refresh', async () => {
    const before = await goodSnapshot();
    demo.controls.clearRequests();
    demo.controls.setFaults({ burst429: { remaining: 2, retryAfterSec: 1 } });
    const res = await run.call('assets:refresh');
    expect(res.ok).toBe(true);
    const statuses = demo.controls.requests.filter((r) => r.path === '/v1/branch/current/assets').map((r) => r.status);
    expect(statuses).toEqual([429, 429, 200]);
    await recovers(before);
  });

  it('429 burst longer than the retries: rate-limited once, the schedule honours Retry-After', async () => {
    const outcome = await underTransportFault({ burst429: { remaining: 1000, retryAfterSec: 1 } }, 2);
    expectOneAlert(outcome, 'rate-limited', /limiting requests/);
    expect(outcome.errors[0].retryAfterMs).toBe(1000);
    await recovers(outcome.before);
  });

  it('429 with a Retry-After beyond what a request waits: fails at once, next attempt after it', async () => {
    const before = await goodSnapshot();
    demo.controls.setFaults({ burst429: { remaining: 1000, retryAfterSec: 600 } });
    const asked = Date.now();
    const res = await run.call('assets:refresh');
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.kind).toBe('rate-limited');
      expect(res.error.retryAfterMs).toBe(600_000);
    }
    const status = await run.call('status:get');
    expect(status.ok && status.value.state).toBe('offline');
    const next = status.ok ? Date.parse(status.value.nextAttemptAt ?? '') : NaN;
    expect(next - asked).toBeGreaterThanOrEqual(590_000);
    expect((await stored()).fetchedAt).toBe(before.fetchedAt);
    await recovers(before);
  });

  it('connection resets: network error once, list kept, recovery', async () => {
    const outcome = await underTransportFault({ resetRate: 1 }, 3);
    expectOneAlert(outcome, 'network', /connection|reached/);
    expect(outcome.statuses.at(-1)?.state).toBe('offline');
    await recovers(outcome.before);
  });

  it('truncated bodies: network error once, list kept, recovery', async () => {
    const outcome = await underTransportFault({ truncateRate: 1 }, 2);
    expectOneAlert(outcome, 'network', /broke off/);
    await recovers(outcome.before);
  });

  it('wrong content type (an HTML page): bad payload explained once, list kept, recovery', async () => {
    const outcome = await underTransportFault({ wrongContentType: true }, 2);
    expectOneAlert(outcome, 'bad-payload', /web page instead of data/);
    expect(outcome.errors[0].path).toBe('$');
    expect(outcome.statuses.at(-1)?.state).toBe('error');
    await recovers(outcome.before);
  });

  it('stalled body after the headers: timeout once (short per-attempt timeout), list kept, recovery', async () => {
    const outcome = await underTransportFault({ stallAfterHeaders: true }, 2);
    expectOneAlert(outcome, 'timeout', /did not finish sending its answer/);
    await recovers(outcome.before);
  });

  it('huge payload: loaded without a crash, the real assets all there', async () => {
    const before = await goodSnapshot();
    demo.controls.setFaults({ hugePayload: true, hugePayloadBytes: 8 * 1024 * 1024 });
    const res = await run.call('assets:refresh');
    if (res.ok) {
      const loaded = await stored();
      for (const a of before.assets) expect(loaded.assets.some((b) => b.assetId === a.assetId)).toBe(true);
    } else {
      // Refusing is acceptable only with a specific error and the last list kept.
      expect(['bad-payload', 'network', 'timeout']).toContain(res.error.kind);
      expect((await stored()).fetchedAt).toBe(before.fetchedAt);
    }
    await recovers(before);
  });

  it('malformed values: assets kept with issues, unusable ones reported as skipped, nothing thrown', async () => {
    const before = await goodSnapshot();
    demo.controls.setFaults({ malformedRate: 0.5 });
    const res = await run.call('assets:refresh');
    expect(res.ok).toBe(true);
    const snap = await stored();
    expect(snap.assets.length + snap.skipped.length).toBe(ASSETS);
    const flagged = snap.assets.filter((a) => a.issues.length > 0);
    expect(flagged.length + snap.skipped.length).toBeGreaterThan(0);
    for (const a of flagged) for (const issue of a.issues) expect(issue.path).toMatch(/^\$/);
    for (const s of snap.skipped) {
      expect(s.path).toMatch(/^\$\[\d+\]/);
      expect(s.reason.length).toBeGreaterThan(5);
    }
    const status = await run.call('status:get');
    expect(status.ok && status.value.state).toBe('online');
    await recovers(before);
  });

  it('forged and expired embed links are refused by the service; a fresh embed:open works again', async () => {
    const opened = await run.call('embed:open', { kind: 'branch' });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const session = opened.value;
    const expiresIn = Date.parse(session.expiresAt) - Date.parse(session.requestedAt);
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000 + 1000);

    const open = (url: string) => fetch(url, { redirect: 'manual' }).then((r) => r.status);
    expect(await open(session.url)).toBe(302);
    const forged = new URL(session.url);
    forged.searchParams.set('jws', `${forged.searchParams.get('jws')!.slice(0, -4)}AAAA`);
    expect(await open(forged.toString())).toBe(401);

    clockOffsetMs = 2 * 60 * 60_000;
    expect(await open(session.url)).toBe(401);
    const renewed = await run.call('embed:open', { kind: 'branch' });
    expect(renewed.ok).toBe(true);
    if (renewed.ok) {
      expect(renewed.value.url).not.toBe(session.url);
      expect(await open(renewed.value.url)).toBe(302);
    }
    clockOffsetMs = 0;
  });

  // Last: it revokes every token of the demo service.
  it('token revoked mid-session: signed out, data kept, back online after a new token', async () => {
    const before = await goodSnapshot();
    const mark = run.events.length;
    demo.tokens.revokeAll();
    const res = await run.call('assets:refresh');
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.kind).toBe('unauthorized');
    const statuses = run.events.slice(mark).filter((e) => e.name === 'status').map((e) => e.payload as SyncStatus);
    expect(statuses.at(-1)?.state).toBe('signed-out');
    expect(distinctErrors(statuses)).toHaveLength(1);
    expect(run.events.slice(mark).some((e) => e.name === 'assets' || e.name === 'assets:changed')).toBe(false);
    expect((await stored()).fetchedAt).toBe(before.fetchedAt);

    const fresh = demo.tokens.issue().accessToken;
    const pasted = await run.call('auth:pasteToken', 'env', fresh);
    expect(pasted.ok && pasted.value.ok).toBe(true);
    await recovers(before, false);
  });
});
