/**
 * Where a machine's hours come from, best first: the fleet interface's
 * CumulativeOperatingHours history of the AEMP 2.0 equipment linked to it, else Fleet
 * Desk's own engine-runtime readings (the first and last of each UTC day, kept while the
 * app was running and refreshing).
 */
import type { Equipment, HistoryPoint } from '../../contract';
import { equipmentKeys } from '../../contract/equipment-link';
import type { EngineDay } from '../ports';
import type { DayBounds } from './days';
import { hoursPerDay, msToHours, type DayHours, type HourReading } from './hours-per-day';

/** A machine of the asset list whose hours the fleet interface can tell. */
export interface LinkedMachine {
  assetId: string;
  /** What its history is asked by: the equipment id, else its serial number, else its PIN. */
  identifier: string;
  /** Identifiers that are this machine's, for telling another machine's readings apart. */
  identity: string[];
}

/**
 * The machines of a fleet listing linked to assets (by the shared linking rule, passed in
 * as `linkedAssetId`), one per asset: the first listed wins.
 */
export function linkedMachines(equipment: readonly Equipment[], linkedAssetId: (e: Equipment) => string | null): LinkedMachine[] {
  const out = new Map<string, LinkedMachine>();
  for (const e of equipment) {
    const identifier = [e.equipmentId, e.serialNumber, e.vin].find((t): t is string => typeof t === 'string' && t.trim() !== '');
    if (!identifier) continue;
    const assetId = linkedAssetId(e);
    if (assetId === null || out.has(assetId)) continue;
    out.set(assetId, { assetId, identifier, identity: [...new Set([e.equipmentId, ...equipmentKeys(e)].filter((t): t is string => !!t))] });
  }
  return [...out.values()];
}

/** History points of the counter as readings (points without a usable value or time are left out). */
export function historyReadings(points: readonly HistoryPoint[]): HourReading[] {
  const out: HourReading[] = [];
  for (const p of points) {
    const at = Date.parse(p.at);
    if (p.value === null || !Number.isFinite(at)) continue;
    out.push({ at, hours: p.value, identity: p.identity ?? null });
  }
  return out;
}

/** Hours per day from Fleet Desk's own engine-runtime readings of one machine. */
export function observedHours(days: readonly EngineDay[], bounds: readonly DayBounds[]): DayHours {
  const readings: HourReading[] = [];
  for (const d of days) {
    readings.push({ at: d.firstAt, hours: msToHours(d.firstMs) });
    if (d.lastAt !== d.firstAt) readings.push({ at: d.lastAt, hours: msToHours(d.lastMs) });
  }
  readings.sort((a, b) => a.at - b.at);
  return hoursPerDay(readings, bounds);
}
