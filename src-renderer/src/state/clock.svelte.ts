import { AHEAD_SLACK_MS } from '../lib/format/time';

/**
 * One ticking clock for the whole app: relative times ("3 min ago") read `clock.now`
 * and update together every tick, instead of one timer per row.
 */
export class Clock {
  now = $state(0);
  #timer: ReturnType<typeof setInterval> | null = null;
  #read: () => number;

  constructor(read: () => number = Date.now) {
    this.#read = read;
    this.now = read();
  }

  /** Reads the time from `read` from now on (tests pin the time this way). */
  useSource(read: () => number): void {
    this.#read = read;
    this.now = read();
  }

  start(everyMs = 15_000): void {
    this.stop();
    this.now = this.#read();
    this.#timer = setInterval(() => this.tick(), everyMs);
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  tick(): void {
    this.now = this.#read();
  }

  /**
   * Called when data stamped `stampedAt` (ms) arrives: reads the time at once instead of
   * waiting up to a tick, and moves `now` up to the stamp when the service's clock runs
   * a little ahead, so the newest data never looks newer than "now". A stamp further
   * ahead than AHEAD_SLACK_MS is a broken clock, not a reason to move ours.
   */
  dataArrived(stampedAt: number | null): void {
    const read = this.#read();
    const ahead = stampedAt !== null && stampedAt > read && stampedAt - read <= AHEAD_SLACK_MS;
    this.now = Math.max(this.now, ahead ? stampedAt : read);
  }
}

/** The app's clock. */
export const clock = new Clock();
