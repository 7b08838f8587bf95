/** Dispatcher-facing wording for errors and data freshness in the Fleet view. */
import type { AppError } from '@contract';
import { errorText } from '../format/errors';
import { formatDateTime } from '../format/time';

export function lookupErrorText(error: AppError, identifier: string): string {
  if (error.kind === 'not-found') return `No machine with identifier ${identifier}`;
  return errorText(error, `machine ${identifier}`);
}

export function asOfText(fetchedAt: string): string {
  return `as of ${formatDateTime(fetchedAt)}`;
}
