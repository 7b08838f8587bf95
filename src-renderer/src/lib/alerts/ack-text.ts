/** How an acknowledgement reads in the alert list: who, when, and the note left with it. */
import type { AlertRecord } from '@contract';
import { formatShortClock } from '../format/time';

/** "Acknowledged by Ana at 10:42 — called the customer"; null for an alert not acknowledged. */
export function acknowledgedText(a: Pick<AlertRecord, 'acknowledgedAt' | 'acknowledgedBy' | 'ackNote'>, locale?: string): string | null {
  if (!a.acknowledgedAt) return null;
  const who = a.acknowledgedBy ? ` by ${a.acknowledgedBy}` : '';
  const note = a.ackNote ? ` — ${a.ackNote}` : '';
  return `Acknowledged${who} at ${formatShortClock(a.acknowledgedAt, locale)}${note}`;
}
