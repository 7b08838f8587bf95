/** Words for alert rules, shared by the panel and the rules dialog (notifications are worded by the main side). Pure. */
import { ALERT_RULE_KINDS, type AlertRuleKind } from '@contract';

export { ALERT_RULE_KINDS };

/** Short name of a rule, for filters, row tags and CSV-like lists. */
export const RULE_LABEL: Record<AlertRuleKind, string> = {
  'low-fuel': 'Low fuel',
  stale: 'No report',
  'after-hours': 'After hours',
  region: 'Region',
  maintenance: 'Maintenance due',
  site: 'Site',
  towed: 'Moved, ignition off',
  'off-site': 'Off site after hours',
};
