/** Measurement units of AEMP values (metric / imperial): conversions and their display. */
import type { Units } from '@contract';
import { formatCount } from '../format/numbers';

export const METRES_PER_MILE = 1609.344;

export function distanceValue(metres: number, units: Units): number {
  return units === 'imperial' ? metres / METRES_PER_MILE : metres / 1000;
}

export function distanceUnit(units: Units): string {
  return units === 'imperial' ? 'mi' : 'km';
}

// Grouped like every other number in the app (lib/format/numbers.ts), always one decimal: "12,345.6".
const number1 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** Distance as a bare number in km or mi (the unit goes in a column header); '—' when missing. */
export function distanceNumber(metres: number | null | undefined, units: Units): string {
  if (metres == null || !Number.isFinite(metres)) return '—';
  return number1.format(distanceValue(metres, units));
}

/** Hours as a bare number, "1,234.5"; '—' when missing. */
export function hoursNumber(hours: number | null | undefined): string {
  if (hours == null || !Number.isFinite(hours)) return '—';
  return number1.format(hours);
}

/** A percentage as a bare number, "45"; '—' when missing. */
export function percentNumber(percent: number | null | undefined): string {
  if (percent == null || !Number.isFinite(percent)) return '—';
  return formatCount(percent);
}

export function formatDistance(metres: number | null | undefined, units: Units): string {
  if (metres == null || !Number.isFinite(metres)) return '—';
  return `${number1.format(distanceValue(metres, units))} ${distanceUnit(units)}`;
}

export function formatHours(hours: number | null | undefined): string {
  if (hours == null || !Number.isFinite(hours)) return '—';
  return `${number1.format(hours)} h`;
}

export function formatPercent(percent: number | null | undefined): string {
  if (percent == null || !Number.isFinite(percent)) return '—';
  return `${formatCount(percent)} %`;
}

export const FEET_PER_METRE = 1 / 0.3048;

/** Altitude in whole metres or feet with its unit, "1,402 m" / "4,600 ft"; '—' when missing. */
export function formatAltitude(metres: number | null | undefined, units: Units): string {
  if (metres == null || !Number.isFinite(metres)) return '—';
  return units === 'imperial' ? `${formatCount(metres * FEET_PER_METRE)} ft` : `${formatCount(metres)} m`;
}

export function litresValue(litres: number, units: Units): number {
  return units === 'imperial' ? litres / 3.785411784 : litres;
}

export function formatVolume(litres: number | null | undefined, units: Units): string {
  if (litres == null || !Number.isFinite(litres)) return '—';
  return `${number1.format(litresValue(litres, units))} ${units === 'imperial' ? 'gal' : 'L'}`;
}
