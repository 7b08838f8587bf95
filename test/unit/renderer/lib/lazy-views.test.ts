/** Views loaded after the first rows, for a fast cold start: when they load, and loading each once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstRows, FIRST_ROWS_WAIT_MS, loadOnce, preloadViews } from '../../../../src-renderer/src/lib/lazy-views';
import { deferred } from '../../../fixtures/deferred';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(performance.now()), 16));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterFirstRows', () => {
  it('waits for the first load, then for the frame that paints it, then runs once', async () => {
    const load = deferred<void>();
    const then = vi.fn();
    afterFirstRows(load.promise, then);
    await vi.advanceTimersByTimeAsync(1000);
    expect(then).not.toHaveBeenCalled();
    load.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(then).not.toHaveBeenCalled(); // the rows are not painted yet
    await vi.advanceTimersByTimeAsync(17);
    expect(then).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIRST_ROWS_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs after a failed first load too', async () => {
    const load = deferred<void>();
    const then = vi.fn();
    afterFirstRows(load.promise, then);
    load.reject(new Error('The offline copy of the asset list could not be read'));
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever on a first load that never ends', async () => {
    const then = vi.fn();
    afterFirstRows(new Promise(() => {}), then);
    await vi.advanceTimersByTimeAsync(FIRST_ROWS_WAIT_MS - 1);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledTimes(1);
  });
});

describe('loadOnce', () => {
  it('imports once and hands out the same module after that', async () => {
    const load = vi.fn(async () => ({ default: 'view' }));
    const view = loadOnce(load);
    const [a, b] = await Promise.all([view(), view()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import (a chunk the server could not send at once)', async () => {
    let attempts = 0;
    const view = loadOnce(async () => {
      if (++attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: 'view' };
    });
    await expect(view()).rejects.toThrow('Failed to fetch');
    await expect(view()).resolves.toEqual({ default: 'view' });
    expect(attempts).toBe(2);
  });
});

describe('preloadViews', () => {
  it('loads one view per idle moment, each once, and goes on after a failed one', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    const a = vi.fn(async () => ({ default: 'a' }));
    const b = vi.fn(async () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const c = vi.fn(async () => ({ default: 'c' }));
    preloadViews([a, b, c]);
    expect(a).not.toHaveBeenCalled();
    idle.shift()!();
    expect([a.mock.calls.length, b.mock.calls.length, c.mock.calls.length]).toEqual([1, 0, 0]);
    idle.shift()!();
    idle.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect([a.mock.calls.length, b.mock.calls.length, c.mock.calls.length]).toEqual([1, 1, 1]);
    expect(idle).toHaveLength(0);
  });
});
