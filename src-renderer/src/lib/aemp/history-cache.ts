/**
 * Histories already loaded, per machine, metric and range, so a preset followed by "Show
 * history" on the same range (or going back to a range) does not ask the service again.
 * Bounded (least recently used goes first). Failures and answers served from offline
 * data are not kept: asking again is the way to get the service's answer.
 */
import type { HistoryMetric, HistoryResult } from '@contract';

export const HISTORY_CACHE_ENTRIES = 64;

export class HistoryCache {
  readonly #max: number;
  /** Insertion order is use order: the first key is the least recently used. */
  readonly #entries = new Map<string, Promise<HistoryResult>>();

  constructor(max = HISTORY_CACHE_ENTRIES) {
    this.#max = Math.max(1, max);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The history for this key: kept, on its way, or loaded now with `load`. */
  get(identifier: string, metric: HistoryMetric, start: string, end: string, load: () => Promise<HistoryResult>): Promise<HistoryResult> {
    const key = JSON.stringify([identifier, metric, start, end]);
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept;
    }
    const pending = load().then(
      (result) => {
        if (result.source !== 'network') this.#forget(key, pending);
        return result;
      },
      (err: unknown) => {
        this.#forget(key, pending);
        throw err;
      },
    );
    this.#entries.set(key, pending);
    while (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    return pending;
  }

  clear(): void {
    this.#entries.clear();
  }

  #forget(key: string, entry: Promise<HistoryResult>): void {
    if (this.#entries.get(key) === entry) this.#entries.delete(key);
  }
}
