import type { HandlerGroup } from '../ports';
import type { NearestIndex } from '../places/nearest-index';

/** The machines nearest to a point, from the held list (works offline: the index is built from the rows in memory). */
export function createNearestHandlers(index: NearestIndex): HandlerGroup<'nearest:query'> {
  return {
    async 'nearest:query'(query) {
      return index.query(query);
    },
  };
}
