/** Words for alert rules, shared by the panel and the rules dialog (notifications are worded by the main side). Pure. */
import { ALERT_RULE_KINDS, ALERT_RULE_LABELS } from '@contract';

export { ALERT_RULE_KINDS };

/** Short name of a rule, for filters, row tags and CSV-like lists. */
export const RULE_LABEL = ALERT_RULE_LABELS;
