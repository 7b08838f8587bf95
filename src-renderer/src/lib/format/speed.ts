/**
 * A speed as the dispatcher reads it: in their units with the unit named when the profile
 * states the service's unit (contract speedInUnits), else the number as sent and a note
 * that the service states no unit. The list, the details pane and the map popup use it.
 */
import { DEFAULT_SPEED_UNIT, speedInUnits, type ProfilesState, type SpeedUnit, type Units } from '@contract';
import { formatNumber } from './numbers';

export const UNSTATED_SPEED = 'unit not stated by the service';

export function speedReading(value: number, from: SpeedUnit, units: Units): { text: string; detail: string | null } {
  const shown = speedInUnits(value, from, units);
  if (shown.unit === null) return { text: formatNumber(value), detail: UNSTATED_SPEED };
  return { text: `${formatNumber(shown.value)} ${shown.unit}`, detail: from === shown.unit ? null : `${formatNumber(value)} ${from} as sent` };
}

/** The speed unit of a profile's service ('unstated' while the profiles are not known). */
export function speedUnitOf(profiles: ProfilesState | null, profileId: string | null | undefined): SpeedUnit {
  return profiles?.profiles.find((p) => p.id === profileId)?.speedUnit ?? DEFAULT_SPEED_UNIT;
}
