import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayBounds } from '../../../../src-main/core/utilization/days';
import { hoursPerDay, type HourReading } from '../../../../src-main/core/utilization/hours-per-day';

const ZONE = 'America/Denver';
const week = dayBounds({ from: '2026-01-12', to: '2026-01-18' }, ZONE);
const H = 3_600_000;
/** A reading `hoursIn` hours after the first day's midnight. */
const at = (hoursIn: number, hours: number, identity?: string[]): HourReading => ({ at: week[0].start + hoursIn * H, hours, identity });
const kinds = (r: ReturnType<typeof hoursPerDay>) => r.marks.map((m) => `${m.day}:${m.kind}:${m.count}`);

describe('hours per day from a cumulative counter', () => {
  it('gives each day the counter increase within it', () => {
    const r = hoursPerDay([at(0, 100), at(8, 100), at(16, 108), at(24, 108), at(32, 108), at(40, 114), at(48, 114)], week);
    expect(r.hours.slice(0, 3)).toEqual([8, 6, null]);
    expect(r.marks).toEqual([]);
  });

  it('splits hours between two readings that straddle midnight in proportion to time', () => {
    // 4 hours counted between 22:00 and 02:00: two before midnight, two after.
    const r = hoursPerDay([at(22, 10), at(26, 14)], week);
    expect(r.hours[0]).toBeCloseTo(2);
    expect(r.hours[1]).toBeCloseTo(2);
  });

  it('counts a meter reset from the new meter and never goes negative', () => {
    const r = hoursPerDay([at(0, 5000), at(8, 5006), at(10, 2), at(16, 5)], week);
    expect(r.hours[0]).toBeCloseTo(6 + 2 + 3);
    expect(kinds(r)).toEqual(['0:reset:1']);
  });

  it('caps a day over 24 hours at 24 and marks it', () => {
    const r = hoursPerDay([at(0, 100), at(12, 160), at(24, 160)], week);
    expect(r.hours[0]).toBe(24);
    expect(kinds(r)).toEqual(['0:spike:1']);
  });

  it('spreads an increase over the days without readings and marks them as a gap', () => {
    // Readings at noon on day 0 and noon on day 3: days 1 and 2 have none.
    const r = hoursPerDay([at(0, 0), at(12, 0), at(84, 24), at(96, 24)], week);
    expect(r.hours[1]).toBeCloseTo(8);
    expect(r.hours[2]).toBeCloseTo(8);
    expect(kinds(r)).toEqual(['1:gap:1', '2:gap:1']);
  });

  it('does not mark days without readings when the counter stood still over them', () => {
    const r = hoursPerDay([at(0, 50), at(12, 50), at(84, 50)], week);
    expect(r.hours.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(r.marks).toEqual([]);
  });

  it('leaves days before the first and after the last reading unknown', () => {
    const r = hoursPerDay([at(30, 1), at(40, 2)], week);
    expect(r.hours[0]).toBeNull();
    expect(r.hours[1]).toBeCloseTo(1);
    expect(r.hours[2]).toBeNull();
  });

  it('keeps one of two identical readings and marks the duplicate', () => {
    const r = hoursPerDay([at(0, 1), at(8, 5), at(8, 5), at(16, 9)], week);
    expect(r.hours[0]).toBeCloseTo(8);
    expect(kinds(r)).toEqual(['0:duplicate:1']);
  });

  it('sorts readings out of time order and marks them', () => {
    const r = hoursPerDay([at(0, 1), at(16, 9), at(8, 5), at(24, 9)], week);
    expect(r.hours[0]).toBeCloseTo(8);
    expect(kinds(r)).toEqual(['0:unordered:1']);
  });

  it("drops readings that name another machine and marks them 'foreign'", () => {
    const own = ['CAT320-0042', 'SN-42'];
    const r = hoursPerDay([at(0, 10, ['cat320-0042']), at(6, 9000, ['OTHER-7']), at(8, 14), at(16, 18, ['SN-42'])], week, { identity: own });
    expect(r.hours[0]).toBeCloseTo(8);
    expect(kinds(r)).toEqual(['0:foreign:1']);
  });

  it('counts across a 25-hour day in full', () => {
    const fall = dayBounds({ from: '2026-11-01', to: '2026-11-01' }, ZONE);
    const r = hoursPerDay([{ at: fall[0].start, hours: 0 }, { at: fall[0].end, hours: 20 }], fall);
    expect(r.hours[0]).toBeCloseTo(20);
  });
});

describe('hours per day: properties', () => {
  const H_RANGE = week[week.length - 1].end - week[0].start;
  /** Readings inside the week from meters that may be replaced (each new meter lower than the last reading). */
  const meters = fc
    .array(
      fc.record({
        startsNewMeter: fc.boolean(),
        step: fc.double({ min: 0, max: 0.9, noNaN: true }),
        fresh: fc.double({ min: 0, max: 0.5, noNaN: true }),
        gapHours: fc.double({ min: 1, max: 30, noNaN: true }),
      }),
      { minLength: 2, maxLength: 60 },
    )
    .map((steps) => {
      const readings: HourReading[] = [];
      let t = week[0].start;
      let value = 100;
      let expected = 0;
      steps.forEach((s, i) => {
        t = Math.min(t + s.gapHours * H * 0.2, week[0].start + H_RANGE - 1);
        if (i > 0 && s.startsNewMeter && s.fresh < value) {
          value = s.fresh;
          expected += value;
        } else if (i > 0) {
          const inc = s.step * s.gapHours * 0.2; // never faster than the clock
          value += inc;
          expected += inc;
        }
        readings.push({ at: Math.round(t), hours: value });
      });
      return { readings, expected };
    })
    .filter(({ readings }) => new Set(readings.map((r) => r.at)).size === readings.length);

  it('never gives a negative day or more than 24 hours a day', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.integer({ min: week[0].start - 86_400_000, max: week[6].end + 86_400_000 }), hours: fc.double({ min: 0, max: 1e6, noNaN: true }) }), { maxLength: 80 }),
        (readings) => {
          const { hours } = hoursPerDay(readings, week);
          for (const h of hours) if (h !== null) expect(h >= 0 && h <= 24).toBe(true);
          const total = hours.reduce<number>((s, h) => s + (h ?? 0), 0);
          expect(total).toBeLessThanOrEqual(24 * week.length + 1e-9);
        },
      ),
    );
  });

  it('sums the days to the counter increase, new meters counted from zero', () => {
    fc.assert(
      fc.property(meters, ({ readings, expected }) => {
        const { hours } = hoursPerDay(readings, week);
        const total = hours.reduce<number>((s, h) => s + (h ?? 0), 0);
        expect(total).toBeCloseTo(expected, 6);
      }),
    );
  });

  it('gives the same days whatever order the readings arrive in', () => {
    fc.assert(
      fc.property(meters, fc.integer(), ({ readings }, seed) => {
        const shuffled = [...readings].sort((a, b) => ((a.at * 31 + seed) % 97) - ((b.at * 31 + seed) % 97));
        const sorted = hoursPerDay(readings, week).hours;
        const mixed = hoursPerDay(shuffled, week).hours;
        mixed.forEach((h, i) => (h === null ? expect(sorted[i]).toBeNull() : expect(h).toBeCloseTo(sorted[i]!, 9)));
      }),
    );
  });
});
