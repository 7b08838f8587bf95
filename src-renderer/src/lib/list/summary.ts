/**
 * The details pane for several selected assets: how many, in which state, their fuel and
 * engine hours. Pure, one pass over the index (10,000 rows are cheap on each clock tick).
 */
import { isStaleAt, staleCutoff } from '@contract';
import { oldMetricKeys, type IndexedAsset } from './assetIndex';

export interface SelectionSummary {
  count: number;
  /** One state per asset, so these add up to `count`. */
  moving: number;
  ignitionOn: number;
  ignitionOff: number;
  stateUnknown: number;
  stale: number;
  noGps: number;
  withIssues: number;
  fuel: {
    /** Readings within 0–100 %, which min and average are taken over. */
    readings: number;
    min: number | null;
    avg: number | null;
    /** Of those readings, how many are old by the details pane's rule. */
    old: number;
    /** Readings outside 0–100 %, left out of min and average. */
    outOfRange: number;
  };
  engine: { readings: number; totalHours: number; old: number };
  /** The selected assets in natural name order. */
  rows: IndexedAsset[];
}

export function summarizeSelection(index: readonly IndexedAsset[], selected: ReadonlySet<string>, now: number, staleAfterMin: number): SelectionSummary {
  const cutoff = staleCutoff(now, staleAfterMin);
  const s: SelectionSummary = {
    count: 0,
    moving: 0,
    ignitionOn: 0,
    ignitionOff: 0,
    stateUnknown: 0,
    stale: 0,
    noGps: 0,
    withIssues: 0,
    fuel: { readings: 0, min: null, avg: null, old: 0, outOfRange: 0 },
    engine: { readings: 0, totalHours: 0, old: 0 },
    rows: [],
  };
  let fuelSum = 0;
  let engineMs = 0;
  for (const row of index) {
    if (!selected.has(row.asset.assetId)) continue;
    s.count++;
    s.rows.push(row);
    if (row.moving) s.moving++;
    else if (row.ignition === true) s.ignitionOn++;
    else if (row.ignition === false) s.ignitionOff++;
    else s.stateUnknown++;
    if (isStaleAt(row.lastUpdateMs, cutoff)) s.stale++;
    if (!row.hasGps) s.noGps++;
    if (row.hasIssues) s.withIssues++;
    if (row.fuel !== null) {
      if (row.fuel < 0 || row.fuel > 100) s.fuel.outOfRange++;
      else {
        s.fuel.readings++;
        fuelSum += row.fuel;
        s.fuel.min = s.fuel.min === null ? row.fuel : Math.min(s.fuel.min, row.fuel);
        if (oldMetricKeys(row.asset).has('fuel')) s.fuel.old++;
      }
    }
    if (row.engineMs !== null && row.engineMs >= 0) {
      s.engine.readings++;
      engineMs += row.engineMs;
      if (oldMetricKeys(row.asset).has('engine-runtime')) s.engine.old++;
    }
  }
  if (s.fuel.readings > 0) s.fuel.avg = fuelSum / s.fuel.readings;
  s.engine.totalHours = engineMs / 3_600_000;
  s.rows.sort((a, b) => a.nameRank - b.nameRank);
  return s;
}
