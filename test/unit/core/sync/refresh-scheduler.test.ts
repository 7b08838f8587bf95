import { describe, expect, it } from 'vitest';
import { RefreshScheduler } from '../../../../src-main/core/sync/refresh-scheduler';
import { FleetError } from '../../../../src-main/core/errors';
import type { SyncStatus } from '../../../../src-main/contract';

/** A hand-driven clock: timers fire only when the test advances time. */
class FakeClock {
  t = Date.parse('2026-03-01T10:00:00Z');
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  timers = {
    setTimeout: (fn: () => void, ms: number) => {
      const id = this.nextId++;
      this.queue.push({ at: this.t + ms, fn, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      this.queue = this.queue.filter((e) => e.id !== id);
    },
  };
  now = () => this.t;
  pending(): number[] {
    return this.queue.map((e) => e.at - this.t);
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      this.queue.sort((a, b) => a.at - b.at);
      const next = this.queue[0];
      if (!next || next.at > end) break;
      this.queue.shift();
      this.t = next.at;
      next.fn();
    }
    this.t = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function setup(outcomes: (() => Promise<string>)[], intervalSec = 60) {
  const clock = new FakeClock();
  let calls = 0;
  const scheduler = new RefreshScheduler<string>({
    refresh: () => {
      const outcome = outcomes[Math.min(calls, outcomes.length - 1)];
      calls += 1;
      return outcome();
    },
    intervalSec: () => intervalSec,
    profileId: () => 'demo',
    now: clock.now,
    timers: clock.timers,
  });
  const events: SyncStatus[] = [];
  scheduler.onStatus((s) => events.push(s));
  return { clock, scheduler, events, calls: () => calls };
}

const ok = () => Promise.resolve('snapshot');
const netErr = () => Promise.reject(new FleetError('network', 'The service refused the connection (/v1/branch/current/assets)'));
const badPayload = () => Promise.reject(new FleetError('bad-payload', 'The asset list is not a list', { path: '$' }));
const signedOut = () => Promise.reject(new FleetError('unauthorized', 'Please sign in again'));

describe('RefreshScheduler', () => {
  it('can make its first attempt later (a start that showed the offline copy), saying when', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.start(1500);
    await clock.advance(1499);
    expect(calls()).toBe(0);
    expect(scheduler.status()).toMatchObject({ state: 'starting', nextAttemptAt: '2026-03-01T10:00:01.500Z' });
    await clock.advance(1);
    expect(calls()).toBe(1);
    expect(scheduler.status()).toMatchObject({ state: 'online', nextAttemptAt: '2026-03-01T10:01:01.500Z' });
    expect(clock.pending()).toEqual([60_000]);
  });

  it('refreshes once when asked during the wait for the first attempt, and stops waiting when stopped', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.start(1500);
    await scheduler.refreshNow();
    await clock.advance(2000);
    expect(calls()).toBe(1);
    scheduler.stop();
    const other = setup([ok]);
    other.scheduler.start(1500);
    other.scheduler.stop();
    await other.clock.advance(5000);
    expect(other.calls()).toBe(0);
  });

  it('refreshes at start and then every interval, going online', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.start();
    await clock.advance(0);
    expect(calls()).toBe(1);
    expect(scheduler.status()).toMatchObject({ state: 'online', lastSyncAt: '2026-03-01T10:00:00.000Z', nextAttemptAt: '2026-03-01T10:01:00.000Z', error: null });
    await clock.advance(59_999);
    expect(calls()).toBe(1);
    await clock.advance(1);
    expect(calls()).toBe(2);
    await clock.advance(120_000);
    expect(calls()).toBe(4);
  });

  it('goes offline on network errors, keeps lastSyncAt, and backs off 5 s, 10 s, 20 s … capped at 5 min', async () => {
    const { clock, scheduler } = setup([ok, ...Array(12).fill(netErr), ok]);
    scheduler.start();
    await clock.advance(60_000); // first ok, then the first failure at 60 s
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      expect(scheduler.status().state).toBe('offline');
      waits.push(clock.pending()[0]);
      await clock.advance(clock.pending()[0]);
    }
    expect(waits).toEqual([5000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000, 300_000]);
    expect(scheduler.status().lastSyncAt).toBe('2026-03-01T10:00:00.000Z');
    expect(scheduler.status().error?.kind).toBe('network');
  });

