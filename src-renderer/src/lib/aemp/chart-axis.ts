/**
 * The history chart's time axis: kept on the requested range, ticks spaced so their labels
 * never overlap, and a plain note for updates the service sent from outside the range.
 */
import { formatShortClock } from '../format/time';

const DAY_S = 24 * 60 * 60;

/** The requested range in Unix seconds, or null when either end is unreadable or they are reversed. */
export function requestedRange(range: { start: string; end: string }): { min: number; max: number } | null {
  const min = Date.parse(range.start) / 1000;
  const max = Date.parse(range.end) / 1000;
  return Number.isFinite(min) && Number.isFinite(max) && max > min ? { min, max } : null;
}

/**
 * Splits aligned chart data into the points to draw and the times (Unix seconds) of strays:
 * one old update must not stretch the axis over months. A reading less than the range's
 * own length away from it (the device's last report before the start, which the service
 * returns as the value at the start) is kept: the axis clips it, and the line enters from
 * the edge as it should.
 */
export function withinRange(data: [number[], (number | null)[]], range: { min: number; max: number } | null): { data: [number[], (number | null)[]]; outside: number[] } {
  if (!range) return { data, outside: [] };
  const slack = range.max - range.min;
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  const outside: number[] = [];
  data[0].forEach((x, i) => {
    if (x < range.min - slack || x > range.max + slack) outside.push(x);
    else {
      xs.push(x);
      ys.push(data[1][i]);
    }
  });
  return { data: [xs, ys], outside };
}

const dayFormat = (locale?: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });

/** "1 update falls outside the requested range (12 Mar 2026)"; null when none does. */
export function outsideRangeNote(outsideSec: readonly number[], locale?: string): string | null {
  if (outsideSec.length === 0) return null;
  const format = dayFormat(locale);
  const first = format.format(Math.min(...outsideSec) * 1000);
  const last = format.format(Math.max(...outsideSec) * 1000);
  const when = first === last ? first : `${first} – ${last}`;
  return outsideSec.length === 1
    ? `1 update falls outside the requested range (${when}) and is not drawn.`
    : `${outsideSec.length} updates fall outside the requested range (${when}) and are not drawn.`;
}

const tickDay = (locale?: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });

function isLocalMidnight(sec: number): boolean {
  const d = new Date(sec * 1000);
  return d.getHours() === 0 && d.getMinutes() === 0;
}

/**
 * One tick's label, never longer than a clock time or a short date: the day ("12 Mar") on
 * ticks at midnight or a day or more apart, the clock ("14:00") on the others.
 */
export function timeTickLabel(sec: number, incrementSec: number, locale?: string): string {
  return incrementSec >= DAY_S || isLocalMidnight(sec) ? tickDay(locale).format(sec * 1000) : formatShortClock(sec * 1000, locale);
}

/**
 * The least room (CSS px) between two time ticks: the widest label the axis can show, in
 * the axis font, plus a gap. uPlot then picks fewer ticks on a narrow chart or a zoomed page.
 */
export function timeTickSpace(fontPx = 12, locale?: string): number {
  // A late hour and a two-digit day give the widest clock and date of the locale.
  const sample = new Date(2026, 11, 28, 22, 58).getTime() / 1000;
  const widest = Math.max(timeTickLabel(sample, 60, locale).length, timeTickLabel(sample, DAY_S, locale).length);
  // An average character of a proportional font is about 0.6 em wide.
  return Math.ceil(widest * fontPx * 0.6 + fontPx * 1.5);
}

/**
 * The x scale's range function. uPlot asks it with the data's first and last times when it
 * fits the data (first draw, double-click): the requested range is kept then; any other
 * pair is the dispatcher's drag-zoom and is kept as it is.
 */
export function timeScaleRange(range: { min: number; max: number } | null, xs: readonly number[]): (u: unknown, min: number | null, max: number | null) => [number | null, number | null] {
  return (_u, min, max) => {
    const fitsData = min == null || max == null || (min === xs[0] && max === xs[xs.length - 1]);
    return range && fitsData ? [range.min, range.max] : [min, max];
  };
}
