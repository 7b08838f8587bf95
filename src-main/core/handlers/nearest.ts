import { FleetError } from '../errors';
import type { HandlerGroup } from '../ports';

/** The machines nearest to a point, from the held list. */
export function createNearestHandlers(): HandlerGroup<'nearest:query'> {
  return {
    async 'nearest:query'() {
      throw new FleetError('internal', 'Nearest machines are not available in this build.');
    },
  };
}
