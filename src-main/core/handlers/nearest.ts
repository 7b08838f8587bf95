import { scrubSecrets } from '../errors';
import type { HandlerGroup } from '../ports';
import { describePlace } from '../places/gazetteer';
import type { NearestIndex } from '../places/nearest-index';

/** Puts a position in words; null when it cannot. */
export type DescribePlace = (lat: number, lng: number) => string | null;

/**
 * The machines nearest to a point, from the held list (works offline: the index is built
 * from the rows in memory), with the point in words. A gazetteer that cannot be read costs
 * the words only, never the answer.
 */
export function createNearestHandlers(index: NearestIndex, describe: DescribePlace = describePlace): HandlerGroup<'nearest:query'> {
  const placeOf = (lat: number, lng: number): string | null => {
    try {
      return describe(lat, lng);
    } catch (err) {
      console.error(scrubSecrets(`Fleet Desk: the offline place names could not be read: ${err instanceof Error ? err.message : String(err)}`));
      return null;
    }
  };
  return {
    async 'nearest:query'(query) {
      return { ...index.query(query), place: placeOf(query.lat, query.lng) };
    },
  };
}
