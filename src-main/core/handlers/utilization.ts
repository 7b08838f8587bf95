import { FleetError } from '../errors';
import type { HandlerGroup } from '../ports';

type UtilizationCalls = 'utilization:report' | 'utilization:fetch' | 'utilization:cancel' | 'export:utilizationCsv';

/** Hours per day per machine, their background fetch and their export. */
export function createUtilizationHandlers(): HandlerGroup<UtilizationCalls> {
  const missing = async (): Promise<never> => {
    throw new FleetError('internal', 'Utilization is not available in this build.');
  };
  return {
    'utilization:report': missing,
    'utilization:fetch': missing,
    'utilization:cancel': missing,
    'export:utilizationCsv': missing,
  };
}
