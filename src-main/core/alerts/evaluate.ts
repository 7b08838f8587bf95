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
import { offSiteCheck } from './off-site';
import { NO_PLACES, SiteMemory, type AlertPlaces } from './places';
import { regionCheck } from './region';
import type { AlertValue, FindingSink, RuleCheck } from './rule-check';
import { siteChangeCheck } from './site-change';
import { staleCheck } from './stale';
import { towedCheck } from './towed';
import { cutAtWord } from './short-text';

/** Longest message of an alert that stands for several conditions. */
const MAX_GROUP_MESSAGE = 300;

/**
 * The checks of the enabled rules. `places` answers which site a machine is on; `memory`
 * keeps the site each machine was on between evaluations (forgotten while the site rule is
 * off, so turning it on again starts from what it sees then).
 */
export function ruleChecks(rules: AlertRules, now: number, places: AlertPlaces = NO_PLACES, memory: SiteMemory = new SiteMemory()): RuleCheck[] {
  const checks: RuleCheck[] = [];
  if (rules.lowFuel.enabled) checks.push(lowFuelCheck(rules.lowFuel));
  if (rules.stale.enabled) checks.push(staleCheck(rules.stale, now));
  if (rules.afterHours.enabled) checks.push(afterHoursCheck(rules.afterHours, now));
  if (rules.region.enabled) checks.push(regionCheck(rules.region, places));
  if (rules.maintenance.enabled && rules.maintenance.thresholds.length > 0) checks.push(maintenanceCheck(rules.maintenance));
  if (rules.site.enabled) checks.push(siteChangeCheck(rules.site, places, memory));
  else memory.clear();
  if (rules.towed.enabled) checks.push(towedCheck(rules.towed, rules.afterHours.timeZone));
  if (rules.offSite.enabled) checks.push(offSiteCheck(rules.offSite, rules.afterHours, places, now));
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
   * Says which assets did not change since the previous list, when that list was evaluated
   * with these same rules: only checks that time alone can change run for them, and their
   * other open alerts stay as they are.
   */
  unchanged?: UnchangedAssets;
  /** The time of the evaluation (when the list was fetched), ms. */
  now: number;
  /**
   * `assets` is only part of the list (the changed assets and those time may affect); the
   * others keep their alerts, but for the ids that left the list.
   */
  partial?: { removed: readonly string[] };
}

export interface UnchangedAssets {
  isUnchanged(asset: Asset): boolean;
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

const RULE_BITS: Record<AlertRuleKind, number> = { 'low-fuel': 1, stale: 2, 'after-hours': 4, region: 8, maintenance: 16, site: 32, towed: 64, 'off-site': 128 };

/**
 * Collects what the rules found for one asset at a time. One instance serves every
 * evaluation (they run to the end without yielding), and what it collects lives in arrays of
 * plain values: objects made and dropped per evaluation would let a garbage collection
 * throw away the optimised code of this loop, which then runs several times slower.
 */
class AssetFindings implements FindingSink {
  rule: AlertRuleKind = 'low-fuel';
  open: readonly OpenAlert[] | undefined = undefined;
  readonly foundRules: AlertRuleKind[] = [];
  readonly foundKeys: string[] = [];
  readonly foundMessages: string[] = [];
  readonly foundValues: AlertValue[] = [];
  readonly foundAts: string[] = [];
  private readonly heldRules: AlertRuleKind[] = [];
  private readonly heldKeys: string[] = [];
  /** Rules not checked for this asset (bits of RULE_BITS): their open alerts stay as they are. */
  private skipped = 0;

  get foundCount(): number {
    return this.foundKeys.length;
  }

  reset(open: readonly OpenAlert[] | undefined): void {
    this.open = open;
    if (this.foundKeys.length > 0) {
      this.foundRules.length = 0;
      this.foundKeys.length = 0;
      this.foundMessages.length = 0;
      this.foundValues.length = 0;
      this.foundAts.length = 0;
    }
    if (this.heldKeys.length > 0) {
      this.heldRules.length = 0;
      this.heldKeys.length = 0;
    }
    this.skipped = 0;
  }

  active(key: string, message: string, value: AlertValue, at: string): void {
    this.foundRules.push(this.rule);
    this.foundKeys.push(key);
    this.foundMessages.push(message);
    this.foundValues.push(value);
    this.foundAts.push(at);
  }

