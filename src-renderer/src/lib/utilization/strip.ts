/**
 * A machine's hours per day as a strip of small cells: how full each day was, unknown days
 * told apart from idle ones, and each day's history marks in words (the contract's
 * HISTORY_MARK_LABELS) for the cell's accessible label and tooltip.
 */
import { HISTORY_MARK_LABELS, type HistoryMark } from '@contract';
import { formatDecimal } from '../format/numbers';

/** `unknown`: no hours known that day; 0: below a used day; 1–4: up to 6, 12, 18, 24 hours. */
export type StripLevel = 'unknown' | 0 | 1 | 2 | 3 | 4;

export interface StripCell {
  day: string;
  hours: number | null;
  level: StripLevel;
  /** The day's marks in words, once each. */
  marks: string[];
  /** "2026-11-27: 6.5 h (Meter reset)", for the cell's label. */
  label: string;
}

/** A group's strip (`machines` > 1) is graded by the hours per machine, so a big group is not always full. */
export function stripLevel(hours: number | null, usedDayHours: number, machines = 1): StripLevel {
  if (hours === null) return 'unknown';
  const each = hours / Math.max(1, machines);
  if (each < usedDayHours) return 0;
  return Math.min(4, Math.max(1, Math.ceil(each / 6))) as 1 | 2 | 3 | 4;
}

/** Hours as the view writes them: "6.5 h", "—" when unknown. */
export function hoursText(hours: number | null): string {
  return hours === null ? '—' : `${formatDecimal(hours, 1)} h`;
}

export function stripCells(days: readonly string[], hours: readonly (number | null)[], marks: readonly HistoryMark[], usedDayHours: number, machines = 1): StripCell[] {
  const byDay = new Map<number, string[]>();
  for (const mark of marks) {
    const words = HISTORY_MARK_LABELS[mark.kind];
    if (!words) continue;
    const list = byDay.get(mark.day) ?? [];
    if (!list.includes(words)) list.push(words);
    byDay.set(mark.day, list);
  }
  return days.map((day, i) => {
    const value = hours[i] ?? null;
    const dayMarks = byDay.get(i) ?? [];
    const reading = value === null ? 'hours unknown' : hoursText(value);
    return { day, hours: value, level: stripLevel(value, usedDayHours, machines), marks: dayMarks, label: `${day}: ${reading}${dayMarks.length ? ` (${dayMarks.join('; ')})` : ''}` };
  });
}

/** Ranges up to this many days read out every day; longer ones are summed up. */
export const STRIP_DAYS_READ_OUT = 31;

/**
 * The strip's accessible label: every day's hours and marks for a short range; for a long
 * one, how many days are known and used, then each marked day with its marks.
 */
export function stripLabel(cells: readonly StripCell[]): string {
  if (cells.length <= STRIP_DAYS_READ_OUT) return `Hours per day: ${cells.map((c) => c.label).join(', ')}`;
  const known = cells.filter((c) => c.level !== 'unknown').length;
  const used = cells.filter((c) => c.level !== 'unknown' && c.level !== 0).length;
  const marked = cells.filter((c) => c.marks.length > 0).map((c) => `${c.day}: ${c.marks.join('; ')}`);
  return `Hours known on ${known} of ${cells.length} days, used on ${used}${marked.length ? `; ${marked.join(', ')}` : ''}`;
}
