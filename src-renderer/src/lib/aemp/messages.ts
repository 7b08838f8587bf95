/** Dispatcher-facing wording for errors and data freshness in the Fleet view. */
import type { AppError } from '@contract';
import { formatDateTime } from './units';

export function errorText(error: AppError, what: string): string {
  if (error.kind === 'offline') return `Not available offline: ${what}.`;
  const where = error.path ? ` (at ${error.path})` : '';
  return `${error.message}${where}`;
}

export function lookupErrorText(error: AppError, identifier: string): string {
  if (error.kind === 'not-found') return `No unit with identifier ${identifier}`;
  return errorText(error, `unit ${identifier}`);
}

export function asOfText(fetchedAt: string): string {
  return `as of ${formatDateTime(fetchedAt)}`;
}
