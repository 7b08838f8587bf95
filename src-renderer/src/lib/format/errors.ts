/** The one way an AppError becomes a sentence for a dispatcher (banners, dialogs, the AEMP view). */
import type { AppError } from '@contract';
import { formatSpan } from './time';

/**
 * The error's message, with the JSON path of a bad payload (unless the message already
 * names it; never for a refused argument) and the wait a throttling service asked for. `what` names the data that could
 * not be loaded; when given, an offline error reads "Not available offline: <what>."
 */
export function errorText(error: AppError, what?: string): string {
  if (what !== undefined && error.kind === 'offline') return `Not available offline: ${what}.`;
  let text = error.message;
  // A refused argument's message already says what was wrong in words; its path is for forms to find the field.
  if (error.path && error.kind !== 'invalid-argument' && !text.includes(error.path)) text += ` (at ${error.path})`;
  if (error.kind === 'rate-limited' && error.retryAfterMs) text += ` — the service asked us to wait ${formatSpan(error.retryAfterMs)}`;
  return text;
}
