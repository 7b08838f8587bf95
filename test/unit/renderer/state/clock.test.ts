import { describe, expect, it } from 'vitest';
import { Clock } from '../../../../src-renderer/src/state/clock.svelte';

describe('Clock', () => {
  it('reads the time again when data arrives, so the newest data is never ahead of it', () => {
    let t = 1_000;
    const clock = new Clock(() => t);
    clock.start(60_000);
    t = 9_000; // a sync lands between two ticks
    clock.dataArrived(Date.parse('1970-01-01T00:00:08Z'));
    expect(clock.now).toBe(9_000);
    clock.stop();
  });

  it('never lets the shown time fall behind data stamped by a clock slightly ahead', () => {
    const clock = new Clock(() => 5_000);
    clock.dataArrived(6_500); // the service's clock runs 1.5 s ahead of this computer's
    expect(clock.now).toBe(6_500);
    clock.dataArrived(null); // unreadable timestamps just re-read the clock
    expect(clock.now).toBe(6_500);
  });

  it('ignores data stamped far in the future (a broken clock), reading its own time instead', () => {
    const clock = new Clock(() => 5_000);
    clock.dataArrived(5_000 + 24 * 3600_000);
    expect(clock.now).toBe(5_000);
  });
});
