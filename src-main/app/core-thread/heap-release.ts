/**
 * Gives the memory of a whole read of the asset list back at once, in the core's thread.
 *
 * A refresh that reads the list whole (the first after a start or a profile switch, a large
 * change) leaves about as much garbage as it keeps: the answer's text, the stored list parsed for the comparison, and the objects of
 * the offline write. V8 collects it only when its memory reducer notices the thread is idle,
 * seconds later; until then the process holds it (figures: docs/decisions/core-heap-settings.md).
 * So when a refresh has settled and the heap holds far more than the last
 * collection here left, this collects once: the collection V8 would make later, made now.
 * It stops this thread for a while on a large list, and V8's
 * collector threads share the CPUs with the page: so it waits until the core has been quiet for
 * RELEASE_DELAY_MS after the refresh (the page is drawing the change meanwhile), and a
 * refresh starting before then puts it off. The main thread is never stopped.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Collect when the heap in use has grown to this many times what the last collection here left… */
export const RELEASE_GROWTH = 2.5;
/** …and is at least this large (a small list's garbage is not worth a collection). */
export const RELEASE_FLOOR_BYTES = 64 * 1024 * 1024;

/** How long the core stays quiet after a refresh before the collection (ms). */
export const RELEASE_DELAY_MS = 2000;

/**
 * The garbage collector as a function, or null when it cannot be had. Node has no API for
 * it: V8 adds `gc` to contexts created while its `--expose-gc` flag is set, so the flag is
 * set for one new context and unset again (no other context of this thread gets `gc`).
 */
export function garbageCollector(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
    return typeof gc === 'function' ? () => void gc() : null;
  } catch {
    return null;
  } finally {
    try {
      setFlagsFromString('--no-expose-gc');
    } catch {
      // The flag stays set: harmless, later contexts merely get `gc` too.
    }
  }
}

export class HeapRelease {
  /** Heap in use after the last collection made here (0 before the first). */
  #kept = 0;

  constructor(
    private readonly collect: (() => void) | null,
    private readonly usedBytes: () => number = () => getHeapStatistics().used_heap_size,
  ) {}

  /** Collects when the heap grew past RELEASE_GROWTH × what the last collection left (and the floor); says whether it did. */
  afterRefresh(): boolean {
    if (!this.collect) return false;
    const used = this.usedBytes();
    if (used < RELEASE_FLOOR_BYTES || used < this.#kept * RELEASE_GROWTH) return false;
    this.collect();
    this.#kept = this.usedBytes();
    return true;
  }
}

/** Runs `release.afterRefresh()` once no refresh has run for `delayMs` after one settled. */
export class ReleaseSchedule {
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly release: Pick<HeapRelease, 'afterRefresh'>,
    private readonly delayMs: number = RELEASE_DELAY_MS,
  ) {}

  /** Told every sync status: 'syncing' (a refresh started) cancels the wait, any other starts it again. */
  status(state: string): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (state === 'syncing') return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.release.afterRefresh();
    }, this.delayMs);
    // Never what keeps the thread alive.
    this.#timer.unref?.();
  }
}
