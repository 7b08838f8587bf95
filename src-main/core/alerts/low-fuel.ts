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
    timeCan: 'nothing',
    scope: new AssetScope(rule.scope),
    check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
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
    },
  };
}
