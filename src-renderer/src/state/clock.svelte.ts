/**
 * One ticking clock for the whole app: relative times ("3 min ago") read `clock.now`
 * and update together every tick, instead of one timer per row.
 */
export class Clock {
  now = $state(0);
  #timer: ReturnType<typeof setInterval> | null = null;
  readonly #read: () => number;

  constructor(read: () => number = Date.now) {
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
}
