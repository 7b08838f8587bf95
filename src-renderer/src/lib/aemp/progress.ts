/** Dispatcher-facing text for fleet loading progress and identifier checks. */
import type { AempProgress } from '@contract';
import { formatClock } from '../format/time';

export function progressText(p: AempProgress): string {
  if (p.waitingUntil) return `Waiting for the service (throttled) — retrying at ${formatClock(p.waitingUntil)}`;
  const units = `${p.units} ${p.units === 1 ? 'unit' : 'units'}`;
  if (p.done) return `Loaded ${p.page} ${p.page === 1 ? 'page' : 'pages'} — ${units}`;
  const of = p.lastPage != null ? ` of ${p.lastPage}` : '';
  return `Loading page ${p.page}${of} — ${units}`;
}

/** 0…1 when the last page is known, else null (indeterminate bar). */
export function progressFraction(p: AempProgress): number | null {
  if (p.done) return 1;
  if (p.lastPage == null || p.lastPage <= 0) return null;
  return Math.min(1, Math.max(0, p.page / p.lastPage));
}

export const MAX_IDENTIFIER_LENGTH = 64;

/** Trims and checks a look-up identifier; the message is for the dispatcher. */
export function checkIdentifier(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw.trim();
  if (value === '') return { ok: false, message: 'Enter an equipment id, serial number or VIN.' };
  if (value.length > MAX_IDENTIFIER_LENGTH) return { ok: false, message: `An identifier has at most ${MAX_IDENTIFIER_LENGTH} characters.` };
  if (!/^[A-Za-z0-9._:\- ]+$/.test(value)) return { ok: false, message: 'Use letters, digits, spaces and . _ : - only.' };
  return { ok: true, value };
}
