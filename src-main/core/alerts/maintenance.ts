import type { AlertRules, Asset, MaintenanceThreshold } from '../../contract';
import { collectedAt, figure, metricOf, numberOf, type FindingSink, type RuleCheck } from './rule-check';
import { AssetScope, EVERY_ASSET } from './scope';

const MS_PER_HOUR = 3_600_000;
const CM_PER_KM = 100_000;

function metricName(metric: MaintenanceThreshold['metric']): string {
  return metric === 'engine-hours' ? 'engine-runtime' : 'odometer';
}

/**
 * Engine hours (`engine-runtime`, ms) or the odometer (cm, in km) at or past a threshold's
 * due reading, per threshold (its id is the key) and its own assets. A missing reading keeps
 * what is open; raising the due reading after the service clears the alert.
 */
export class MaintenanceCheck implements RuleCheck {
  readonly rule = 'maintenance';
  readonly timeCan = 'nothing';
  readonly scope = EVERY_ASSET;
  private readonly thresholds: (MaintenanceThreshold & { assets: AssetScope })[];

  constructor(rule: AlertRules['maintenance']) {
    this.thresholds = rule.thresholds.map((t) => ({ ...t, assets: new AssetScope(t.scope) }));
  }

  prepare(): void {}

  check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
    for (const t of this.thresholds) {
      if (!t.assets.includes(asset)) continue;
      const metric = metricOf(asset, metricName(t.metric));
      const raw = numberOf(metric);
      if (raw === null || raw < 0) {
        if (sink.isOpen(t.id)) sink.hold(t.id);
        continue;
      }
      const reading = t.metric === 'engine-hours' ? raw / MS_PER_HOUR : raw / CM_PER_KM;
      if (reading < t.dueAt) continue;
      if (sink.isOpen(t.id)) {
        sink.hold(t.id);
        continue;
      }
      const at = collectedAt(metric);
      if (at === null) continue;
      const unit = t.metric === 'engine-hours' ? 'h' : 'km';
      const what = t.metric === 'engine-hours' ? 'Engine hours' : 'Odometer';
      const value = Math.round(reading * 10) / 10;
      sink.active(t.id, `${what} ${figure(value)} ${unit}: service due at ${figure(t.dueAt)} ${unit}`, value, at);
    }
  }
}

export function maintenanceCheck(rule: AlertRules['maintenance']): RuleCheck {
  return new MaintenanceCheck(rule);
}
