/** Unit conversions and display formatting for fleet values. */
import type { Units } from '../../../../src-main/contract';

export const METRES_PER_MILE = 1609.344;

export function distanceValue(metres: number, units: Units): number {
  return units === 'imperial' ? metres / METRES_PER_MILE : metres / 1000;
}

export function distanceUnit(units: Units): string {
  return units === 'imperial' ? 'mi' : 'km';
}

const number1 = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const number0 = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

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
  return `${number0.format(percent)} %`;
}

export function litresValue(litres: number, units: Units): number {
  return units === 'imperial' ? litres / 3.785411784 : litres;
}

export function formatVolume(litres: number | null | undefined, units: Units): string {
  if (litres == null || !Number.isFinite(litres)) return '—';
  return `${number1.format(litresValue(litres, units))} ${units === 'imperial' ? 'gal' : 'L'}`;
}

export function formatCoord(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** Local date and time, e.g. `2026-11-22 14:05:09`; '—' for missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function formatTime(iso: string | null | undefined): string {
  const full = formatDateTime(iso);
  return full.length === 19 ? full.slice(11) : full;
}
