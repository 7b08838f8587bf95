/**
 * A straight-line distance and a direction as the dispatcher reads them, in their units:
 * "850 m", "2.4 km NE", "420 ft", "2.4 mi NE". The direction is said with the compass
 * points the gazetteer uses (contract place-words.ts).
 */
import { compassOctant, type Units } from '@contract';
import { formatNumber } from '../format/numbers';

const METRES_PER_MILE = 1609.344;
const FEET_PER_METRE = 3.280_839_895;

/** "850 m" / "2.4 km" (whole kilometres from 100 km); "420 ft" / "2.4 mi" (feet below a tenth of a mile). */
export function formatDistance(metres: number, units: Units): string {
  if (units === 'imperial') {
    const miles = metres / METRES_PER_MILE;
    if (miles < 0.1) return `${formatNumber(metres * FEET_PER_METRE, 0)} ft`;
    return `${formatNumber(miles, miles < 100 ? 1 : 0)} mi`;
  }
  if (metres < 1000) return `${formatNumber(metres, 0)} m`;
  const km = metres / 1000;
  return `${formatNumber(km, km < 100 ? 1 : 0)} km`;
}

/** "2.4 mi NE": how far and which way from the point to the machine. */
export function formatDistanceBearing(metres: number, bearingDeg: number, units: Units): string {
  return `${formatDistance(metres, units)} ${compassOctant(bearingDeg)}`;
}
