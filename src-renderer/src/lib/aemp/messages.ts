/** Dispatcher-facing wording for errors and data freshness in the Fleet view. */
import type { AempVersion, AppError } from '@contract';
import { errorText } from '../format/errors';
import { formatDateTime } from '../format/time';

/**
 * Why a look-up found nothing, in words. Version 1.2 looks machines up by VIN only, so a
 * serial number or equipment id finds nothing there: the message says so and what to do.
 */
export function lookupErrorText(error: AppError, identifier: string, version: AempVersion = '2.0'): string {
  if (error.kind === 'not-found' && version === '1.2') {
    return `No machine with VIN ${identifier}. Version 1.2 looks machines up by VIN; try the VIN, or switch to 2.0.`;
  }
  if (error.kind === 'not-found') return `No machine with identifier ${identifier}.`;
  return errorText(error, `machine ${identifier}`);
}

export function asOfText(fetchedAt: string): string {
  return `as of ${formatDateTime(fetchedAt)}`;
}
