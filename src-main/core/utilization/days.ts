/**
 * Calendar days of a utilization range and the instants each day covers in the branch's
 * time zone. Days are cut where the zone's clock reads midnight, so a day on which daylight
 * saving starts or ends is 23 or 25 hours long (and a zone whose clocks jump at midnight
 * starts that day at 01:00).
 */
import { TZDate } from '@date-fns/tz';
import { isTimeZoneName, type UtilizationRange } from '../../contract';

export const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** One day of a range: its name and the instants [start, end) it covers (epoch ms). */
export interface DayBounds {
  day: string;
  start: number;
  end: number;
}

/** Whether `name` is an IANA time zone this computer knows (the contract's rule). */
export const isTimeZone = isTimeZoneName;

/** The computer's own time zone. */
export function computerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y, m - 1, d];
}

/** `YYYY-MM-DD` of a calendar date given as UTC midnight. */
function dayName(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/** Every day from `range.from` to `range.to`, both included, in order. */
export function daysOf(range: UtilizationRange): string[] {
  const first = Date.parse(`${range.from}T00:00:00Z`);
  const last = Date.parse(`${range.to}T00:00:00Z`);
  const out: string[] = [];
  for (let t = first; t <= last; t += DAY_MS) out.push(dayName(t));
  return out;
}

/** The day after `day`. */
export function nextDay(day: string): string {
  return dayName(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/** When `day` starts in `zone` (epoch ms). */
export function startOfDay(day: string, zone: string): number {
  const [y, m, d] = parts(day);
  return new TZDate(y, m, d, zone).getTime();
}

/** Each day of the range with the instants it covers in `zone`; consecutive days touch. */
export function dayBounds(range: UtilizationRange, zone: string): DayBounds[] {
  const days = daysOf(range);
  const out: DayBounds[] = [];
  let start = startOfDay(days[0], zone);
  for (const day of days) {
    const end = startOfDay(nextDay(day), zone);
    out.push({ day, start, end });
    start = end;
  }
  return out;
}

/** The day (in `zone`) an instant falls on. */
export function dayAt(instantMs: number, zone: string): string {
  const local = new TZDate(instantMs, zone);
  const m = String(local.getMonth() + 1).padStart(2, '0');
  const d = String(local.getDate()).padStart(2, '0');
  return `${String(local.getFullYear()).padStart(4, '0')}-${m}-${d}`;
}

/** Index of the day whose [start, end) holds `instantMs`, or -1 when none does. */
export function dayIndexAt(bounds: readonly DayBounds[], instantMs: number): number {
  let lo = 0;
  let hi = bounds.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (instantMs < bounds[mid].start) hi = mid - 1;
    else if (instantMs >= bounds[mid].end) lo = mid + 1;
    else return mid;
  }
  return -1;
}
