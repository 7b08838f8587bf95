import { FleetError } from '../errors';
import type { HandlerGroup } from '../ports';

/** Printing a view to PDF; served by the shells that can print. */
export function createPrintHandlers(): HandlerGroup<'print:pdf'> {
  return {
    'print:pdf': async () => {
      throw new FleetError('internal', 'Utilization is not available in this build.');
    },
  };
}
