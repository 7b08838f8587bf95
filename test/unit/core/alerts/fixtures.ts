import type { AlertRuleKind, Asset, Metric } from '../../../../src-main/contract';
import { evaluateAlerts, type Evaluation } from '../../../../src-main/core/alerts/evaluate';
import type { RuleCheck } from '../../../../src-main/core/alerts/rule-check';
import type { OpenAlert } from '../../../../src-main/core/ports';

export const metric = (value: unknown, collectedOn: string): Metric => ({ value, meta: { collectedOn, source: 'test', other: {} } });

/** An asset whose metrics were all collected at `at` (lastUpdate too), unless a metric says otherwise. */
export function asset(id: string, metrics: Record<string, unknown> | null, options: { at?: string; name?: string; category?: string } = {}): Asset {
  const at = options.at ?? '2026-03-10T15:00:00.000Z';
  const built: Record<string, Metric> | null = metrics
    ? Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, v !== null && typeof v === 'object' && 'meta' in (v as object) ? (v as Metric) : metric(v, at)]))
    : null;
  return {
    assetId: id,
    type: 'thing',
    name: options.name ?? `Unit ${id.split(':')[1]}`,
    category: options.category ?? 'dump truck',
    serialNumber: 'SN',
    embedUrl: null,
    metrics: built,
    lastUpdate: built ? at : null,
    issues: [],
  };
}

/**
 * Runs checks the way the service does, across several lists in a row, keeping the open
 * alerts between them: returns what each evaluation raised and cleared.
 */
export class Run {
  private readonly open = new Map<string, OpenAlert[]>();
  private previous: Map<string, Asset> | null = null;
  private nextId = 1;
  readonly raisedAll: { id: number; rule: AlertRuleKind; key: string; assetId: string; message: string; raisedAt: string; value: unknown }[] = [];

  constructor(private readonly checks: (now: number) => RuleCheck[]) {}

  step(assets: Asset[], nowIso: string): { raised: { key: string; message: string; raisedAt: string; value: unknown; assetId: string; merged: number }[]; cleared: number[]; evaluation: Evaluation } {
    const now = Date.parse(nowIso);
    const evaluation = evaluateAlerts({ checks: this.checks(now), assets, previous: this.previous, open: this.open, now });
    for (const { id } of evaluation.clear) {
      for (const [assetId, list] of this.open) {
        const kept = list.filter((a) => a.id !== id);
        if (kept.length) this.open.set(assetId, kept);
        else this.open.delete(assetId);
      }
    }
    const raised = evaluation.raise.map((g) => {
      for (const a of [g.shown, ...g.merged]) {
        const id = this.nextId++;
        const list = this.open.get(a.assetId) ?? [];
        list.push({ id, assetId: a.assetId, rule: a.rule, key: a.key });
        this.open.set(a.assetId, list);
        this.raisedAll.push({ id, rule: a.rule, key: a.key, assetId: a.assetId, message: a.message, raisedAt: a.raisedAt, value: a.value });
      }
      return { key: g.shown.key, message: g.shown.message, raisedAt: g.shown.raisedAt, value: g.shown.value, assetId: g.shown.assetId, merged: g.merged.length };
    });
    this.previous = new Map(assets.map((a) => [a.assetId, a]));
    return { raised, cleared: evaluation.clear.map((c) => c.id), evaluation };
  }

  openCount(): number {
    let n = 0;
    for (const list of this.open.values()) n += list.length;
    return n;
  }
}
