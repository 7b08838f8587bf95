import { FleetError } from '../errors';
import type { HandlerGroup } from '../ports';

type SiteCalls = 'sites:get' | 'sites:save' | 'sites:delete' | 'sites:import' | 'sites:export' | 'sites:fromPlace';

/** The active branch's sites: kept in its offline store, edited, imported and exported. */
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
  };
}
