import type { AlertRules, Asset } from '../../contract';
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
  private readonly limitMs: number;
  private now = 0;
  /**
   * Stale when the last report is at or before this time. A list's `lastUpdate` is written by
   * `toISOString` (24 characters), so comparing the text avoids a date parse per asset.
   */
  private latestStale = '';

  constructor(rule: AlertRules['stale'], now: number) {
    this.scope = new AssetScope(rule.scope);
    this.limitMs = rule.afterMin * MINUTE_MS;
    this.prepare(now);
  }

  prepare(now: number): void {
    this.now = now;
    this.latestStale = new Date(now - this.limitMs).toISOString();
  }

  raisesAt(asset: Asset): number {
    if (asset.lastUpdate === null || !this.scope.includes(asset)) return Number.NaN;
    return Date.parse(asset.lastUpdate) + this.limitMs;
  }

  check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
    const text = asset.lastUpdate;
    const latest = this.latestStale;
    if (text !== null && text.length === 24 && latest.length === 24 && text > latest && text.endsWith('Z')) return;
    const last = text === null ? Number.NaN : Date.parse(text);
    if (Number.isNaN(last)) {
      if (sink.isOpen('')) sink.hold('');
      return;
    }
    const silentMs = this.now - last;
    if (silentMs < this.limitMs) return;
    if (sink.isOpen('')) {
      sink.hold('');
      return;
    }
    const limit = this.limitMs;
    sink.active('', `No report for ${duration(silentMs)} (limit ${duration(limit)})`, Math.floor(silentMs / MINUTE_MS), new Date(last + limit).toISOString());
  }
}

/**
 * No report for N minutes: `now` minus the asset's newest collection time. It holds from
 * the moment the silence reached N minutes (its true time), and clears with the next report.
 * An asset that never reported anything is not watched (nothing says it ever did).
 */
export function staleCheck(rule: AlertRules['stale'], now: number): RuleCheck {
  return new StaleCheck(rule, now);
}
