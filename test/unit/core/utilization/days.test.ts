import { describe, expect, it } from 'vitest';
import { dayAt, dayBounds, dayIndexAt, daysOf, isTimeZone } from '../../../../src-main/core/utilization/days';

const hoursOf = (b: { start: number; end: number }) => (b.end - b.start) / 3_600_000;

describe('days of a range in a time zone', () => {
  it('lists every day of a range, across a month and a year end', () => {
    expect(daysOf({ from: '2025-12-30', to: '2026-01-02' })).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('starts each day at local midnight, so Denver days start at 07:00 or 06:00 UTC', () => {
    const [winter] = dayBounds({ from: '2026-01-15', to: '2026-01-15' }, 'America/Denver');
    expect(new Date(winter.start).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    const [summer] = dayBounds({ from: '2026-07-15', to: '2026-07-15' }, 'America/Denver');
    expect(new Date(summer.start).toISOString()).toBe('2026-07-15T06:00:00.000Z');
  });

  it('makes the spring-forward day 23 hours and the fall-back day 25 hours long in America/Denver', () => {
    const spring = dayBounds({ from: '2026-03-07', to: '2026-03-09' }, 'America/Denver').map(hoursOf);
    expect(spring).toEqual([24, 23, 24]);
    const fall = dayBounds({ from: '2026-10-31', to: '2026-11-02' }, 'America/Denver').map(hoursOf);
    expect(fall).toEqual([24, 25, 24]);
  });

  it('has the southern hemisphere the other way round: Sydney gains an hour in April and loses one in October', () => {
    const april = dayBounds({ from: '2026-04-05', to: '2026-04-05' }, 'Australia/Sydney').map(hoursOf);
    expect(april).toEqual([25]);
    const october = dayBounds({ from: '2026-10-04', to: '2026-10-04' }, 'Australia/Sydney').map(hoursOf);
    expect(october).toEqual([23]);
  });

  it('starts the day at 01:00 where clocks jump at midnight (America/Santiago in September)', () => {
    const [sunday] = dayBounds({ from: '2026-09-06', to: '2026-09-06' }, 'America/Santiago');
    expect(hoursOf(sunday)).toBe(23);
    expect(new Date(sunday.start).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('makes consecutive days touch, with no instant in two days or none', () => {
    const bounds = dayBounds({ from: '2026-01-01', to: '2026-12-31' }, 'Australia/Sydney');
    expect(bounds).toHaveLength(365);
    for (let i = 1; i < bounds.length; i++) expect(bounds[i].start).toBe(bounds[i - 1].end);
  });

  it('tells which day an instant falls on in the zone', () => {
    const at = Date.parse('2026-03-08T06:30:00Z'); // 23:30 on the 7th in Denver
    expect(dayAt(at, 'America/Denver')).toBe('2026-03-07');
    expect(dayAt(at, 'Australia/Sydney')).toBe('2026-03-08');
    const bounds = dayBounds({ from: '2026-03-07', to: '2026-03-08' }, 'America/Denver');
    expect(dayIndexAt(bounds, at)).toBe(0);
    expect(dayIndexAt(bounds, bounds[1].start)).toBe(1);
    expect(dayIndexAt(bounds, bounds[1].end)).toBe(-1);
  });

  it('accepts IANA zone names and refuses anything else', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
