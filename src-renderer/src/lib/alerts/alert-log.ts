/** Small pure helpers over a list of alert records (the panel's copy of the log). */
import type { AlertRecord, AssetRow } from '@contract';

/** The ids among `ids` whose alerts are still unacknowledged in `alerts`, in the given order. */
export function stillOpen(alerts: readonly AlertRecord[], ids: readonly number[]): number[] {
  const open = new Set(alerts.filter((a) => a.acknowledgedAt === null).map((a) => a.id));
  return ids.filter((id) => open.has(id));
}

/** The list with these alerts marked acknowledged at `atMs` (new objects only for those). */
export function markAcknowledged(alerts: readonly AlertRecord[], ids: readonly number[], atMs: number): AlertRecord[] {
  const done = new Set(ids);
  const at = new Date(atMs).toISOString();
  return alerts.map((a) => (done.has(a.id) ? { ...a, acknowledgedAt: at } : a));
}

/** Distinct categories of the asset list (first spelling wins, compared case-insensitively), sorted. */
export function categoriesOf(assets: readonly AssetRow[]): string[] {
  const byKey = new Map<string, string>();
  for (const a of assets) {
    if (!a.category) continue;
    const key = a.category.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, a.category);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

/** Region codes the assets report in their `geo-regions` metric (the rows' `regions`), plus `extra`, sorted. */
export function regionsOf(assets: readonly AssetRow[], extra: readonly string[] = []): string[] {
  const seen = new Set<string>(extra);
  for (const a of assets) {
    for (const r of a.regions ?? []) if (r.trim()) seen.add(r.trim());
  }
  return [...seen].sort((a, b) => a.localeCompare(b));
}
