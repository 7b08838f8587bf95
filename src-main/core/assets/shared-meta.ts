/**
 * One copy of the metric metadata that repeats, so a refresh marks fewer objects. Every metric of an
 * asset list carries `meta.source` (a word from a small set), `meta.other` (nearly always
 * `{}`) and `meta.collectedOn` (which the metrics of one device update share). Parsed JSON
 * gives each metric its own copies, hundreds of thousands of them in a large list, which V8
 * marks again at every major collection; shared, the core thread's heap is markedly smaller
 * (figures: docs/decisions/shared-metric-metadata.md). Sharing changes
 * no value: the copies are equal text and empty objects.
 *
 * The empty `other` shared by every metric is frozen, so a slip that writes into one
 * metric's `other` throws instead of changing them all.
 */
import type { Metric } from '../../contract';

/** The `other` of every metric whose `other` is empty. */
export const NO_OTHER: Readonly<Record<string, unknown>> = Object.freeze({});

/** How many different sources are kept for sharing (a list with more keeps its own copies of the rest). */
export const MAX_SHARED_SOURCES = 256;

/** How many different collection times of one asset are looked through for a match. */
const RECENT_TIMES = 4;

const sources = new Map<string, string>();

function sharedSource(source: string): string {
  const known = sources.get(source);
  if (known !== undefined) return known;
  if (sources.size < MAX_SHARED_SOURCES) sources.set(source, source);
  return source;
}

function isEmptyPlainObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * Makes the metadata of one asset's metrics share the copies above, in place (the metrics
 * are the caller's own, fresh from JSON.parse or normalization). Returns the metrics.
 */
export function shareMetricMeta<T extends Record<string, Metric> | null>(metrics: T): T {
  if (metrics === null || typeof metrics !== 'object') return metrics;
  const times: string[] = [];
  for (const name in metrics) {
    if (!Object.hasOwn(metrics, name)) continue;
    const meta = (metrics[name] as Metric | undefined)?.meta as Partial<Metric['meta']> | undefined;
    if (!meta || typeof meta !== 'object') continue;
    if (meta.other !== NO_OTHER && isEmptyPlainObject(meta.other)) meta.other = NO_OTHER as Record<string, unknown>;
    if (typeof meta.source === 'string') meta.source = sharedSource(meta.source);
    const at = meta.collectedOn;
    if (typeof at === 'string') {
      const same = times.find((time) => time === at);
      if (same !== undefined) meta.collectedOn = same;
      else if (times.length < RECENT_TIMES) times.push(at);
    }
  }
  return metrics;
}

/** How many sources are kept for sharing (tests). */
export function sharedSourceCount(): number {
  return sources.size;
}

/** Forgets the shared sources (tests). */
export function forgetSharedSources(): void {
  sources.clear();
}
