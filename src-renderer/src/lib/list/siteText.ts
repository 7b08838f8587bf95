/**
 * How a machine's site reads: the list's short "days on site" and the details pane's
 * sentence ("On North yard (Yard) since Tue 14:02 — 3 days"). Every function takes `now`.
 */
import { SITE_KIND_LABELS } from '@contract';
import type { SiteFact } from './siteLayer';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "3 d", "5 h", "< 1 h"; "≥ " in front when the time is only when Fleet Desk first saw it there. */
export function daysOnSiteText(since: number, atLeast: boolean, now: number): string {
  const span = Math.max(0, now - since);
  const text = span < HOUR ? '< 1 h' : span < DAY ? `${Math.floor(span / HOUR)} h` : `${Math.floor(span / DAY)} d`;
  return atLeast ? `≥ ${text}` : text;
}

/** "3 days", "1 day", "5 hours", "less than an hour". */
export function stayWords(since: number, now: number): string {
  const span = Math.max(0, now - since);
  if (span < HOUR) return 'less than an hour';
  if (span < DAY) {
    const h = Math.floor(span / HOUR);
    return h === 1 ? '1 hour' : `${h} hours`;
  }
  const d = Math.floor(span / DAY);
  return d === 1 ? '1 day' : `${d} days`;
}

const WEEKDAY_CLOCK: Intl.DateTimeFormatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit' };
const DATE_CLOCK: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

/** "Tue 14:02" within the last six days (the weekday is then unambiguous), else "Nov 12, 14:02". */
export function sinceWords(since: number, now: number, locale?: string): string {
  const recent = now - since < 6 * DAY;
  return new Intl.DateTimeFormat(locale, recent ? WEEKDAY_CLOCK : DATE_CLOCK).format(since);
}

/**
 * The details pane's sentence: "On North yard (Yard) since Tue 14:02 — 3 days",
 * "On North yard (Yard) at least since …", "Not on a site — 6 km NE of Sandy, UT",
 * "Not on a site" or "No position".
 */
export function presenceSentence(fact: SiteFact, now: number, locale?: string): string {
  if (fact.site) {
    const on = `On ${fact.site.name} (${SITE_KIND_LABELS[fact.site.kind]})`;
    if (fact.since === null) return on;
    return `${on} ${fact.sinceAtLeast ? 'at least since' : 'since'} ${sinceWords(fact.since, now, locale)} — ${stayWords(fact.since, now)}`;
  }
  if (!fact.positioned) return 'No position';
  return fact.place ? `Not on a site — ${fact.place}` : 'Not on a site';
}
