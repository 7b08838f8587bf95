/**
 * Desktop notifications for new alerts in the web shell, through the browser's
 * Notification API (in Electron the main side shows them). A few alerts give one
 * notification each; a burst gives one per rule with a count ("37 assets stale"), so an
 * evaluation after a long gap does not bury the desktop. All text is made plain.
 */
import type { AlertRecord, AlertRuleKind } from '@contract';
import { ALERT_RULE_KINDS, groupPhrase, RULE_LABEL } from './labels';
import { plainText } from './plain-text';

/** More alerts than this in one event are grouped per rule. */
export const GROUP_ABOVE = 3;
export const TITLE_MAX = 80;
export const BODY_MAX = 180;
const NAME_MAX = 60;
const NAMES_IN_GROUP = 3;

export interface NotificationSpec {
  title: string;
  body: string;
  /** Replaces an older notification with the same tag instead of stacking. */
  tag: string;
  /** The asset a click selects (null for a group). */
  assetId: string | null;
  /** The rule of a group, for filtering the panel on a click (null for one alert). */
  rule: AlertRuleKind | null;
}

function ruleLabel(rule: AlertRuleKind): string {
  return RULE_LABEL[rule] ?? 'Alert';
}

function single(alert: AlertRecord): NotificationSpec {
  return {
    title: plainText(`${ruleLabel(alert.rule)}: ${plainText(alert.assetName, NAME_MAX) || alert.assetId}`, TITLE_MAX),
    body: plainText(alert.message, BODY_MAX),
    tag: `fleet-desk-alert-${alert.id}`,
    assetId: alert.assetId,
    rule: null,
  };
}

function group(rule: AlertRuleKind, alerts: AlertRecord[]): NotificationSpec {
  const names = [...new Map(alerts.map((a) => [a.assetId, plainText(a.assetName, NAME_MAX) || a.assetId])).values()];
  const shown = names.slice(0, NAMES_IN_GROUP).join(', ');
  const more = names.length - NAMES_IN_GROUP;
  return {
    title: plainText(groupPhrase(rule, names.length), TITLE_MAX),
    body: plainText(more > 0 ? `${shown} and ${more} more` : shown, BODY_MAX),
    tag: `fleet-desk-group-${rule}`,
    assetId: null,
    rule,
  };
}

/** What to show for the alerts of one event. */
export function notificationsFor(alerts: readonly AlertRecord[]): NotificationSpec[] {
  if (alerts.length <= GROUP_ABOVE) return alerts.map(single);
  const byRule = new Map<AlertRuleKind, AlertRecord[]>();
  for (const alert of alerts) {
    const list = byRule.get(alert.rule) ?? [];
    list.push(alert);
    byRule.set(alert.rule, list);
  }
  const order = [...ALERT_RULE_KINDS, ...[...byRule.keys()].filter((k) => !(ALERT_RULE_KINDS as readonly string[]).includes(k))];
  const specs: NotificationSpec[] = [];
  for (const rule of order) {
    const list = byRule.get(rule);
    if (!list) continue;
    specs.push(list.length === 1 ? single(list[0]) : group(rule, list));
  }
  return specs;
}

// ---------------------------------------------------------------- the browser API

export type PermissionState = NotificationPermission | 'unsupported';

export interface NotificationLike {
  onclick: ((this: unknown, ev: Event) => unknown) | null;
  close(): void;
}

/** The part of the browser's `Notification` class used here (tests pass a fake). */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): NotificationLike;
}

export function browserNotificationApi(): NotificationApi | null {
  return typeof Notification === 'undefined' ? null : (Notification as unknown as NotificationApi);
}

export function permissionOf(api: NotificationApi | null): PermissionState {
  return api ? api.permission : 'unsupported';
}

/**
 * Shows the specs when permission was granted; returns how many were shown. A click
 * calls `onClick` with the spec and closes the notification.
 */
export function showNotifications(api: NotificationApi | null, specs: readonly NotificationSpec[], onClick: (spec: NotificationSpec) => void): number {
  if (!api || api.permission !== 'granted') return 0;
  let shown = 0;
  for (const spec of specs) {
    try {
      const n = new api(spec.title, { body: spec.body, tag: spec.tag });
      n.onclick = () => {
        onClick(spec);
        n.close();
      };
      shown++;
    } catch {
      // Some browsers only allow notifications from a service worker: the panel still lists the alert.
    }
  }
  return shown;
}
