import { describe, expect, it } from 'vitest';
import { HISTORY_MARK_LABELS } from '../../../../../src-main/contract';
import { stripCells, stripLabel, stripLevel, STRIP_DAYS_READ_OUT } from '../../../../../src-renderer/src/lib/utilization/strip';

describe('the hours strip', () => {
  it('tells an unknown day from an idle one, and grades used days by hours', () => {
    expect(stripLevel(null, 0.5)).toBe('unknown');
    expect(stripLevel(0, 0.5)).toBe(0);
    expect(stripLevel(0.4, 0.5)).toBe(0);
    expect(stripLevel(0.5, 0.5)).toBe(1);
    expect(stripLevel(6.1, 0.5)).toBe(2);
    expect(stripLevel(24, 0.5)).toBe(4);
  });

  it('labels each day with its hours and its marks in the contract’s words, each once', () => {
    const cells = stripCells(['2026-11-26', '2026-11-27'], [6.5, null], [
      { day: 0, kind: 'reset', count: 1 },
      { day: 0, kind: 'reset', count: 2 },
      { day: 0, kind: 'spike', count: 1 },
      { day: 1, kind: 'gap', count: 1 },
    ], 0.5);
    expect(cells.map((c) => c.label)).toEqual([
      `2026-11-26: 6.5 h (${HISTORY_MARK_LABELS.reset}; ${HISTORY_MARK_LABELS.spike})`,
      `2026-11-27: hours unknown (${HISTORY_MARK_LABELS.gap})`,
    ]);
    expect(stripLabel(cells)).toBe(`Hours per day: ${cells[0].label}, ${cells[1].label}`);
  });

  it('sums up a long range instead of reading out every day, keeping every marked day', () => {
    const days = Array.from({ length: STRIP_DAYS_READ_OUT + 9 }, (_, i) => `d${i}`);
    const hours = days.map((_, i) => (i < 10 ? null : i % 2 ? 8 : 0));
    const cells = stripCells(days, hours, [{ day: 12, kind: 'duplicate', count: 3 }], 0.5);
    expect(stripLabel(cells)).toBe(`Hours known on 30 of 40 days, used on 15; d12: ${HISTORY_MARK_LABELS.duplicate}`);
  });
});

describe('a group’s strip', () => {
  it('is graded by the hours per machine, so a big busy group is not always full', () => {
    expect(stripLevel(60, 0.5, 10)).toBe(1);
    expect(stripLevel(60, 0.5, 1)).toBe(4);
    expect(stripLevel(4, 0.5, 10)).toBe(0);
    expect(stripCells(['d'], [120], [], 0.5, 10)[0].level).toBe(2);
  });
});
