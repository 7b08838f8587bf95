import { isStaleAt, staleCutoff, type AlertRules, type Asset } from '../../contract';
import type { FindingSink, RuleCheck } from './rule-check';
import { AssetScope } from './scope';

const MINUTE_MS = 60_000;

/** "75 min", "3 h 5 min", "2 d 4 h". */
export function duration(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

export class StaleCheck implements RuleCheck {
  readonly rule = 'stale';
  readonly timeCan = 'raise';
  readonly scope: AssetScope;
  private readonly afterMin: number;
  private readonly limitMs: number;
  private now = 0;
  private cutoff = 0;
  /**
   * The cutoff as a list's `lastUpdate` writes it (`toISOString`, 24 characters): a report
   * after it is not stale (isStaleAt), and comparing the text skips a date parse per asset.
   */
  private latestStale = '';

  constructor(rule: AlertRules['stale'], now: number) {
    this.scope = new AssetScope(rule.scope);
    this.afterMin = rule.afterMin;
    this.limitMs = rule.afterMin * MINUTE_MS;
    this.prepare(now);
  }

  prepare(now: number): void {
    this.now = now;
    this.cutoff = staleCutoff(now, this.afterMin);
    this.latestStale = new Date(this.cutoff).toISOString();
  }

  /** A report at `last` is stale from `last + limit` on (isStaleAt); one that never came is stale already, so no timer. */
  raisesAt(asset: Asset): number {
    if (asset.lastUpdate === null || !this.scope.includes(asset)) return Number.NaN;
    return Date.parse(asset.lastUpdate) + this.limitMs;
  }

  check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
    const text = asset.lastUpdate;
    const latest = this.latestStale;
    if (text !== null && text.length === 24 && latest.length === 24 && text > latest && text.endsWith('Z')) return;
    const parsed = text === null ? Number.NaN : Date.parse(text);
    const last = Number.isNaN(parsed) ? null : parsed;
    if (!isStaleAt(last, this.cutoff)) return;
    if (sink.isOpen('')) {
      sink.hold('');
      return;
    }
    if (last === null) {
      // No silence to measure: raised as of this evaluation, the first that saw it so.
      sink.active('', text === null ? 'Never reported' : 'No readable report time', null, new Date(this.now).toISOString());
      return;
    }
    const silentMs = this.now - last;
    const limit = this.limitMs;
    sink.active('', `No report for ${duration(silentMs)} (limit ${duration(limit)})`, Math.floor(silentMs / MINUTE_MS), new Date(last + limit).toISOString());
  }
}

/**
 * No report for N minutes: `now` minus the asset's newest collection time, stale by the
 * rule the list and the map use (contract isStaleAt). It holds from the moment the silence
 * reached N minutes (its true time), and clears with the next report. An asset that never
 * reported is stale as the list shows it, worded "Never reported" (there is no silence to
 * count); a time that goes missing later keeps an open alert as it is.
 */
export function staleCheck(rule: AlertRules['stale'], now: number): RuleCheck {
  return new StaleCheck(rule, now);
}
