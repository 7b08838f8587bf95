/**
 * The history date range: two `datetime-local` values read in the machine's local
 * time zone, checked, and turned into the UTC form the fleet interface wants
 * (`YYYY-MM-DDTHH:MM:SSZ`).
 */

import { historyRangeProblem } from '@contract';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Clock skew we tolerate before calling an end time "in the future". */
const FUTURE_SLACK_MS = 60 * 1000;

export interface RangeErrors {
  start?: string;
  end?: string;
  range?: string;
}

export type RangeCheck =
  | { ok: true; startIso: string; endIso: string; startMs: number; endMs: number }
  | { ok: false; errors: RangeErrors };

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export type LocalParse = { ok: true; ms: number } | { ok: false; message: string };

/** Reads a `datetime-local` value (`YYYY-MM-DDTHH:MM[:SS]`) as local time. */
export function parseLocalInput(value: string): LocalParse {
  const text = value.trim();
  if (text === '') return { ok: false, message: 'Enter a date and time.' };
  const m = LOCAL_INPUT.exec(text);
  if (!m) return { ok: false, message: 'Use the form YYYY-MM-DD HH:MM.' };
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const date = new Date(y, mo - 1, d, h, mi, s, 0);
  // Date rolls invalid fields over (Feb 30 → Mar 2; 02:30 in a spring-forward gap
  // → 03:30); compare back so such inputs are refused rather than silently moved.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) {
    return { ok: false, message: `${text.slice(0, 10)} is not a calendar date.` };
  }
  if (date.getHours() !== h || date.getMinutes() !== mi) {
    return { ok: false, message: `${pad(h)}:${pad(mi)} does not exist on ${text.slice(0, 10)} here (the clocks change that night).` };
  }
  return { ok: true, ms: date.getTime() };
}

/** UTC in the fleet interface's form, e.g. `2026-03-29T01:30:00Z`. */
export function toUtcIso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

/** The `datetime-local` value for an instant, in local time (minutes precision). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function checkRange(startValue: string, endValue: string, nowMs: number): RangeCheck {
  const errors: RangeErrors = {};
  const start = parseLocalInput(startValue);
  const end = parseLocalInput(endValue);
  if (!start.ok) errors.start = start.message;
  if (!end.ok) errors.end = end.message;
  if (start.ok && start.ms > nowMs + FUTURE_SLACK_MS) errors.start = 'The start is in the future.';
  if (end.ok && end.ms > nowMs + FUTURE_SLACK_MS) errors.end = 'The end is in the future; choose now or earlier.';
  if (start.ok && end.ok && !errors.start && !errors.end) {
    const problem = historyRangeProblem(start.ms, end.ms);
    if (problem) errors.range = `${problem}.`;
  }
  if (!start.ok || !end.ok || errors.start || errors.end || errors.range) return { ok: false, errors };
  return { ok: true, startIso: toUtcIso(start.ms), endIso: toUtcIso(end.ms), startMs: start.ms, endMs: end.ms };
}

export type PresetId = '24h' | '7d' | '30d';
export const PRESETS: { id: PresetId; label: string; ms: number }[] = [
  { id: '24h', label: 'Last 24 h', ms: DAY_MS },
  { id: '7d', label: 'Last 7 days', ms: 7 * DAY_MS },
  { id: '30d', label: 'Last 30 days', ms: 30 * DAY_MS },
];

/** Input values for a preset ending now (rounded down to the minute). */
export function presetRange(id: PresetId, nowMs: number): { start: string; end: string } {
  const preset = PRESETS.find((p) => p.id === id) ?? PRESETS[0];
  const end = Math.floor(nowMs / 60_000) * 60_000;
  return { start: toLocalInput(end - preset.ms), end: toLocalInput(end) };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
