/** The fleet (AEMP) interface's words and the history date range, spelled once. */
import * as v from 'valibot';

export const AEMP_VERSIONS = ['1.2', '2.0'] as const;
export const AempVersionSchema = v.picklist(AEMP_VERSIONS, 'The fleet interface version is 1.2 or 2.0');
export type AempVersion = v.InferOutput<typeof AempVersionSchema>;

/** The per-metric histories of AEMP 2.0, named as in their paths. */
export const HISTORY_METRICS = ['Location', 'CumulativeOperatingHours', 'Distance', 'FuelRemaining'] as const;
export const HistoryMetricSchema = v.picklist(HISTORY_METRICS, 'A history shows location, operating hours, distance or fuel remaining');
export type HistoryMetric = v.InferOutput<typeof HistoryMetricSchema>;

/** Longest history range asked for at once. */
export const MAX_HISTORY_DAYS = 366;
const DAY_MS = 86_400_000;

/** An instant in UTC as the fleet interface takes it (seconds and fractions optional). */
export const UtcTimeSchema = v.pipe(
  v.string('A date must be text such as 2026-03-01T00:00:00Z'),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z$/, 'A date must be in UTC, such as 2026-03-01T00:00:00Z'),
  v.check((s) => Number.isFinite(Date.parse(s)), 'That date does not exist'),
);

/** The message of a range that is backwards or too long, or null when it can be asked for. */
export function historyRangeProblem(startMs: number, endMs: number): string | null {
  if (!(endMs > startMs)) return 'The start must be before the end';
  if (endMs - startMs > MAX_HISTORY_DAYS * DAY_MS) return `A history can span at most ${MAX_HISTORY_DAYS} days`;
  return null;
}
