/**
 * The details pane for several selected assets: what a dispatcher asks of a group — how
 * many are in each state, how low and how typical their fuel is, how long the quietest one
 * has been silent and how many are stale. Pure, one pass over the index (10,000 rows are
 * cheap on each clock tick).
 */
import { isStaleAt, staleCutoff } from '@contract';
import { oldMetricKeys, type IndexedAsset } from './assetIndex';

/**
 * One state per asset, so these add up to the selection. An asset without a report within
 * the stale threshold counts as stale whatever its last readings said (its last motion is
 * not its state now); one with no report at all counts as never reported.
 */
export interface StateCounts {
  moving: number;
  ignitionOn: number;
  /** Reporting, not moving, ignition off or not stated. */
  parked: number;
  stale: number;
  neverReported: number;
}

export interface SelectionSummary {
  count: number;
  states: StateCounts;
  /** Every stale asset, those that never reported included (the list's "Stale" filter). */
  stale: number;
  noGps: number;
  withIssues: number;
  fuel: {
    /** Readings within 0–100 %, which min and median are taken over. */
    readings: number;
    min: number | null;
    median: number | null;
    /** Of those readings, how many are old by the details pane's rule. */
    old: number;
    /** Readings outside 0–100 %, left out of min and median. */
    outOfRange: number;
  };
  /** The asset whose newest report is the oldest of the selection; null when none reported. */
  oldestReport: { at: number; row: IndexedAsset } | null;
  /** The selected assets in natural name order. */
  rows: IndexedAsset[];
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarizeSelection(index: readonly IndexedAsset[], selected: ReadonlySet<string>, now: number, staleAfterMin: number): SelectionSummary {
  const cutoff = staleCutoff(now, staleAfterMin);
  const states: StateCounts = { moving: 0, ignitionOn: 0, parked: 0, stale: 0, neverReported: 0 };
  const s: SelectionSummary = {
    count: 0,
    states,
    stale: 0,
    noGps: 0,
    withIssues: 0,
    fuel: { readings: 0, min: null, median: null, old: 0, outOfRange: 0 },
    oldestReport: null,
    rows: [],
  };
  const fuels: number[] = [];
  for (const row of index) {
    if (!selected.has(row.asset.assetId)) continue;
    s.count++;
    s.rows.push(row);
    const stale = isStaleAt(row.lastUpdateMs, cutoff);
    if (row.lastUpdateMs === null) states.neverReported++;
    else if (stale) states.stale++;
    else if (row.moving) states.moving++;
    else if (row.ignition === true) states.ignitionOn++;
    else states.parked++;
    if (stale) s.stale++;
    if (row.lastUpdateMs !== null && (s.oldestReport === null || row.lastUpdateMs < s.oldestReport.at)) s.oldestReport = { at: row.lastUpdateMs, row };
    if (!row.hasGps) s.noGps++;
    if (row.hasIssues) s.withIssues++;
    if (row.fuel !== null) {
      if (row.fuel < 0 || row.fuel > 100) s.fuel.outOfRange++;
      else {
        fuels.push(row.fuel);
        if (oldMetricKeys(row.asset).has('fuel')) s.fuel.old++;
      }
    }
  }
  fuels.sort((a, b) => a - b);
  s.fuel.readings = fuels.length;
  s.fuel.min = fuels.length > 0 ? fuels[0] : null;
  s.fuel.median = median(fuels);
  s.rows.sort((a, b) => a.nameRank - b.nameRank);
  return s;
}
