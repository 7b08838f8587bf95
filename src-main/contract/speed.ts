/**
 * The speed a service sends comes without a unit (its interface states none), so a
 * profile says which unit its service uses; this is the one place that turns such a speed
 * into the dispatcher's units and names its unit, for the list, the details pane, the map
 * popup and the CSV export alike.
 */
import type { SpeedUnit, Units } from './schemas';

/** Metres per second in one of each unit. */
const METRES_PER_SECOND: Record<Exclude<SpeedUnit, 'unstated'>, number> = { 'km/h': 1 / 3.6, mph: 0.44704, 'm/s': 1 };

/** The unit speeds are shown in for the dispatcher's units. */
export function shownSpeedUnit(units: Units): 'km/h' | 'mph' {
  return units === 'imperial' ? 'mph' : 'km/h';
}

/**
 * A speed sent in `from`, in the dispatcher's units: the value converted and its unit, or
 * the value as sent with no unit when the profile does not state the service's unit.
 */
export function speedInUnits(value: number, from: SpeedUnit, units: Units): { value: number; unit: 'km/h' | 'mph' | null } {
  if (from === 'unstated') return { value, unit: null };
  const to = shownSpeedUnit(units);
  return { value: from === to ? value : (value * METRES_PER_SECOND[from]) / METRES_PER_SECOND[to], unit: to };
}
