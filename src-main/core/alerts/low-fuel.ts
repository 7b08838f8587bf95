import type { AlertRules, Asset } from '../../contract';
import { collectedAt, figure, metricOf, numberOf, type FindingSink, type RuleCheck } from './rule-check';
import { AssetScope } from './scope';

/**
 * An open low-fuel alert clears only once the tank is this many points above the
 * threshold: a gauge that wobbles around 15 % raises one alert, not one per refresh.
 */
export const FUEL_CLEAR_MARGIN = 2;

/** Fuel below N % (a reading of exactly N is not below). A missing or impossible reading changes nothing. */
export class LowFuelCheck implements RuleCheck {
  readonly rule = 'low-fuel';
  readonly timeCan = 'nothing';
  readonly scope: AssetScope;
  private readonly below: number;

  constructor(rule: AlertRules['lowFuel']) {
    this.scope = new AssetScope(rule.scope);
    this.below = rule.belowPercent;
  }

  prepare(): void {}

  check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
    const below = this.below;
    const metric = metricOf(asset, 'fuel');
    const percent = numberOf(metric);
    const open = sink.isOpen('');
    if (percent === null || percent < 0 || percent > 100) {
      if (open) sink.hold('');
      return;
    }
    if (percent >= below) {
      if (open && percent < below + FUEL_CLEAR_MARGIN) sink.hold('');
      return;
    }
    if (open) {
      sink.hold('');
      return;
    }
    const at = collectedAt(metric);
    if (at !== null) sink.active('', `Fuel ${figure(percent)} % (below ${figure(below)} %)`, percent, at);
  }
}

export function lowFuelCheck(rule: AlertRules['lowFuel']): RuleCheck {
  return new LowFuelCheck(rule);
}
