/** Where a machine is and since when, in the words of the table and the recovery list. */
import { formatDateTime, formatSpan } from '../format/time';

/** "4 d", "≥ 4 d" when only the first sighting there is known, "—" when unknown. */
export function sinceText(since: number | null, atLeast: boolean, now: number): string {
  if (since === null) return '—';
  const span = formatSpan(Math.max(0, now - since));
  return atLeast ? `≥ ${span}` : span;
}

/** "There since 24/11/2026, 14:00" / "There at least since …" (Fleet Desk first saw it there then). */
export function sinceTitle(since: number | null, atLeast: boolean): string {
  if (since === null) return 'Since when is not known';
  return `There ${atLeast ? 'at least ' : ''}since ${formatDateTime(since)}`;
}
