/**
 * One evaluation of the alert rules over a fresh asset list: which conditions hold now,
 * compared with the alerts still open, gives the alerts to raise and the ones to clear.
 * A pure function of its input (rules, previous and current list, open alerts, time).
 */
import type { AlertRuleKind, AlertRules, Asset } from '../../contract';
import type { NewAlert, OpenAlert, RaisedGroup } from '../ports';
import { afterHoursCheck } from './after-hours';
import { lowFuelCheck } from './low-fuel';
import { maintenanceCheck } from './maintenance';
import { regionCheck } from './region';
import type { AlertValue, FindingSink, RuleCheck } from './rule-check';
import { staleCheck } from './stale';

/** Longest message of an alert that stands for several conditions. */
const MAX_GROUP_MESSAGE = 300;

/** The checks of the enabled rules. */
export function ruleChecks(rules: AlertRules, now: number): RuleCheck[] {
  const checks: RuleCheck[] = [];
  if (rules.lowFuel.enabled) checks.push(lowFuelCheck(rules.lowFuel));
  if (rules.stale.enabled) checks.push(staleCheck(rules.stale, now));
  if (rules.afterHours.enabled) checks.push(afterHoursCheck(rules.afterHours, now));
  if (rules.region.enabled) checks.push(regionCheck(rules.region));
  if (rules.maintenance.enabled && rules.maintenance.thresholds.length > 0) checks.push(maintenanceCheck(rules.maintenance));
  return checks;
}

export interface EvaluationInput {
  checks: readonly RuleCheck[];
  assets: readonly Asset[];
  /** The previous list by asset id (for changes such as regions); null when there is none. */
  previous: ReadonlyMap<string, Asset> | null;
  /** Open alerts by asset id. */
  open: ReadonlyMap<string, readonly OpenAlert[]>;
  /**
   * True for an asset whose data did not change since the previous list, when the previous
   * list was evaluated with these same rules: only checks that time alone can change run
   * for it, and its other open alerts stay as they are.
   */
  unchanged?: (asset: Asset) => boolean;
  /** The time of the evaluation (when the list was fetched), ms. */
  now: number;
}

export interface Evaluation {
  raise: RaisedGroup[];
  clear: { id: number; assetId: string; clearedAt: string }[];
}

interface Finding {
  rule: AlertRuleKind;
  key: string;
  message: string;
  value: AlertValue;
  at: string;
}

/** Collects what the rules found for one asset at a time; reused for every asset. */
class AssetFindings implements FindingSink {
  rule: AlertRuleKind = 'low-fuel';
  open: readonly OpenAlert[] | undefined = undefined;
  readonly found: Finding[] = [];
  private readonly held: { rule: AlertRuleKind; key: string }[] = [];
  /** Rules not checked for this asset: their open alerts stay as they are. */
  private readonly skipped = new Set<AlertRuleKind>();

  reset(open: readonly OpenAlert[] | undefined): void {
    this.open = open;
    this.found.length = 0;
    this.held.length = 0;
    if (this.skipped.size > 0) this.skipped.clear();
  }

  active(key: string, message: string, value: AlertValue, at: string): void {
    this.found.push({ rule: this.rule, key, message, value, at });
  }

  hold(key: string): void {
    this.held.push({ rule: this.rule, key });
  }

  isOpen(key: string): boolean {
    if (!this.open) return false;
    for (const alert of this.open) if (alert.rule === this.rule && alert.key === key) return true;
    return false;
  }

  openKeys(): readonly string[] {
    if (!this.open) return [];
    const keys: string[] = [];
    for (const alert of this.open) if (alert.rule === this.rule) keys.push(alert.key);
    return keys;
  }

  /** True when the open alert `alert` still holds (found again, or held). */
  keeps(alert: OpenAlert): boolean {
    if (this.skipped.size > 0 && this.skipped.has(alert.rule)) return true;
    for (const f of this.found) if (f.rule === alert.rule && f.key === alert.key) return true;
    for (const h of this.held) if (h.rule === alert.rule && h.key === alert.key) return true;
    return false;
  }

