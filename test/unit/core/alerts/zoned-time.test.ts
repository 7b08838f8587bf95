import { describe, expect, it } from 'vitest';
import { isTimeZone, ZoneClock, zoneClock } from '../../../../src-main/core/alerts/zoned-time';

const HOUR = 3_600_000;

/** A formatter stand-in whose zone moves from UTC+1 to UTC+2 at an instant inside a quarter hour. */
function fakeFormat(changeAt: number): Intl.DateTimeFormat {
  return {
    formatToParts(ms: number) {
      const local = new Date(ms + (ms >= changeAt ? 2 : 1) * HOUR);
      const part = (type: string, value: number) => ({ type, value: String(value) });
      return [
        part('year', local.getUTCFullYear()),
        part('month', local.getUTCMonth() + 1),
        part('day', local.getUTCDate()),
        part('hour', local.getUTCHours()),
        part('minute', local.getUTCMinutes()),
        part('second', local.getUTCSeconds()),
      ];
    },
  } as unknown as Intl.DateTimeFormat;
}

describe('ZoneClock', () => {
  it('gives the local minute of the week in a real zone, in and out of daylight time', () => {
    const denver = zoneClock('America/Denver')!;
    // Tuesday 10 March 2026 15:00 UTC = 09:00 MDT; Tuesday 3 March 15:00 UTC = 08:00 MST.
    expect(denver.minuteOfWeek(Date.parse('2026-03-10T15:00:00Z'))).toBe(2 * 1440 + 9 * 60);
    expect(denver.minuteOfWeek(Date.parse('2026-03-03T15:00:00Z'))).toBe(2 * 1440 + 8 * 60);
    expect(zoneClock('UTC')!.minuteOfWeek(Date.parse('2026-03-08T00:00:00Z'))).toBe(0); // a Sunday
  });

  it('is exact for an offset change in the middle of a remembered quarter hour', () => {
    const changeAt = Date.UTC(2026, 0, 4, 10, 7, 30); // a Sunday, 10:07:30 UTC
    const clock = new ZoneClock('Test/Odd', fakeFormat(changeAt));
    expect(clock.offsetAt(changeAt - 1000)).toBe(HOUR);
    expect(clock.offsetAt(changeAt)).toBe(2 * HOUR);
    expect(clock.offsetAt(changeAt + 60_000)).toBe(2 * HOUR);
    // Asked in the other order, from a fresh clock: the same answers.
    const again = new ZoneClock('Test/Odd', fakeFormat(changeAt));
    expect(again.offsetAt(changeAt + 60_000)).toBe(2 * HOUR);
    expect(again.offsetAt(changeAt - 1000)).toBe(HOUR);
  });

  it('knows zones and refuses names that are not zones', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(65))).toBe(false);
    expect(zoneClock('Asia/Tokyo')).toBe(zoneClock('Asia/Tokyo'));
  });
});
