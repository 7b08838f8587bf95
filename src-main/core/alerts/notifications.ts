/**
 * Desktop notifications for newly raised alerts, built here once and carried in the
 * 'alerts:new' event: Electron and the web shell show them as they are. More than a few
 * alerts of one rule give one notification with a count ("37 assets stale" instead of
 * 37). Asset names and messages come from service data, so the text is made plain: no
 * control, format or direction character (they hide text, reorder it or smuggle invisible
 * tags), markup characters replaced (Linux notification servers read the body as markup),
 * anything shaped like a token hidden, one line, and a capped length.
 */
import type { AlertNotification, AlertRecord, AlertRuleKind } from '../../contract';
import { scrubSecrets } from '../errors';
import { cutAtWord } from './short-text';

/** More new alerts of one rule than this in one evaluation give one grouped notification. */
export const GROUP_ABOVE = 3;
export const MAX_TITLE = 80;
export const MAX_BODY = 240;
/** Asset names a grouped notification lists before "and N more". */
const NAMES_IN_GROUP = 3;

const RULE_TITLES: Record<AlertRuleKind, string> = {
  'low-fuel': 'Low fuel',
  stale: 'No report',
  'after-hours': 'In use after hours',
  region: 'Region change',
  maintenance: 'Maintenance due',
  site: 'Site change',
  towed: 'Moved with ignition off',
  'off-site': 'Off site after hours',
};

const GROUP_TITLES: Record<AlertRuleKind, (n: number) => string> = {
  'low-fuel': (n) => `${n} assets low on fuel`,
  stale: (n) => `${n} assets stale`,
  'after-hours': (n) => `${n} assets in use after hours`,
  region: (n) => `${n} assets changed region`,
  maintenance: (n) => `${n} assets due for maintenance`,
  site: (n) => `${n} assets entered or left a site`,
  towed: (n) => `${n} assets moved with the ignition off`,
  'off-site': (n) => `${n} assets off site after hours`,
};

// Every format character (zero-width spaces and joiners, soft hyphen, bidirectional marks,
// embeddings, overrides and isolates, the Arabic letter mark, tag characters…) and the
// whole tag block, whose unassigned code points are not format characters yet.
const INVISIBLE = /[\p{Cf}\u{E0000}-\u{E007F}]/gu;
const CONTROLS = /\p{Cc}/gu;
// A JWT (header.payload.signature, base64url): an access token a service echoed back.
const JWT_LIKE = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/** Text safe to show as a notification: one line, no markup, no secret, at most `max` characters. */
export function plainText(text: string, max: number): string {
  const clean = scrubSecrets(String(text))
    .replace(INVISIBLE, '')
    .replace(CONTROLS, ' ')
    .replace(JWT_LIKE, '[redacted]')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/&/g, '＆')
    // Runs of white space become one space; a no-break space stays, holding its words together.
    .replace(/[^\S\u00A0]+/g, ' ')
    .trim();
  // Code points, not UTF-16 units, so an emoji is never cut in half; and between words.
  return cutAtWord(clean, max);
}

const nameOf = (alert: AlertRecord): string => plainText(alert.assetName, MAX_TITLE) || alert.assetId;

/** The notifications for one evaluation's new alerts, in the order their rules first appear. */
export function notificationsFor(alerts: readonly AlertRecord[]): AlertNotification[] {
  const byRule = new Map<AlertRuleKind, AlertRecord[]>();
  for (const alert of alerts) {
    const list = byRule.get(alert.rule);
    if (list) list.push(alert);
    else byRule.set(alert.rule, [alert]);
  }
  const out: AlertNotification[] = [];
  for (const [rule, list] of byRule) {
    if (list.length > GROUP_ABOVE) {
      // Assets, not alerts, are counted: one asset may raise a rule twice in one evaluation.
      const names = [...new Map(list.map((a) => [a.assetId, nameOf(a)])).values()];
      const shown = names.slice(0, NAMES_IN_GROUP).join(', ');
      const more = names.length - NAMES_IN_GROUP;
      out.push({
        title: plainText(GROUP_TITLES[rule](names.length), MAX_TITLE),
        body: plainText(more > 0 ? `${shown} and ${more} more` : shown, MAX_BODY),
        tag: `fleet-desk-group-${rule}`,
        assetId: null,
        rule,
      });
      continue;
    }
    for (const alert of list) {
      out.push({
        title: plainText(`${RULE_TITLES[rule]}: ${nameOf(alert)}`, MAX_TITLE),
        body: plainText(alert.message, MAX_BODY),
        tag: `fleet-desk-alert-${alert.id}`,
        assetId: alert.assetId,
        rule: null,
      });
    }
  }
  return out;
}
