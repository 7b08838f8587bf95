/**
 * When an asset counts as stale: the one rule the asset list (its filter, counts and
 * columns), the selection summary, the map markers and the no-report alert share, and the
 * one threshold (range, default and sentence) the settings and the alert rule both ask for.
 */
import { wholeNumber } from './schemas/text';

const MINUTE_MS = 60_000;

/**
 * The stale threshold in minutes without a report: the settings' "stale after" and the
 * no-report alert rule take the same range, default and sentence.
 */
export const STALE_MINUTES = {
  min: 1,
  max: 10_080,
  default: 60,
  rule: 'Minutes without a report must be a whole number from 1 to 10,080 (a week)',
} as const;

export const StaleMinutesSchema = wholeNumber(STALE_MINUTES.min, STALE_MINUTES.max, STALE_MINUTES.rule);

/** The latest report time (epoch ms) that is stale at `now` with a threshold of `staleAfterMin`. */
export function staleCutoff(now: number, staleAfterMin: number): number {
  return now - staleAfterMin * MINUTE_MS;
}

/**
 * Whether an asset whose newest report is at `updatedAt` (epoch ms; null: it never reported)
 * is stale by `cutoff` (see staleCutoff). For loops over many rows that work out the cutoff
 * once; the comparison is written here only.
 *
 * A report exactly at the cutoff is stale (`<=`, so a silence `>=` the threshold): the
 * threshold is the silence the dispatcher allows ("stale after 60 minutes"), and a silence
 * of exactly 60 minutes has reached it. The alert's timer wakes at that very instant (report
 * time + threshold) and must find the asset stale then, not one tick later.
 *
 * An asset that never reported is stale: nothing shows that it is out there and working.
 */
export function isStaleAt(updatedAt: number | null, cutoff: number): boolean {
  return updatedAt === null || updatedAt <= cutoff;
}

/** Whether an asset whose newest report is at `updatedAt` (null: never) is stale at `now`. */
export function isStale(updatedAt: number | null, now: number, staleAfterMin: number): boolean {
  return isStaleAt(updatedAt, staleCutoff(now, staleAfterMin));
}