  it('waits the retryAfterMs a throttling error asks for', async () => {
    const throttled = () => Promise.reject(new FleetError('rate-limited', 'Slow down', { retryAfterMs: 900_000 }));
    const { clock, scheduler } = setup([throttled]);
    scheduler.start();
    await clock.advance(0);
    expect(clock.pending()).toEqual([900_000]);
    expect(scheduler.status().state).toBe('offline');
  });

  it('reports a repeated error once: same error object, no new alert while retries fail the same way', async () => {
    const { clock, scheduler, events } = setup([badPayload]);
    scheduler.start();
    await clock.advance(0);
    const first = scheduler.status().error;
    expect(scheduler.status().state).toBe('error');
    expect(first).toMatchObject({ kind: 'bad-payload', path: '$' });
    await clock.advance(60_000);
    const errorEvents = events.filter((e) => e.error !== null);
    expect(new Set(errorEvents.map((e) => JSON.stringify(e.error))).size).toBe(1);
    // background retries stay in 'error' rather than flickering through 'syncing'
    expect(events.slice(2).every((e) => e.state === 'error')).toBe(true);
  });

  it('keeps one alert through an outage whose detail changes (502, then 503, then a reset)', async () => {
    const e502 = () => Promise.reject(new FleetError('server', 'The service failed (HTTP 502)', { status: 502 }));
    const e503 = () => Promise.reject(new FleetError('server', 'The service failed (HTTP 503)', { status: 503 }));
    const { clock, scheduler, events } = setup([ok, e502, e503, netErr, ok]);
    scheduler.start();
    await clock.advance(60_000);
    const first = scheduler.status().error;
    expect(first).toMatchObject({ status: 502 });
    await clock.advance(5_000);
    await clock.advance(10_000);
    expect(scheduler.status().error).toBe(first);
    const alerts = new Set(events.map((e) => e.error).filter((e) => e !== null));
    expect(alerts.size).toBe(1);
    await clock.advance(20_000);
    expect(scheduler.status()).toMatchObject({ state: 'online', error: null });
  });

  it('emits only when the status changed', async () => {
    const { clock, scheduler, events } = setup([ok]);
    scheduler.setNotice(null);
    scheduler.setKeychainProblem(null);
    expect(events).toHaveLength(0);
    scheduler.start();
    await clock.advance(0);
    expect(events.map((e) => e.state)).toEqual(['syncing', 'online']);
    scheduler.setNotice('Store moved aside');
    scheduler.setNotice('Store moved aside');
    expect(events).toHaveLength(3);
  });

  it("stops at 'signed-out' on unauthorized until resume()", async () => {
    const { clock, scheduler, calls } = setup([signedOut, ok]);
    scheduler.start();
    await clock.advance(0);
    expect(scheduler.status()).toMatchObject({ state: 'signed-out', nextAttemptAt: null });
    await clock.advance(3_600_000);
    expect(calls()).toBe(1);
    scheduler.resume();
    await clock.advance(0);
    expect(scheduler.status()).toMatchObject({ state: 'online', error: null });
    await clock.advance(60_000);
    expect(calls()).toBe(3);
  });

  it('refreshNow coalesces with a refresh in flight and returns its result', async () => {
    let release: (v: string) => void = () => undefined;
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    const { clock, scheduler, calls } = setup([slow]);
    scheduler.start();
    const a = scheduler.refreshNow();
    const b = scheduler.refreshNow();
    expect(calls()).toBe(1);
    release('fresh');
    await expect(a).resolves.toBe('fresh');
    await expect(b).resolves.toBe('fresh');
    await clock.advance(0);
    expect(clock.pending()).toEqual([60_000]);
  });

  it('refreshNow rejects with the error and still updates the status', async () => {
    const { scheduler } = setup([netErr]);
    await expect(scheduler.refreshNow()).rejects.toMatchObject({ kind: 'network' });
    expect(scheduler.status().state).toBe('offline');
  });

