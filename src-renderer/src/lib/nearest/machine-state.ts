/**
 * A machine's state in a few words for the nearest list: moving, parked, ignition, fuel
 * and when it last reported, with "stale" by the app's one staleness rule
 * (contract staleness.ts), so the list agrees with the asset list and the map markers.
 */
import { isStale, type AssetRow } from '@contract';
import { formatNumber } from '../format/numbers';
import { isoAt, relativeTime } from '../format/time';

export interface MachineState {
  /** "Moving", "Parked", "Ignition on", "Ignition off" or "Ignition not reported". */
  motion: string;
  /** "Fuel 40 %", or null when not reported. */
  fuel: string | null;
  /** "Last seen 5 min ago" / "Never reported". */
  lastSeen: string;
  stale: boolean;
}

export function machineState(row: Pick<AssetRow, 'ignition' | 'inMotion' | 'fuel' | 'updatedAt'>, now: number, staleAfterMin: number): MachineState {
  let motion: string;
  if (row.inMotion === true) motion = 'Moving';
  else if (row.ignition === false) motion = 'Parked';
  else if (row.ignition === true) motion = 'Ignition on';
  else motion = 'Ignition not reported';
  return {
    motion,
    fuel: row.fuel === null ? null : `Fuel ${formatNumber(row.fuel, 0)} %`,
    lastSeen: row.updatedAt === null ? 'Never reported' : `Last seen ${relativeTime(isoAt(row.updatedAt), now)}`,
    stale: isStale(row.updatedAt, now, staleAfterMin),
  };
}
