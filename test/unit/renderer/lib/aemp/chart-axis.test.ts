import { describe, expect, it } from 'vitest';
import { outsideRangeNote, requestedRange, timeScaleRange, timeTickLabel, timeTickSpace, withinRange } from '../../../../../src-renderer/src/lib/aemp/chart-axis';

const sec = (iso: string) => Date.parse(iso) / 1000;

describe('the history chart keeps its axis on the requested range', () => {
  const range = requestedRange({ start: '2026-11-21T00:00:00Z', end: '2026-11-28T00:00:00Z' })!;

  it('leaves an update from months before out of the drawn data and names its day', () => {
    const stray = sec('2026-03-12T12:00:00Z');
    const inside = sec('2026-11-22T08:00:00Z');
    const { data, outside } = withinRange([[stray, inside], [1, 2]], range);
    expect(data).toEqual([[inside], [2]]);
    expect(outside).toEqual([stray]);
    expect(outsideRangeNote(outside, 'en-GB')).toBe('1 update falls outside the requested range (12 Mar 2026) and is not drawn.');
  });

  it('draws the last report before the start (the value at the start) without calling it out', () => {
    const justBefore = sec('2026-11-20T23:40:00Z');
    const inside = sec('2026-11-22T08:00:00Z');
    const { data, outside } = withinRange([[justBefore, inside], [1, 2]], range);
    expect(data).toEqual([[justBefore, inside], [1, 2]]);
    expect(outside).toEqual([]);
  });

  it('counts several strays and gives their first and last day', () => {
    expect(outsideRangeNote([sec('2026-03-12T12:00:00Z'), sec('2026-12-02T12:00:00Z'), sec('2026-03-20T12:00:00Z')], 'en-GB')).toBe(
      '3 updates fall outside the requested range (12 Mar 2026 – 2 Dec 2026) and are not drawn.',
    );
    expect(outsideRangeNote([])).toBeNull();
  });

  it('fits the requested range when uPlot fits the data, and keeps a drag-zoom as it is', () => {
    const xs = [sec('2026-11-22T08:00:00Z'), sec('2026-11-23T08:00:00Z')];
    const fit = timeScaleRange(range, xs);
    expect(fit(null, xs[0], xs[1])).toEqual([range.min, range.max]);
    expect(fit(null, null, null)).toEqual([range.min, range.max]);
    expect(fit(null, xs[0] + 60, xs[1] - 60)).toEqual([xs[0] + 60, xs[1] - 60]);
  });

  it('has no requested range when an end is unreadable or the ends are reversed', () => {
    expect(requestedRange({ start: 'soon', end: '2026-11-28T00:00:00Z' })).toBeNull();
    expect(requestedRange({ start: '2026-11-28T00:00:00Z', end: '2026-11-21T00:00:00Z' })).toBeNull();
  });
});

describe('time tick labels never overlap', () => {
  it('labels ticks a day or more apart, and midnights, with the short date; the others with the clock', () => {
    const noon = new Date(2026, 10, 22, 12, 0).getTime() / 1000;
    const midnight = new Date(2026, 10, 22, 0, 0).getTime() / 1000;
    expect(timeTickLabel(noon, 86_400, 'en-GB')).toBe('22 Nov');
    expect(timeTickLabel(midnight, 6 * 3600, 'en-GB')).toBe('22 Nov');
    expect(timeTickLabel(noon, 6 * 3600, 'en-GB')).toBe('12:00');
  });

  it('asks uPlot for at least the widest label plus a gap between ticks', () => {
    const space = timeTickSpace(12, 'en-US');
    // "10:58 PM" is the widest en-US label: 8 characters of about 0.6 em.
    expect(space).toBeGreaterThanOrEqual(Math.ceil(8 * 12 * 0.6));
    expect(space).toBeGreaterThan(50); // uPlot's own time-axis default, which let day-and-clock labels collide
    expect(timeTickSpace(18, 'en-US')).toBeGreaterThan(space);
  });
});