  hold(key: string): void {
    this.heldRules.push(this.rule);
    this.heldKeys.push(key);
  }

  isOpen(key: string): boolean {
    const open = this.open;
    if (!open) return false;
    for (let i = 0; i < open.length; i++) if (open[i].rule === this.rule && open[i].key === key) return true;
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
    if ((this.skipped & RULE_BITS[alert.rule]) !== 0) return true;
    for (let i = 0; i < this.foundKeys.length; i++) if (this.foundRules[i] === alert.rule && this.foundKeys[i] === alert.key) return true;
    for (let i = 0; i < this.heldKeys.length; i++) if (this.heldRules[i] === alert.rule && this.heldKeys[i] === alert.key) return true;
    return false;
  }

  /** Keeps every open alert of a rule that was not checked. */
  holdAll(rule: AlertRuleKind): void {
    this.skipped |= RULE_BITS[rule];
  }

  hasOpen(rule: AlertRuleKind): boolean {
    const open = this.open;
    if (!open) return false;
    for (let i = 0; i < open.length; i++) if (open[i].rule === rule) return true;
    return false;
  }

  /** The i-th finding, when it is not open already. */
  newFinding(i: number): Finding | null {
    const rule = this.foundRules[i];
    const key = this.foundKeys[i];
    const open = this.open;
    if (open) for (let k = 0; k < open.length; k++) if (open[k].rule === rule && open[k].key === key) return null;
    return { rule, key, message: this.foundMessages[i], value: this.foundValues[i], at: this.foundAts[i] };
  }
}

const SINK = new AssetFindings();

export function evaluateAlerts(input: EvaluationInput): Evaluation {
  const { checks, previous, open, unchanged } = input;
  const clearedAt = new Date(input.now).toISOString();
  const raise: RaisedGroup[] = [];
  const clear: Evaluation['clear'] = [];
  const sink = SINK;
  // What time alone can change, for assets that sent nothing new and have no open alert.
  const raisingChecks = checks.filter((check) => check.timeCan === 'raise' || check.timeCan === 'both');
  let openSeen = 0;

  for (const asset of input.assets) {
    const openHere = open.get(asset.assetId);
    const same = unchanged !== undefined && unchanged.isUnchanged(asset);
    if (openHere) openSeen++;
    sink.reset(openHere);
    if (same && !openHere) {
      for (const check of raisingChecks) run(check, asset, undefined, sink);
    } else if (same) {
      // Open alerts stay unless time can clear them; time can raise only what is not open.
      for (const check of checks) {
        const hasOpen = sink.hasOpen(check.rule);
        const timeIdle = check.timeCan === 'nothing' || (check.timeCan === 'raise' && hasOpen) || (check.timeCan === 'clear' && !hasOpen);
        if (timeIdle) sink.holdAll(check.rule);
        else run(check, asset, undefined, sink);
      }
    } else {
      const before = previous?.get(asset.assetId);
      for (const check of checks) run(check, asset, before, sink);
    }
    if (openHere) for (const alert of openHere) if (!sink.keeps(alert)) clear.push({ id: alert.id, assetId: alert.assetId, clearedAt });
    if (sink.foundCount > 0) collectNew(asset, sink, raise);
  }

  // Alerts of assets that left the list clear with them.
  if (input.partial) {
    for (const assetId of input.partial.removed) for (const alert of open.get(assetId) ?? []) clear.push({ id: alert.id, assetId, clearedAt });
  } else if (openSeen < open.size) {
    const listed = new Set(input.assets.map((asset) => asset.assetId));
    for (const [assetId, alerts] of open) if (!listed.has(assetId)) for (const alert of alerts) clear.push({ id: alert.id, assetId, clearedAt });
  }
  sink.reset(undefined);
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
  for (let i = 0; i < sink.foundCount; i++) {
    const finding = sink.newFinding(i);
    if (finding) (fresh ??= []).push(finding);
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
      shown.message = more.length > MAX_GROUP_MESSAGE ? `${cutAtWord(more, MAX_GROUP_MESSAGE - 1)})` : more;
    }
    raise.push({ shown, merged: rest.map(toAlert) });
  }
}