  it('applies a changed interval from the last sync', async () => {
    let interval = 60;
    const clock = new FakeClock();
    const scheduler = new RefreshScheduler({ refresh: ok, intervalSec: () => interval, profileId: () => 'p', now: clock.now, timers: clock.timers });
    scheduler.start();
    await clock.advance(10_000);
    interval = 30;
    scheduler.reschedule();
    expect(clock.pending()).toEqual([20_000]);
    expect(scheduler.status().nextAttemptAt).toBe('2026-03-01T10:00:30.000Z');
  });

  it('stop() cancels the timer', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.start();
    await clock.advance(0);
    scheduler.stop();
    await clock.advance(600_000);
    expect(calls()).toBe(1);
    expect(scheduler.status().nextAttemptAt).toBeNull();
  });
});

describe('RefreshScheduler after a sign-out', () => {
  it('restarts the schedule when a manual refresh works again', async () => {
    const { clock, scheduler, calls } = setup([signedOut, ok]);
    scheduler.start();
    await clock.advance(0);
    expect(scheduler.status().state).toBe('signed-out');
    await scheduler.refreshNow();
    expect(scheduler.status().state).toBe('online');
    await clock.advance(60_000);
    expect(calls()).toBe(3);
  });

  it('stays stopped after stop(), even when a manual refresh works', async () => {
    const { clock, scheduler, calls } = setup([signedOut, ok]);
    scheduler.start();
    await clock.advance(0);
    scheduler.stop();
    await scheduler.refreshNow();
    await clock.advance(600_000);
    expect(calls()).toBe(2);
  });
});

describe('RefreshScheduler follows sign-in news (signedIn / signedOut)', () => {
  it('stops at once on a sign-out, without asking the service, and resumes on a new token', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.start();
    await clock.advance(0);
    expect(calls()).toBe(1);
    scheduler.signedOut();
    expect(scheduler.status()).toMatchObject({ state: 'signed-out', nextAttemptAt: null, error: { kind: 'unauthorized' } });
    await clock.advance(3_600_000);
    expect(calls()).toBe(1);
    scheduler.signedIn();
    await clock.advance(0);
    expect(calls()).toBe(2);
    expect(scheduler.status()).toMatchObject({ state: 'online', error: null });
    await clock.advance(60_000);
    expect(calls()).toBe(3);
  });

  it('ignores a renewed token while online (no extra refresh)', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.start();
    await clock.advance(0);
    scheduler.signedIn();
    await clock.advance(0);
    expect(calls()).toBe(1);
  });

  it('tries at once after a new token while offline', async () => {
    const { clock, scheduler, calls } = setup([netErr, ok]);
    scheduler.start();
    await clock.advance(0);
    expect(scheduler.status().state).toBe('offline');
    scheduler.signedIn();
    await clock.advance(0);
    expect(calls()).toBe(2);
    expect(scheduler.status().state).toBe('online');
  });

  it('does nothing before start() or after stop(): start() makes the first attempt', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.signedIn();
    scheduler.signedOut();
    await clock.advance(0);
    expect(calls()).toBe(0);
    expect(scheduler.status().state).toBe('starting');
    scheduler.start();
    await clock.advance(0);
    scheduler.stop();
    scheduler.signedOut();
    scheduler.signedIn();
    await clock.advance(3_600_000);
    expect(calls()).toBe(1);
    expect(scheduler.status().state).toBe('online');
  });

  it('leaves an attempt under way to report for itself', async () => {
    let release!: () => void;
    const slow = () => new Promise<string>((r) => (release = () => r('snapshot')));
    const { clock, scheduler } = setup([slow, ok]);
    scheduler.start();
    await clock.advance(0);
    scheduler.signedOut();
    expect(scheduler.status().state).toBe('syncing');
    release();
    await clock.advance(0);
    expect(scheduler.status().state).toBe('online');
  });

  it('starts over for the next profile after a switch, even when the last one was signed out', async () => {
    const { clock, scheduler, calls } = setup([ok]);
    scheduler.start();
    await clock.advance(0);
    scheduler.signedOut();
    scheduler.reset();
    await clock.advance(0);
    expect(calls()).toBe(2);
    expect(scheduler.status().state).toBe('online');
  });
});
