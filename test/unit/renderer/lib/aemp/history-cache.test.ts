import { describe, expect, it, vi } from 'vitest';
import type { HistoryResult } from '../../../../../src-main/contract';
import { HistoryCache } from '../../../../../src-renderer/src/lib/aemp/history-cache';

function result(identifier: string, source: HistoryResult['source'] = 'network'): HistoryResult {
  return { identifier, metric: 'Distance', start: 's', end: 'e', points: [], issues: [], fetchedAt: '2026-11-22T10:00:00Z', source };
}

describe('HistoryCache', () => {
  it('asks once per unit, metric and range; a different range or metric asks again', async () => {
    const cache = new HistoryCache(8);
    const load = vi.fn(async (id: string) => result(id));
    await cache.get('EX-1', 'Distance', 'a', 'b', () => load('EX-1'));
    await cache.get('EX-1', 'Distance', 'a', 'b', () => load('EX-1'));
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('EX-1', 'Distance', 'a', 'c', () => load('EX-1'));
    await cache.get('EX-1', 'FuelRemaining', 'a', 'b', () => load('EX-1'));
    await cache.get('EX-2', 'Distance', 'a', 'b', () => load('EX-2'));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('shares a request still on its way', async () => {
    const cache = new HistoryCache(8);
    let finish!: (r: HistoryResult) => void;
    const load = vi.fn(() => new Promise<HistoryResult>((r) => (finish = r)));
    const first = cache.get('EX-1', 'Distance', 'a', 'b', load);
    const second = cache.get('EX-1', 'Distance', 'a', 'b', load);
    finish(result('EX-1'));
    expect(await first).toBe(await second);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure and no answer served from offline data (the next ask tries the service)', async () => {
    const cache = new HistoryCache(8);
    const failing = vi.fn(async () => {
      throw new Error('HTTP 503');
    });
    await expect(cache.get('EX-1', 'Distance', 'a', 'b', failing)).rejects.toThrow('HTTP 503');
    await expect(cache.get('EX-1', 'Distance', 'a', 'b', failing)).rejects.toThrow('HTTP 503');
    expect(failing).toHaveBeenCalledTimes(2);
    const offline = vi.fn(async () => result('EX-1', 'cache'));
    await cache.get('EX-1', 'Distance', 'a', 'b', offline);
    await cache.get('EX-1', 'Distance', 'a', 'b', offline);
    expect(offline).toHaveBeenCalledTimes(2);
  });

  it('is bounded: the least recently used range goes first', async () => {
    const cache = new HistoryCache(2);
    const load = vi.fn(async () => result('EX-1'));
    await cache.get('EX-1', 'Distance', '1', 'x', load);
    await cache.get('EX-1', 'Distance', '2', 'x', load);
    await cache.get('EX-1', 'Distance', '1', 'x', load); // touch 1
    await cache.get('EX-1', 'Distance', '3', 'x', load); // evicts 2
    expect(cache.size).toBe(2);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('EX-1', 'Distance', '1', 'x', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('EX-1', 'Distance', '2', 'x', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('clear() forgets everything (another branch has other units)', async () => {
    const cache = new HistoryCache(8);
    const load = vi.fn(async () => result('EX-1'));
    await cache.get('EX-1', 'Distance', 'a', 'b', load);
    cache.clear();
    await cache.get('EX-1', 'Distance', 'a', 'b', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
