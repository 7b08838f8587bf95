/**
 * One machine's utilization days of one month, packed in two cells of `utilization_months`:
 * `hours` lists `DD=hours` items in day order (an empty figure: fetched, and nothing told how
 * long the engine ran); `marks` is a JSON object from `DD` to that day's marks, or null.
 */
import type { StoredMachineDays, StoredUtilizationDay } from '../ports';
import { marksOf, readHours } from './stored-cells';

export interface PackedMonth {
  hours: string;
  marks: string | null;
}

/** `YYYY-MM` of a `YYYY-MM-DD` day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** An object parsed from a marks cell; a damaged cell reads as no marks. */
function parseMarks(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The packed month with `days` (all of that month) written over what it held. */
export function mergeMonth(old: PackedMonth | null, days: readonly StoredUtilizationDay[]): PackedMonth {
  const hours = new Map<string, string>();
  if (old) {
    for (const item of old.hours.split(',')) if (item.length >= 3) hours.set(item.slice(0, 2), item.slice(3));
  }
  const marks = parseMarks(old?.marks ?? null);
  for (const d of days) {
    const dd = d.day.slice(8, 10);
    hours.set(dd, d.hours === null ? '' : String(d.hours));
    if (d.marks.length > 0) marks[dd] = d.marks;
    else delete marks[dd];
  }
  const items = [...hours].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([dd, h]) => `${dd}=${h}`);
  return { hours: items.join(','), marks: Object.keys(marks).length > 0 ? JSON.stringify(marks) : null };
}

/** The month's day names by day of the month, made once a month and shared by every machine. */
export type DayNames = Map<string, Map<string, string>>;

function dayName(names: DayNames, month: string, dd: string): string {
  let days = names.get(month);
  if (!days) names.set(month, (days = new Map()));
  let day = days.get(dd);
  if (day === undefined) days.set(dd, (day = `${month}-${dd}`));
  return day;
}

/** Appends the month's days within [fromDay, toDay] (and their marks) to `into`. */
export function unpackMonth(month: string, hours: string, marks: string | null, fromDay: string, toDay: string, into: StoredMachineDays, names: DayNames = new Map()): void {
  const whole = `${month}-01` >= fromDay && `${month}-31` <= toDay;
  for (const item of hours.split(',')) {
    if (item.length < 3) continue;
    const day = dayName(names, month, item.slice(0, 2));
    if (!whole && (day < fromDay || day > toDay)) continue;
    into.days.push(day);
    into.hours.push(readHours(item.slice(3)));
  }
  if (marks === null) return;
  for (const [dd, value] of Object.entries(parseMarks(marks))) {
    const day = `${month}-${dd}`;
    if (day < fromDay || day > toDay) continue;
    for (const m of marksOf(value)) into.marks.push({ day, kind: m.kind, count: m.count });
  }
}
