/** The words of the status bar and banners, from a SyncStatus and `now`. Pure. */
import type { AppError, SyncStatus } from '@contract';
import { errorText } from '../format/errors';
import { formatClock, formatShortClock, formatSpan, parseTime, relativeTime } from '../format/time';

const STATE_LABEL: Record<SyncStatus['state'], string> = {
  starting: 'Starting…',
  syncing: 'Syncing…',
  online: 'Online',
  offline: 'Offline',
  'signed-out': 'Signed out',
  error: 'Sync problem',
};

export function stateLabel(status: SyncStatus | null): string {
  return status ? STATE_LABEL[status.state] : 'Connecting…';
}

/** "Synced 12:03:10 · 2 min ago" or "Not synced yet". */
export function syncedText(status: SyncStatus | null, now: number): string {
  if (!status?.lastSyncAt || parseTime(status.lastSyncAt) === null) return 'Not synced yet';
  return `Synced ${formatClock(status.lastSyncAt)} · ${relativeTime(status.lastSyncAt, now)}`;
}

/** "Next attempt in 30 s" / "Next attempt now" / null when none is planned. */
export function nextAttemptText(status: SyncStatus | null, now: number): string | null {
  const at = parseTime(status?.nextAttemptAt);
  if (at === null) return null;
  const left = at - now;
  return left <= 1000 ? 'Next attempt now' : `Next attempt in ${formatSpan(left)}`;
}

/** The offline banner, or null when not offline. */
export function offlineBanner(status: SyncStatus | null, now: number): string | null {
  if (!status || status.state !== 'offline') return null;
  const parts: string[] = [];
  if (status.lastSyncAt && parseTime(status.lastSyncAt) !== null) {
    parts.push(`Offline — showing data as of ${formatShortClock(status.lastSyncAt)} (${relativeTime(status.lastSyncAt, now)})`);
  } else {
    parts.push('Offline — no data fetched yet');
  }
  const at = parseTime(status.nextAttemptAt);
  if (at !== null) parts.push(at - now <= 1000 ? 'Retrying now' : `Retrying in ${formatSpan(at - now)}`);
  // The reason, once, here rather than in a second banner.
  if (status.error) parts.push(`Last error: ${errorText(status.error)}`);
  return sentences(parts);
}

/** Says that the dispatcher is signed out, not signed in, or must sign in again, in other words. */
const SAYS_SIGNED_OUT = /\b(signed out|not signed in|sign in again)\b/i;

/**
 * The signed-out banner, or null when signed in. A reason that itself says the dispatcher is
 * signed out leads the banner instead of being tacked onto "You are signed out".
 */
export function signedOutBanner(status: SyncStatus | null): string | null {
  if (status?.state !== 'signed-out') return null;
  const reason = status.error ? errorText(status.error) : null;
  const lead = !reason ? 'You are signed out' : SAYS_SIGNED_OUT.test(reason) ? reason : `You are signed out: ${reason}`;
  return sentences([lead, 'The list shows the last data fetched']);
}

/** Parts joined as sentences, each ending in one full stop however the part ended. */
export function sentences(parts: readonly string[]): string {
  return parts.map((part) => `${part.trim().replace(/[.\s]+$/, '')}.`).join(' ');
}

/** Identity of an error so a dismissed one stays dismissed until a different one arrives. */
export function errorKey(error: AppError | null): string | null {
  return error ? `${error.kind}|${error.status ?? ''}|${error.message}|${error.path ?? ''}` : null;
}
