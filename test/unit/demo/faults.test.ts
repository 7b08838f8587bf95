import { describe, expect, it } from 'vitest';
import { FaultState, noFaults } from '../../../src-main/demo/faults';

describe('FaultState', () => {
  it('starts clean, merges partial settings and clamps rates to 0–1', () => {
    const faults = new FaultState(42);
    expect(faults.settings).toEqual(noFaults());
    faults.set({ errorRate: 3, resetRate: -1, truncateRate: Number.NaN, latencyMs: -5 });
    faults.set({ jitterMs: 10 });
    expect(faults.settings).toMatchObject({ errorRate: 1, resetRate: 0, truncateRate: 0, latencyMs: 0, jitterMs: 10 });
    faults.clear();
    expect(faults.settings).toEqual(noFaults());
  });

  it('counts a 429 burst down without touching the caller’s object', () => {
    const burst = { remaining: 2, retryAfterSec: 4 };
    const faults = new FaultState(1, { burst429: burst });
    expect([faults.take429(), faults.take429(), faults.take429()]).toEqual([4, 4, null]);
    expect(burst.remaining).toBe(2);
  });

  it('draws the same random decisions for the same seed', () => {
    const draws = (seed: number) => {
      const f = new FaultState(seed);
      return Array.from({ length: 20 }, () => f.random.chance(0.5));
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
  });
});
