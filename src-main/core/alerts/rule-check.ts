/**
 * What every rule module implements, and the small helpers they share. A rule looks at
 * one asset (and its previous state) and tells the sink which of its conditions hold now;
 * the evaluation turns that into raised and cleared alerts.
 */
import type { AlertRecord, AlertRuleKind, Asset, Metric } from '../../contract';
import type { AssetScope } from './scope';

export type AlertValue = AlertRecord['value'];

export interface FindingSink {
  /**
   * The condition `key` holds, shown by a value collected at `at` (ISO). For a key that is
   * open already, `hold` says the same without building a message nobody will read.
   */
  active(key: string, message: string, value: AlertValue, at: string): void;
  /** Whatever is known, an open alert of `key` stays open (missing data, hysteresis). */
  hold(key: string): void;
  /** True when `key` has an open alert for this asset. */
  isOpen(key: string): boolean;
  /** The keys of this rule's open alerts for this asset. */
  openKeys(): readonly string[];
}

export interface RuleCheck {
  readonly rule: AlertRuleKind;
  /**
   * What time alone can do for an asset whose data did not change: 'raise' (no report for
   * long enough), 'clear' (an after-hours alert once work starts) or 'nothing' (the same
   * data gives the same conditions), or 'both' (off its site once working hours end, back
   * once they begin). Unchanged assets are checked only where it can matter.
   */
  readonly timeCan: 'raise' | 'clear' | 'both' | 'nothing';
  /** Which assets the rule watches; out of scope, its alerts clear. */
  readonly scope: AssetScope;
  /** Sets the time of the next evaluation (checks are kept while the rules stay the same). */
  prepare(now: number): void;
  /** For a check time can raise (or both): when it will, for this asset as it is (NaN: never). */
  raisesAt?(asset: Asset): number;
  /** For a check time can clear (or both): whether it may have, since the previous evaluation. */
  timeMayClear?(): boolean;
  check(asset: Asset, previous: Asset | undefined, sink: FindingSink): void;
}

/** The metric of this name, when the asset reported it. */
export function metricOf(asset: Asset | undefined, name: string): Metric | undefined {
  const metrics = asset?.metrics;
  return metrics ? metrics[name] : undefined;
}

/** A finite number value, or null. */
export function numberOf(metric: Metric | undefined): number | null {
  const value = metric?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A collection time as a canonical ISO string, or null when it is not a time. */
export function collectedAt(metric: Metric | undefined): string | null {
  const raw = metric?.meta?.collectedOn;
  if (typeof raw !== 'string') return null;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

// One formatter for every message (`toLocaleString` with options builds a new one per call).
const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A number for people: at most one decimal, thousands separated ("12,345.6"). */
export function figure(n: number): string {
  return FIGURE.format(Math.round(n * 10) / 10);
}
