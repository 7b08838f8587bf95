/** Dispatcher-facing text for fleet loading progress and identifier checks. */
import * as v from 'valibot';
import { AempIdentifierSchema, type AempProgress } from '@contract';
import { countOf } from '../format/numbers';
import { formatClock } from '../format/time';

export function progressText(p: AempProgress): string {
  if (p.waitingUntil) return `Waiting for the service (throttled) — retrying at ${formatClock(p.waitingUntil)}`;
  const machines = countOf(p.equipment, 'machine');
  if (p.done) return `Loaded ${p.page} ${p.page === 1 ? 'page' : 'pages'} — ${machines}`;
  const of = p.lastPage != null ? ` of ${p.lastPage}` : '';
  return `Loading page ${p.page}${of} — ${machines}`;
}

/** 0…1 when the last page is known, else null (indeterminate bar). */
export function progressFraction(p: AempProgress): number | null {
  if (p.done) return 1;
  if (p.lastPage == null || p.lastPage <= 0) return null;
  return Math.min(1, Math.max(0, p.page / p.lastPage));
}

/**
 * Trims and checks a look-up identifier with the contract's rule (the one `aemp:equipment`
 * and `aemp:history` are checked with): free text as fleet owners write it, refused only
 * when it cannot be sent. The message is for the dispatcher.
 */
export function checkIdentifier(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const result = v.safeParse(AempIdentifierSchema, raw, { abortEarly: true });
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, message: `${result.issues[0].message}.` };
}
