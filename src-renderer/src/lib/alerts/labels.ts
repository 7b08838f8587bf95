/** Words for alert rules, shared by the panel, the rules dialog and notifications. Pure. */
import { ALERT_RULE_KINDS, type AlertRuleKind } from '@contract';

export { ALERT_RULE_KINDS };

/** Short name of a rule, for filters, row tags and CSV-like lists. */
export const RULE_LABEL: Record<AlertRuleKind, string> = {
  'low-fuel': 'Low fuel',
  stale: 'No report',
  'after-hours': 'After hours',
  region: 'Region',
  maintenance: 'Maintenance due',
};

/** "37 assets stale": what a group of `count` assets raised by one rule reads as. */
export function groupPhrase(rule: AlertRuleKind, count: number): string {
  const assets = count === 1 ? '1 asset' : `${count} assets`;
  switch (rule) {
    case 'low-fuel':
      return `${assets} low on fuel`;
    case 'stale':
      return `${assets} stale`;
    case 'after-hours':
      return `${assets} in use after hours`;
    case 'region':
      return `${assets} entered or left a region`;
    case 'maintenance':
      return `${assets} due for maintenance`;
  }
}
