import { describe, expect, it } from 'vitest';
import type { HistoryMarkKind } from '../../../../src-main/contract';
import type { EngineDay, StoredMachineDays } from '../../../../src-main/core/ports';
import { dayBounds } from '../../../../src-main/core/utilization/days';
import { buildReport, idleDaysOf } from '../../../../src-main/core/utilization/report';

const ZONE = 'America/Denver';
const RANGE = { from: '2026-01-12', to: '2026-01-18' };
const bounds = dayBounds(RANGE, ZONE);
const AFTER = Date.parse('2026-01-20T12:00:00Z');
const H = 3_600_000;

const fetchedDays = (assetId: string, hours: (number | null)[], marks: Record<number, { kind: HistoryMarkKind; count: number }[]> = {}): StoredMachineDays[] => [
  {
    assetId,
    days: hours.map((_, i) => bounds[i].day),
    hours,
    marks: Object.entries(marks).flatMap(([i, list]) => list.map((m) => ({ day: bounds[Number(i)].day, ...m }))),
  },
];

function input(over: Partial<Parameters<typeof buildReport>[0]> = {}): Parameters<typeof buildReport>[0] {
  return { profileId: 'p1', range: RANGE, timeZone: ZONE, bounds, usedDayHours: 0.5, assetIds: ['thing:1'], fetched: [], engineDays: [], now: AFTER, ...over };
}

describe('utilization report', () => {
  it('gives per machine its hours, total, used days, utilization and idle days', () => {
    const report = buildReport(input({ fetched: fetchedDays('thing:1', [8, 8, 6, 0, 0.2, 0, 0], { 2: [{ kind: 'reset', count: 1 }] }) }));
    const [m] = report.machines;
    expect(report.days).toEqual(['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-17', '2026-01-18']);
    expect(m).toMatchObject({ source: 'aemp', totalHours: 22.2, daysUsed: 3, idleDays: 4 });
    expect(m.utilizationPct).toBeCloseTo((22.2 / (7 * 24)) * 100);
    expect(m.marks).toEqual([{ day: 2, kind: 'reset', count: 1 }]);
  });

  it("falls back to Fleet Desk's own readings, marked as observed", () => {
    const day = (d: string, firstAt: number, firstH: number, lastAt: number, lastH: number): EngineDay => ({ assetId: 'thing:1', day: d, firstAt, firstMs: firstH * H, lastAt, lastMs: lastH * H });
    const start = bounds[0].start;
    const report = buildReport(input({ engineDays: [day('2026-01-12', start + 8 * H, 100, start + 16 * H, 105)] }));
    expect(report.machines[0].source).toBe('observed');
    expect(report.machines[0].hours[0]).toBeCloseTo(5);
    expect(report.machines[0].hours[1]).toBeNull();
  });

  it("prefers the fleet interface's history to the app's own readings", () => {
    const e: EngineDay = { assetId: 'thing:1', day: '2026-01-12', firstAt: bounds[0].start + H, firstMs: 0, lastAt: bounds[0].start + 2 * H, lastMs: H };
    const report = buildReport(input({ fetched: fetchedDays('thing:1', [3, null, null, null, null, null, null]), engineDays: [e] }));
    expect(report.machines[0]).toMatchObject({ source: 'aemp', hours: [3, null, null, null, null, null, null] });
  });

  it('knows no hours for a machine with neither source, and none for days to come', () => {
    const midRange = bounds[3].start + 10 * H;
    const report = buildReport(input({ assetIds: ['thing:1', 'thing:2'], fetched: fetchedDays('thing:1', [1, 1, 1, 1, 1, 1, 1]), now: midRange }));
    expect(report.machines[0].hours).toEqual([1, 1, 1, 1, null, null, null]);
    expect(report.machines[1]).toMatchObject({ source: 'none', totalHours: 0, utilizationPct: 0, idleDays: 0 });
  });

  it('counts idle days back from the last known day, stopping at a used or unknown day', () => {
    expect(idleDaysOf([5, 0, 0, null, null], 0.5)).toBe(2);
    expect(idleDaysOf([0, null, 0, 0.4], 0.5)).toBe(2);
    expect(idleDaysOf([1, 2, 3], 0.5)).toBe(0);
  });
});
