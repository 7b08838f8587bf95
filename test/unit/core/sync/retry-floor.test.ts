/**
 * No hot loops: the refresh schedule never waits less than MIN_RETRY_WAIT_MS,
 * whatever the error says (`retryAfterMs: 0`, a past date read as 0) and whatever the
 * options say. The clock is driven by hand and only a bounded number of timers fire,
 * so a schedule that spins fails here (too many refreshes) instead of hanging.
 */
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { MIN_RETRY_WAIT_MS } from '../../../../src-main/core/http/retry-policy';
import { RefreshScheduler, type SchedulerTimers } from '../../../../src-main/core/sync/refresh-scheduler';

/** Records every wait asked for; fires at most `budget` of them. */
function recordingTimers(budget: number) {
  const waits: number[] = [];
  const due: Array<() => void> = [];
  const timers: SchedulerTimers = {
    setTimeout(fn, ms) {
      waits.push(ms);
      due.push(fn);
      return due.length;
    },
    clearTimeout() {},
  };
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const fire = async (): Promise<void> => {
    await settle();
    for (let fired = 0; fired < budget && due.length > 0; fired++) {
      due.shift()?.();
      await settle();
    }
  };
  return { timers, waits, fire };
}

describe('the refresh schedule waits at least 5 s', () => {
  it.each([
    ['a rate-limited answer asking for 0 ms', () => new FleetError('rate-limited', 'The service is limiting requests (429).', { status: 429, retryAfterMs: 0 })],
    ['a server error asking for 0 ms', () => new FleetError('server', 'The service failed (503).', { status: 503, retryAfterMs: 0 })],
    ['a network error', () => new FleetError('network', 'The service refused the connection')],
  ])('after %s, even with minBackoffMs 0', async (_what, error) => {
    const { timers, waits, fire } = recordingTimers(10);
    let refreshes = 0;
    const scheduler = new RefreshScheduler({
      refresh: async () => {
        refreshes += 1;
        throw error();
      },
      intervalSec: () => 60,
      profileId: () => 'p',
      now: () => Date.parse('2026-03-01T10:00:00Z'),
      timers,
      minBackoffMs: 0,
    });
    scheduler.start();
    await fire();
    scheduler.stop();
    expect(refreshes).toBe(11); // the first one, then one per fired timer: no refresh without a wait
    expect(waits.length).toBeGreaterThanOrEqual(10);
    for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(MIN_RETRY_WAIT_MS);
  });

  it('after a changed interval whose time has already passed', async () => {
    const { timers, waits } = recordingTimers(0);
    let t = Date.parse('2026-03-01T10:00:00Z');
    let interval = 60;
    const scheduler = new RefreshScheduler({ refresh: async () => 'ok', intervalSec: () => interval, profileId: () => 'p', now: () => t, timers });
    await scheduler.refreshNow();
    scheduler.start();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    t += 50_000;
    interval = 15;
    scheduler.reschedule();
    expect(waits.at(-1)).toBeGreaterThanOrEqual(MIN_RETRY_WAIT_MS);
    scheduler.stop();
  });
});
