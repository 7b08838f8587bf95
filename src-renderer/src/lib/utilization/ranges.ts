/**
 * The ranges the Utilization view offers. Days are calendar days in the branch's time zone
 * (the one the last report was cut in), so "Yesterday" is the branch's yesterday wherever
 * the dispatcher's computer thinks it is. The range's own rules (order, longest range) are
 * the contract's UtilizationRangeSchema; this module only words its verdict.
 */
import * as v from 'valibot';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { UtilizationRangeSchema, type UtilizationRange } from '@contract';

export type RangePreset = 'yesterday' | 'last7' | 'last30' | 'last90' | 'custom';

/** The presets, in the order the view offers them; `days` full days ending yesterday. */
export const RANGE_PRESETS: readonly { id: Exclude<RangePreset, 'custom'>; label: string; days: number }[] = [
  { id: 'yesterday', label: 'Yesterday', days: 1 },
  { id: 'last7', label: 'Last 7 days', days: 7 },
  { id: 'last30', label: 'Last 30 days', days: 30 },
  { id: 'last90', label: 'Last 90 days', days: 90 },
];

export const DEFAULT_PRESET: RangePreset = 'last7';

/** Whether the runtime knows this IANA zone. */
function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone to cut days in: the branch's when known, else this computer's. */
export function zoneOrLocal(timeZone: string | null | undefined): string {
  if (timeZone && knownZone(timeZone)) return timeZone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The calendar day `now` falls on in `timeZone`, `YYYY-MM-DD`. */
export function dayIn(now: number, timeZone: string): string {
  return format(new TZDate(now, zoneOrLocal(timeZone)), 'yyyy-MM-dd');
}

/** A preset's days: `days` full days ending with the branch's yesterday (today is not over yet). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: number, timeZone: string): UtilizationRange {
  const days = RANGE_PRESETS.find((p) => p.id === preset)?.days ?? 7;
  const today = new TZDate(now, zoneOrLocal(timeZone));
  return { from: format(addDays(today, -days), 'yyyy-MM-dd'), to: format(addDays(today, -1), 'yyyy-MM-dd') };
}

/** A custom range checked with the contract's rule; the message is for the dispatcher. */
export function checkRange(from: string, to: string): { ok: true; range: UtilizationRange } | { ok: false; message: string } {
  if (!from || !to) return { ok: false, message: 'Choose both the first and the last day' };
  const result = v.safeParse(UtilizationRangeSchema, { from, to }, { abortEarly: true });
  if (result.success) return { ok: true, range: result.output };
  return { ok: false, message: result.issues[0].message };
}

/** "27 Nov 2026" or "21 – 27 Nov 2026", as the header and the printed page name the range. */
export function rangeLabel(range: UtilizationRange): string {
  const day = (d: string) => new Date(`${d}T12:00:00Z`);
  const full = (d: string) => format(day(d), 'd MMM yyyy');
  if (range.from === range.to) return full(range.from);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  const sameMonth = sameYear && range.from.slice(5, 7) === range.to.slice(5, 7);
  const start = sameMonth ? format(day(range.from), 'd') : sameYear ? format(day(range.from), 'd MMM') : full(range.from);
  return `${start} – ${full(range.to)}`;
}
