/**
 * Pure number formatting (grouping with commas so output is the same on every machine).
 *
 * The formatters are made at their first use, not when the bundle loads: the first
 * `Intl.NumberFormat` of a page loads ICU's number data (a measurable share of the cold
 * start, see docs/performance.md), and the first screen of the list shows no number that
 * needs one (counts are whole numbers, grouped by the contract's `count`).
 */
import { count } from '@contract';

let formats: { grouped: Intl.NumberFormat; grouped0: Intl.NumberFormat; grouped5: Intl.NumberFormat } | null = null;

function numberFormats(): NonNullable<typeof formats> {
  return (formats ??= {
    grouped: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }),
    grouped0: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
    grouped5: new Intl.NumberFormat('en-US', { maximumFractionDigits: 5, minimumFractionDigits: 5 }),
  });
}

/** A number rounded to whole units and grouped: whole numbers without Intl (see above). */
function wholeGrouped(n: number): string {
  return Number.isSafeInteger(n) ? count(n) : numberFormats().grouped0.format(n);
}

export function formatNumber(n: number, fractionDigits: 0 | 1 = 1): string {
  return fractionDigits === 0 ? wholeGrouped(n) : numberFormats().grouped.format(n);
}

/** Milliseconds of running time → "1,234 h 05 min". */
export function formatRuntime(ms: number): string {
  const totalMin = Math.floor(Math.abs(ms) / 60_000);
  const h = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  return `${ms < 0 ? '−' : ''}${wholeGrouped(h)} h ${String(m).padStart(2, '0')} min`;
}

/** Milliseconds of running time → whole hours, "1,234 h", for narrow list columns. */
export function formatRuntimeHours(ms: number): string {
  const h = Math.floor(Math.abs(ms) / 3_600_000);
  return `${ms < 0 ? '−' : ''}${wholeGrouped(h)} h`;
}

/** Odometer centimetres → kilometres or miles. */
export function formatDistanceCm(cm: number, units: 'metric' | 'imperial'): string {
  const { grouped } = numberFormats();
  if (units === 'imperial') return `${grouped.format(cm / 160_934.4)} mi`;
  return `${grouped.format(cm / 100_000)} km`;
}

const COMPASS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

/** 16-point compass name of a heading in degrees (any real number, wrapped to 0–360). */
export function compassPoint(degrees: number): string {
  const wrapped = ((degrees % 360) + 360) % 360;
  return COMPASS[Math.round(wrapped / 22.5) % 16];
}

export function formatHeading(degrees: number): string {
  const wrapped = ((degrees % 360) + 360) % 360;
  return `${wholeGrouped(wrapped)}° ${compassPoint(wrapped)}`;
}

export function formatLatLng(lat: number, lng: number): string {
  const { grouped5 } = numberFormats();
  return `${grouped5.format(lat)}, ${grouped5.format(lng)}`.replace(/(\d),(\d{3})/g, '$1$2');
}

/** A count the way every count in the app is written: "9,500", "10,000" (rounded when not whole). */
export function formatCount(n: number): string {
  return wholeGrouped(n);
}

/** "1 asset", "9,500 assets": a count with its noun, singular for exactly one. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

const plainFormats = new Map<number, Intl.NumberFormat>();
/** A measured value with up to `maxFractionDigits` decimals, grouped like every number here: "1,234.25". */
export function formatDecimal(n: number, maxFractionDigits = 2): string {
  let f = plainFormats.get(maxFractionDigits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { maximumFractionDigits: maxFractionDigits });
    plainFormats.set(maxFractionDigits, f);
  }
  return f.format(n);
}
