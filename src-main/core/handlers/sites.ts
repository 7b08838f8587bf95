import { FleetError } from '../errors';
import type { HandlerGroup } from '../ports';

type SiteCalls = 'sites:get' | 'sites:save' | 'sites:delete' | 'sites:import' | 'sites:export' | 'sites:fromPlace' | 'nearest:query';

/** Sites and nearest look-ups of the active branch. */
export function createSiteHandlers(): HandlerGroup<SiteCalls> {
  const missing = async (): Promise<never> => {
    throw new FleetError('internal', 'Sites are not available in this build.');
  };
  return {
    'sites:get': missing,
    'sites:save': missing,
    'sites:delete': missing,
    'sites:import': missing,
    'sites:export': missing,
    'sites:fromPlace': missing,
    'nearest:query': missing,
  };
}
