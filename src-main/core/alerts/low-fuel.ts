import type { AlertRules, Asset } from '../../contract';
import { collectedAt, figure, metricOf, numberOf, type FindingSink, type RuleCheck } from './rule-check';
import { AssetScope } from './scope';

/**
 * An open low-fuel alert clears only once the tank is this many points above the
 * threshold: a gauge that wobbles around 15 % raises one alert, not one per refresh.
 */
export const FUEL_CLEAR_MARGIN = 2;

/** Fuel below N % (a reading of exactly N is not below). A missing or impossible reading changes nothing. */
export function lowFuelCheck(rule: AlertRules['lowFuel']): RuleCheck {
  const below = rule.belowPercent;
  return {
    rule: 'low-fuel',
    scope: new AssetScope(rule.scope),
    check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
      const metric = metricOf(asset, 'fuel');
      const percent = numberOf(metric);
      const at = collectedAt(metric);
      if (percent === null || percent < 0 || percent > 100 || at === null) {
        if (sink.isOpen('')) sink.hold('');
        return;
      }
      if (percent < below) sink.active('', `Fuel ${figure(percent)} % (below ${figure(below)} %)`, percent, at);
      else if (percent < below + FUEL_CLEAR_MARGIN && sink.isOpen('')) sink.hold('');
    },
  };
}
