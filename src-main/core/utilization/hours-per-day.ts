/**
 * Engine hours per day from a cumulative hour counter whose readings may be bad. Pure
 * functions; the rules (also in docs/utilization.md):
 *
 * - Readings that name another machine (identifiers given, none of them this machine's)
 *   are dropped and marked 'foreign'.
 * - Readings out of time order are sorted and marked 'unordered'.
 * - The same reading twice (same instant, same hours) is kept once and marked 'duplicate'.
 * - Between two readings the counter's increase is spread over the time between them in
 *   proportion to time, so hours between a reading before midnight and one after it are
 *   split between both days.
 * - A counter that goes down is a meter reset: the new meter counted from zero, so the
 *   increase up to that reading is its value; never negative. Marked 'reset'.
 * - A day with no reading but readings before and after it gets its share of the increase
 *   spread over the gap, and is marked 'gap' when that increase is above zero (when it is
 *   zero the machine is known to have stood still). A day outside every pair of readings
 *   (before the first, after the last) is unknown: null.
 * - A day over 24 hours is capped at 24 and marked 'spike'.
 */
import { identifierKey } from '../../contract/equipment-link';
import type { HistoryMark, HistoryMarkKind } from '../../contract';
import { HOUR_MS, type DayBounds } from './days';

/** Hours a day can hold at most (a longer daylight-saving day is capped too). */
export const MAX_DAY_HOURS = 24;

export interface HourReading {
  /** When the counter was read (epoch ms). */
  at: number;
  /** The counter's value, in hours. */
  hours: number;
  /** Identifiers the record named (equipment id, serial number, PIN), when it named any. */
  identity?: readonly string[] | null;
}

export interface DayHours {
  /** Hours per day, aligned with the bounds; null where unknown. */
  hours: (number | null)[];
  marks: HistoryMark[];
}

export interface HoursOptions {
  /** This machine's identifiers; a reading naming none of them is another machine's. */
  identity?: readonly (string | null)[];
}

class Marks {
  private readonly byKey = new Map<string, HistoryMark>();
  constructor(private readonly bounds: readonly DayBounds[]) {}

  /** Marks the day holding `at` (the first or last day for an instant outside the range). */
  add(at: number, kind: HistoryMarkKind, count = 1): void {
    this.addDay(this.dayOf(at), kind, count);
  }

  addDay(day: number, kind: HistoryMarkKind, count = 1): void {
    const key = `${day}|${kind}`;
    const mark = this.byKey.get(key);
    if (mark) mark.count += count;
    else this.byKey.set(key, { day, kind, count });
  }

  list(): HistoryMark[] {
    return [...this.byKey.values()].sort((a, b) => a.day - b.day || a.kind.localeCompare(b.kind));
  }

  private dayOf(at: number): number {
    const b = this.bounds;
    if (at < b[0].start) return 0;
    if (at >= b[b.length - 1].end) return b.length - 1;
    let lo = 0;
    let hi = b.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (b[mid].start <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

function isForeign(reading: HourReading, own: ReadonlySet<string>): boolean {
  if (own.size === 0 || !reading.identity || reading.identity.length === 0) return false;
  const named = reading.identity.map(identifierKey).filter((k): k is string => k !== null);
  return named.length > 0 && !named.some((k) => own.has(k));
}

/** The readings this machine's history can use, in time order, with what was wrong marked. */
function cleanReadings(readings: readonly HourReading[], marks: Marks, options: HoursOptions = {}): HourReading[] {
  const own = new Set((options.identity ?? []).map(identifierKey).filter((k): k is string => k !== null));
  const usable: HourReading[] = [];
  for (const r of readings) {
    if (!Number.isFinite(r.at) || !Number.isFinite(r.hours) || r.hours < 0) continue;
    if (isForeign(r, own)) {
      marks.add(r.at, 'foreign');
      continue;
    }
    usable.push(r);
  }
  let outOfOrder = false;
  for (let i = 1; i < usable.length; i++) {
    if (usable[i].at < usable[i - 1].at) {
      outOfOrder = true;
      marks.add(usable[i].at, 'unordered');
    }
  }
  const sorted = outOfOrder ? [...usable].sort((a, b) => a.at - b.at || a.hours - b.hours) : usable;
  const out: HourReading[] = [];
  for (const r of sorted) {
    const previous = out[out.length - 1];
    if (previous && previous.at === r.at && previous.hours === r.hours) {
      marks.add(r.at, 'duplicate');
      continue;
    }
    out.push(r);
  }
  return out;
}

/** Hours per day of `bounds` (consecutive days) from a counter's readings. */
export function hoursPerDay(readings: readonly HourReading[], bounds: readonly DayBounds[], options: HoursOptions = {}): DayHours {
  const n = bounds.length;
  if (n === 0) return { hours: [], marks: [] };
  const marks = new Marks(bounds);
  const clean = cleanReadings(readings, marks, options);
  const sum = new Float64Array(n);
  const known = new Uint8Array(n);
  const rangeStart = bounds[0].start;
  const rangeEnd = bounds[n - 1].end;

  for (let i = 1; i < clean.length; i++) {
    const a = clean[i - 1];
    const b = clean[i];
    let increase = b.hours - a.hours;
    if (increase < 0) {
      marks.add(b.at, 'reset');
      increase = b.hours;
    }
    if (b.at === a.at) {
      // Two values at one instant: the increase belongs to that instant's day.
      if (b.at >= rangeStart && b.at < rangeEnd) {
        const d = firstDayFrom(bounds, b.at);
        sum[d] += increase;
        known[d] = 1;
      }
      continue;
    }
    if (b.at <= rangeStart || a.at >= rangeEnd) continue;
    const span = b.at - a.at;
    for (let d = Math.max(0, firstDayFrom(bounds, a.at)); d < n && bounds[d].start < b.at; d++) {
      const { start, end } = bounds[d];
      if (end <= a.at) continue;
      const overlap = Math.min(end, b.at) - Math.max(start, a.at);
      if (overlap <= 0) continue;
      sum[d] += (increase * overlap) / span;
      known[d] = 1;
      if (a.at < start && b.at >= end && increase > 0) marks.addDay(d, 'gap');
    }
  }

  const hours: (number | null)[] = new Array<number | null>(n);
  for (let d = 0; d < n; d++) {
    if (!known[d]) {
      hours[d] = null;
      continue;
    }
    if (sum[d] > MAX_DAY_HOURS) {
      marks.addDay(d, 'spike');
      hours[d] = MAX_DAY_HOURS;
    } else hours[d] = sum[d];
  }
  return { hours, marks: marks.list() };
}

/** The first day whose end is after `at` (-1 when none); instants before the range give 0. */
function firstDayFrom(bounds: readonly DayBounds[], at: number): number {
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bounds[mid].end <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo < bounds.length ? lo : -1;
}

/** Engine-runtime milliseconds as counter hours. */
export function msToHours(ms: number): number {
  return ms / HOUR_MS;
}
