/**
 * What every rule module implements, and the small helpers they share. A rule looks at
 * one asset (and its previous state) and tells the sink which of its conditions hold now;
 * the evaluation turns that into raised and cleared alerts.
 */
import type { AlertRecord, AlertRuleKind, Asset, Metric } from '../../contract';
import type { AssetScope } from './scope';

export type AlertValue = AlertRecord['value'];

export interface FindingSink {
  /** The condition `key` holds, shown by a value collected at `at` (ISO). */
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
  /** Which assets the rule watches; out of scope, its alerts clear. */
  readonly scope: AssetScope;
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

/** A number for people: at most one decimal, thousands separated ("12,345.6"). */
export function figure(n: number, decimals = 1): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(n * factor) / factor;
  return rounded.toLocaleString('en-US', { maximumFractionDigits: decimals });
}