  /** Keeps every open alert of a rule that was not checked. */
  holdAll(rule: AlertRuleKind): void {
    this.skipped.add(rule);
  }

  hasOpen(rule: AlertRuleKind): boolean {
    if (!this.open) return false;
    for (const alert of this.open) if (alert.rule === rule) return true;
    return false;
  }

  isOpenAlready(finding: Finding): boolean {
    if (!this.open) return false;
    for (const alert of this.open) if (alert.rule === finding.rule && alert.key === finding.key) return true;
    return false;
  }
}

export function evaluateAlerts(input: EvaluationInput): Evaluation {
  const { checks, previous, open, unchanged } = input;
  const clearedAt = new Date(input.now).toISOString();
  const raise: RaisedGroup[] = [];
  const clear: Evaluation['clear'] = [];
  const sink = new AssetFindings();
  // What time alone can change, for assets that sent nothing new and have no open alert.
  const raisingChecks = checks.filter((check) => check.timeCan === 'raise');
  let openSeen = 0;

  for (const asset of input.assets) {
    const openHere = open.get(asset.assetId);
    const same = unchanged !== undefined && unchanged(asset);
    if (openHere) openSeen++;
    sink.reset(openHere);
    if (same && !openHere) {
      for (const check of raisingChecks) run(check, asset, undefined, sink);
    } else if (same) {
      // Open alerts stay unless time can clear them; time can raise only what is not open.
      for (const check of checks) {
        const hasOpen = sink.hasOpen(check.rule);
        if (check.timeCan === 'nothing' || (check.timeCan === 'raise') === hasOpen) sink.holdAll(check.rule);
        else run(check, asset, undefined, sink);
      }
    } else {
      const before = previous?.get(asset.assetId);
      for (const check of checks) run(check, asset, before, sink);
    }
    if (openHere) for (const alert of openHere) if (!sink.keeps(alert)) clear.push({ id: alert.id, assetId: alert.assetId, clearedAt });
    if (sink.found.length > 0) collectNew(asset, sink, raise);
  }

  // Alerts of assets that left the list clear with them.
  if (openSeen < open.size) {
    const listed = new Set(input.assets.map((asset) => asset.assetId));
    for (const [assetId, alerts] of open) if (!listed.has(assetId)) for (const alert of alerts) clear.push({ id: alert.id, assetId, clearedAt });
  }
  return { raise, clear };
}

function run(check: RuleCheck, asset: Asset, before: Asset | undefined, sink: AssetFindings): void {
  if (!check.scope.everyAsset && !check.scope.includes(asset)) return;
  sink.rule = check.rule;
  check.check(asset, before, sink);
}

/** The new findings of one asset, one group per rule: the earliest shown, the rest merged into it. */
function collectNew(asset: Asset, sink: AssetFindings, raise: RaisedGroup[]): void {
  let fresh: Finding[] | null = null;
  for (const finding of sink.found) {
    if (sink.isOpenAlready(finding)) continue;
    (fresh ??= []).push(finding);
  }
  if (!fresh) return;
  const toAlert = (f: Finding): NewAlert => ({ assetId: asset.assetId, assetName: asset.name, rule: f.rule, key: f.key, message: f.message, value: f.value, raisedAt: f.at });
  if (fresh.length === 1) {
    raise.push({ shown: toAlert(fresh[0]), merged: [] });
    return;
  }
  const byRule = new Map<AlertRuleKind, Finding[]>();
  for (const f of fresh) {
    const list = byRule.get(f.rule);
    if (list) list.push(f);
    else byRule.set(f.rule, [f]);
  }
  for (const findings of byRule.values()) {
    findings.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const [first, ...rest] = findings;
    const shown = toAlert(first);
    if (rest.length > 0) {
      const more = `${shown.message} (and ${rest.length} more: ${rest.map((f) => f.message).join('; ')})`;
      shown.message = more.length > MAX_GROUP_MESSAGE ? `${more.slice(0, MAX_GROUP_MESSAGE - 2)}…)` : more;
    }
    raise.push({ shown, merged: rest.map(toAlert) });
  }
}
