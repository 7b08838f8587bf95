import type { AppError, RoomStatus, SyncStatus } from '../../contract';
import { toAppError } from '../errors';
import { backoffCeiling, MIN_RETRY_WAIT_MS, retryWait } from '../http/retry-policy';

export interface SchedulerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RefreshSchedulerOptions<T> {
  refresh: () => Promise<T>;
  /** Read before every scheduling, so a settings change applies from the next wait on. */
  intervalSec: () => number;
  profileId: () => string;
  now?: () => number;
  timers?: SchedulerTimers;
  /** First wait after a failure; doubled per failure up to maxBackoffMs. Never below MIN_RETRY_WAIT_MS. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const OFFLINE_KINDS = new Set<AppError['kind']>(['network', 'timeout', 'server', 'rate-limited', 'offline']);
/** Errors whose detail may vary from retry to retry during one outage. */
const SAME_OUTAGE_KINDS = new Set<AppError['kind']>(['network', 'timeout', 'server', 'offline']);

const realTimers: SchedulerTimers = {
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/**
 * Runs `refresh` every refresh interval, backs off after failures, and keeps the
 * connection's SyncStatus. Listeners hear about the status only when it changed, and a
 * repeated error stays the same error (the UI alerts once, not on every retry).
 */
/** What the status says after a sign-out (no service answer to quote). */
const SIGNED_OUT: AppError = { kind: 'unauthorized', message: 'Signed out of this connection profile. Sign in again (or paste a token) to refresh the list.' };

export class RefreshScheduler<T = unknown> {
  private current: SyncStatus;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private timer: unknown = null;
  private inFlight: Promise<T> | null = null;
  private running = false;
  /** Between start() and stop(): sign-in news is followed only then. */
  private started = false;
  private stoppedBySignOut = false;
  private failures = 0;
  private readonly now: () => number;
  private readonly timers: SchedulerTimers;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: RefreshSchedulerOptions<T>) {
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? realTimers;
    this.minBackoffMs = Math.max(options.minBackoffMs ?? MIN_RETRY_WAIT_MS, MIN_RETRY_WAIT_MS);
    this.maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
    this.current = this.initialStatus();
  }

  status(): SyncStatus {
    return { ...this.current };
  }

  onStatus(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts the schedule with an attempt right away, or after `firstAfterMs` (a start that
   * showed the offline copy lets the page paint it before the refresh's heavy work).
   */
  start(firstAfterMs = 0): void {
    this.started = true;
    if (this.running) return;
    this.running = true;
    if (firstAfterMs <= 0) {
      void this.run(false).catch(() => undefined);
      return;
    }
    this.update({ nextAttemptAt: new Date(this.now() + firstAfterMs).toISOString() });
    this.attemptIn(firstAfterMs);
  }

  stop(): void {
    this.started = false;
    this.running = false;
    this.stoppedBySignOut = false;
    this.clearTimer();
    if (this.current.nextAttemptAt !== null) this.update({ nextAttemptAt: null });
  }

  /** After a profile switch: forget the old profile's state and start over. */
  reset(): void {
    // Started counts, not running: a schedule halted by the old profile's sign-out starts
    // again for the new profile.
    const wasStarted = this.started;
    this.stop();
    this.failures = 0;
    this.current = this.initialStatus();
    this.emit();
    if (wasStarted) this.start();
  }

  /** Manual refresh: runs now (or joins the one in flight) and resolves or rejects with it. */
  refreshNow(): Promise<T> {
    return this.run(true);
  }

  /** After signing in again: leaves 'signed-out' and refreshes at once. */
  resume(): void {
    this.failures = 0;
    this.running = true;
    void this.run(true).catch(() => undefined);
  }

  /**
   * The profile shown got a token (core/sync/follow-auth.ts). A schedule that is not
   * online (signed out, failing, offline) tries at once; a renewal while online changes
   * nothing. Before start() nothing happens: start() makes the first attempt.
   */
  signedIn(): void {
    if (!this.started || this.inFlight || this.current.state === 'online') return;
    this.resume();
  }

  /**
   * The profile shown lost its tokens: the schedule stops and says so without asking the
   * service. An attempt under way reports for itself (a 401 it meets stops the schedule too).
   */
  signedOut(): void {
    if (!this.started || this.inFlight) return;
    this.clearTimer();
    if (this.running) this.stoppedBySignOut = true;
    this.running = false;
    this.failures = 0;
    this.update({ state: 'signed-out', error: SIGNED_OUT, nextAttemptAt: null });
  }

  /** The refresh interval changed: waits the new interval from the last attempt's end. */
  reschedule(): void {
    if (!this.running || this.inFlight || this.current.state !== 'online' || !this.current.lastSyncAt) return;
    const due = Date.parse(this.current.lastSyncAt) + this.options.intervalSec() * 1000;
    const wait = Math.max(MIN_RETRY_WAIT_MS, due - this.now());
    this.update({ nextAttemptAt: new Date(this.now() + wait).toISOString() });
    this.schedule(wait);
  }

  /** Shows when the data on screen was fetched, before the first sync of this run. */
  markCached(fetchedAt: string): void {
    if (this.current.lastSyncAt === null) this.update({ lastSyncAt: fetchedAt });
  }

  setNotice(notice: string | null): void {
    this.update({ notice });
  }

  /** The vault's reason for not using the keychain (core/sync/follow-keychain), or null. */
  setKeychainProblem(problem: string | null): void {
    this.update({ keychainProblem: problem });
  }

  /** The desk's place in its dispatch room, or null without a room. */
  setRoom(room: RoomStatus | null): void {
    this.update({ room: room ?? undefined });
  }

  private initialStatus(): SyncStatus {
    return {
      profileId: this.options.profileId(),
      state: 'starting',
      lastSyncAt: null,
      nextAttemptAt: null,
      error: null,
      keychainProblem: null,
      notice: null,
    };
  }

  private run(manual: boolean): Promise<T> {
    if (this.inFlight) return this.inFlight;
    this.clearTimer();
    // Background retries while offline keep the offline state instead of flickering.
    const quiet = !manual && (this.current.state === 'offline' || this.current.state === 'error');
    if (!quiet) this.update({ state: 'syncing', nextAttemptAt: null });
    const attempt = (async () => {
      try {
        const value = await this.options.refresh();
        this.succeeded();
        return value;
      } catch (err) {
        this.failed(err);
        throw err;
      } finally {
        this.inFlight = null;
      }
    })();
    this.inFlight = attempt;
    return attempt;
  }

  private succeeded(): void {
    this.failures = 0;
    // A manual refresh that works again after a sign-out (new token) restarts the schedule.
    if (this.stoppedBySignOut) this.running = true;
    this.stoppedBySignOut = false;
    const intervalMs = this.options.intervalSec() * 1000;
    this.update({
      state: 'online',
      lastSyncAt: new Date(this.now()).toISOString(),
      error: null,
      nextAttemptAt: this.running ? new Date(this.now() + intervalMs).toISOString() : null,
    });
    if (this.running) this.schedule(intervalMs);
  }

  private failed(err: unknown): void {
    const fresh = toAppError(err);
    const error = this.sameOrNew(fresh);
    if (error.kind === 'cancelled') {
      if (this.current.state === 'syncing') this.update({ state: this.current.lastSyncAt ? 'online' : 'starting' });
      if (this.running) this.schedule(this.options.intervalSec() * 1000);
      return;
    }
    if (error.kind === 'unauthorized') {
      this.clearTimer();
      if (this.running) this.stoppedBySignOut = true;
      this.running = false;
      this.update({ state: 'signed-out', error, nextAttemptAt: null });
      return;
    }
    this.failures += 1;
    // What the service asked for (never under the floor nor this schedule's first step),
    // else the policy's backoff without jitter: one schedule, nothing to spread out.
    const delay =
      fresh.retryAfterMs !== undefined
        ? Math.max(retryWait(fresh.retryAfterMs), this.minBackoffMs)
        : backoffCeiling(this.failures - 1, { baseMs: this.minBackoffMs, maxMs: this.maxBackoffMs });
    this.update({
      state: OFFLINE_KINDS.has(error.kind) ? 'offline' : 'error',
      error,
      nextAttemptAt: this.running ? new Date(this.now() + delay).toISOString() : null,
    });
    if (this.running) this.schedule(delay);
  }

  /**
   * Keeps the previous error object when the same error repeats. While the service stays
   * unreachable or failing, retries that fail with a varying detail (502 then 503, reset
   * then refused) are still the same outage: one alert, not one per retry.
   */
  private sameOrNew(error: AppError): AppError {
    const previous = this.current.error;
    if (!previous) return error;
    if (previous.kind === error.kind && previous.message === error.message && previous.status === error.status) return previous;
    // One outage is one alert, whether it shows as 502, 503, a reset or a refusal.
    const outage = SAME_OUTAGE_KINDS.has(previous.kind) && SAME_OUTAGE_KINDS.has(error.kind);
    if (outage && (this.current.state === 'offline' || this.current.state === 'syncing')) return previous;
    return error;
  }

  /** Every wait is at least MIN_RETRY_WAIT_MS: no answer or setting makes the schedule spin. */
  private schedule(ms: number): void {
    this.attemptIn(Math.max(ms, MIN_RETRY_WAIT_MS));
  }

  /** The next scheduled attempt, `ms` from now (replacing any planned one). */
  private attemptIn(ms: number): void {
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.run(false).catch(() => undefined);
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private update(patch: Partial<SyncStatus>): void {
    const next: SyncStatus = { ...this.current, ...patch, profileId: this.options.profileId() };
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.emit();
  }

  private emit(): void {
    const snapshot = this.status();
    for (const listener of this.listeners) listener(snapshot);
  }
}
