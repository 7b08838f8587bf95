/**
 * Desktop notifications for newly raised alerts: grouped per rule when many arrive at
 * once ("37 assets stale" instead of 37 notifications), plain text only. Asset names and
 * messages come from service data, so control and direction-override characters are
 * removed, markup characters are replaced (Linux notification servers read the body as
 * markup), known secrets are redacted and the length is capped.
 */
import type { AlertRecord, AlertRuleKind } from '../../contract';
import { scrubSecrets } from '../errors';
import type { DesktopNotification } from '../ports';

/** More new alerts of one rule than this in one evaluation give one grouped notification. */
export const GROUP_ABOVE = 3;
export const MAX_TITLE = 80;
export const MAX_BODY = 240;

const RULE_TITLES: Record<AlertRuleKind, string> = {
  'low-fuel': 'Low fuel',
  stale: 'No report',
  'after-hours': 'In use after hours',
  region: 'Region change',
  maintenance: 'Maintenance due',
};

const GROUP_TITLES: Record<AlertRuleKind, (n: number) => string> = {
  'low-fuel': (n) => `${n} assets low on fuel`,
  stale: (n) => `${n} assets stale`,
  'after-hours': (n) => `${n} assets in use after hours`,
  region: (n) => `${n} assets changed region`,
  maintenance: (n) => `${n} assets due for maintenance`,
};

// C0/C1 controls, bidirectional overrides and isolates, zero-width characters.
const INVISIBLE = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;

/** Text safe to show as a notification: one line, no markup, no secret, at most `max` characters. */
export function plainText(text: string, max: number): string {
  const clean = scrubSecrets(text)
    .replace(INVISIBLE, ' ')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/&/g, '＆')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** The notifications for one evaluation's new alerts, in rule order. */
export function notificationsFor(alerts: readonly AlertRecord[]): DesktopNotification[] {
  const byRule = new Map<AlertRuleKind, AlertRecord[]>();
  for (const alert of alerts) {
    const list = byRule.get(alert.rule);
    if (list) list.push(alert);
    else byRule.set(alert.rule, [alert]);
  }
  const out: DesktopNotification[] = [];
  for (const [rule, list] of byRule) {
    if (list.length > GROUP_ABOVE) {
      const names = list.slice(0, 3).map((a) => a.assetName);
      out.push({
        title: plainText(GROUP_TITLES[rule](list.length), MAX_TITLE),
        body: plainText(`${names.join(', ')} and ${list.length - names.length} more`, MAX_BODY),
        assetId: null,
      });
      continue;
    }
    for (const alert of list) {
      out.push({
        title: plainText(`${RULE_TITLES[rule]}: ${alert.assetName}`, MAX_TITLE),
        body: plainText(alert.message, MAX_BODY),
        assetId: alert.assetId,
      });
    }
  }
  return out;
}
