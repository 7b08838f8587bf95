/** Pure time formatting for the renderer. Every function takes `now` so tests need no clock. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds since the epoch, or null for a missing or unparseable timestamp. */
export function parseTime(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** A compact span: "45 s", "3 min", "2 h 05 min", "4 d", "3 mo", "2 y". */
export function formatSpan(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < MINUTE) return `${Math.floor(abs / SECOND)} s`;
  if (abs < HOUR) return `${Math.floor(abs / MINUTE)} min`;
  if (abs < 10 * HOUR) {
    const h = Math.floor(abs / HOUR);
    const m = Math.floor((abs % HOUR) / MINUTE);
    return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')} min`;
  }
  if (abs < 2 * DAY) return `${Math.floor(abs / HOUR)} h`;
  if (abs < 60 * DAY) return `${Math.floor(abs / DAY)} d`;
  if (abs < 730 * DAY) return `${Math.floor(abs / (30 * DAY))} mo`;
  return `${Math.floor(abs / (365 * DAY))} y`;
}

/**
 * How far a timestamp may be ahead of `now` and still read "just now": the app's clock
 * ticks every 15 s, and the service's clock may run a little ahead of this computer's.
 */
export const AHEAD_SLACK_MS = 5 * MINUTE;

/**
 * "just now", "3 min ago"; "never" for no timestamp. Never "in …": a time at most
 * AHEAD_SLACK_MS in the future is "just now", one further ahead says so plainly.
 */
export function relativeTime(iso: string | null | undefined, now: number): string {
  const at = parseTime(iso);
  if (at === null) return iso ? 'unknown time' : 'never';
  const diff = now - at;
  if (diff < 10 * SECOND && diff > -AHEAD_SLACK_MS) return 'just now';
  return diff > 0 ? `${formatSpan(diff)} ago` : `${formatSpan(diff)} ahead of this computer's clock`;
}

/** Like relativeTime but only the largest unit ("2 h ago"), for narrow list columns. */
export function shortRelativeTime(iso: string | null | undefined, now: number): string {
  const text = relativeTime(iso, now);
  return text.replace(/^(\d+ h) \d+ min/, '$1').replace(/ ahead of this computer's clock$/, ' ahead');
}

/**
 * The one way the app writes a date and time (tables, charts, details, tooltips): the
 * user's locale, to the second, e.g. "Nov 22, 2026, 02:03:10 PM" in en-US or
 * "22. Nov. 2026, 14:03:10" in de-DE. Clock times below use the same locale.
 */
const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const SHORT_CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY_AND_CLOCK: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

function toMs(at: string | number | null | undefined): number | null {
  return typeof at === 'number' ? (Number.isFinite(at) ? at : null) : parseTime(at);
}

/** Local date and time in the user's locale; "—" when missing, the text itself (quoted) when unreadable. */
export function formatDateTime(at: string | number | null | undefined, locale?: string): string {
  const ms = toMs(at);
  if (ms === null) return typeof at === 'string' && at ? `unreadable time "${at}"` : '—';
  return formatter(DATE_TIME, locale).format(ms);
}

/** Local clock time only, e.g. "02:03:10 PM" (en-US), "14:03:10" (de-DE). */
export function formatClock(iso: string | number | null | undefined, locale?: string): string {
  const ms = toMs(iso);
  return ms === null ? '—' : formatter(CLOCK, locale).format(ms);
}

/** Local hours and minutes, e.g. "02:03 PM" (en-US), "14:03" (de-DE). */
export function formatShortClock(iso: string | number | null | undefined, locale?: string): string {
  const ms = toMs(iso);
  return ms === null ? '—' : formatter(SHORT_CLOCK, locale).format(ms);
}

/** A chart's time-axis label: the clock within a day, the day and clock over longer spans. */
export function formatAxisTime(ms: number, spanMs: number, locale?: string): string {
  return formatter(spanMs <= DAY ? SHORT_CLOCK : DAY_AND_CLOCK, locale).format(ms);
}

export type ZonedTime = { ok: true; text: string } | { ok: false; message: string };

/**
 * The timestamp as seen in an IANA zone, in the app's one date/time format plus the zone's
 * short name ("Nov 22, 2026, 05:00:00 AM MST"); an unknown zone is reported, never thrown.
 */
export function formatInZone(iso: string | null | undefined, timeZone: string, locale?: string): ZonedTime {
  const at = parseTime(iso);
  if (at === null) return { ok: false, message: 'no readable timestamp' };
  try {
    return { ok: true, text: new Intl.DateTimeFormat(locale, { ...DATE_TIME, timeZone, timeZoneName: 'short' }).format(at) };
  } catch {
    return { ok: false, message: `unknown time zone "${timeZone}"` };
  }
}

/** True when the string is a time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}
