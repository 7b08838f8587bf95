import { describe, expect, it, vi } from 'vitest';
import { garbageCollector, HeapRelease, RELEASE_DELAY_MS, RELEASE_FLOOR_BYTES, RELEASE_GROWTH, ReleaseSchedule } from '../../../../src-main/app/core-thread/heap-release';

const MB = 1024 * 1024;

/** A heap whose use the test sets; collecting leaves `kept`. */
function fakeHeap(kept: number) {
  const heap = { used: 0, kept, collections: 0 };
  const collect = vi.fn(() => {
    heap.collections++;
    heap.used = heap.kept;
  });
  return { heap, release: new HeapRelease(collect, () => heap.used) };
}

describe('HeapRelease', () => {
  it('collects after the first large read, then only when the heap grew past RELEASE_GROWTH times what the collection left', () => {
    const { heap, release } = fakeHeap(80 * MB);
    heap.used = 300 * MB;
    expect(release.afterRefresh()).toBe(true);
    expect(heap.used).toBe(80 * MB);
    // Small refreshes' garbage: below the growth, nothing is collected.
    heap.used = 80 * MB * RELEASE_GROWTH - 1;
    expect(release.afterRefresh()).toBe(false);
    heap.used = 80 * MB * RELEASE_GROWTH;
    expect(release.afterRefresh()).toBe(true);
    expect(heap.collections).toBe(2);
  });

  it('leaves a heap below the floor alone', () => {
    const { heap, release } = fakeHeap(1 * MB);
    heap.used = RELEASE_FLOOR_BYTES - 1;
    expect(release.afterRefresh()).toBe(false);
    expect(heap.collections).toBe(0);
  });

  it('does nothing without a collector', () => {
    const used = vi.fn(() => 500 * MB);
    expect(new HeapRelease(null, used).afterRefresh()).toBe(false);
    expect(used).not.toHaveBeenCalled();
  });
});

describe('ReleaseSchedule', () => {
  it('releases once the core has been quiet RELEASE_DELAY_MS after a refresh settled; a refresh starting meanwhile puts it off', () => {
    vi.useFakeTimers();
    try {
      const afterRefresh = vi.fn(() => true);
      const schedule = new ReleaseSchedule({ afterRefresh } as unknown as HeapRelease);
      schedule.status('online');
      vi.advanceTimersByTime(RELEASE_DELAY_MS - 1);
      // The next refresh starts before the delay ends: no collection while it runs.
      schedule.status('syncing');
      vi.advanceTimersByTime(RELEASE_DELAY_MS * 3);
      expect(afterRefresh).not.toHaveBeenCalled();
      schedule.status('online');
      vi.advanceTimersByTime(RELEASE_DELAY_MS - 1);
      expect(afterRefresh).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(afterRefresh).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('garbageCollector', () => {
  it('gives a function that frees unreachable memory, without giving other new contexts gc', async () => {
    const gc = garbageCollector();
    expect(gc).toBeTypeOf('function');
    const { runInNewContext } = await import('node:vm');
    expect(runInNewContext('typeof gc')).toBe('undefined');
    const { getHeapStatistics } = await import('node:v8');
    let garbage: number[][] | null = Array.from({ length: 50 }, (_, i) => new Array<number>(100_000).fill(i + 0.5));
    const held = getHeapStatistics().used_heap_size;
    const made = garbage.length;
    garbage = null;
    gc!();
    const after = getHeapStatistics().used_heap_size;
    expect(made).toBe(50);
    expect(after).toBeLessThan(held - 30 * MB);
  });
});
