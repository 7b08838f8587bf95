/** The life of an embed session as the renderer sees it. Pure, with injected `now`. */
import type { EmbedSession } from '@contract';
import { formatSpan, parseTime } from '../format/time';

/** Renew a little before the end so the view never shows an expired page. */
export const RENEW_MARGIN_MS = 15_000;

export function msLeft(session: Pick<EmbedSession, 'expiresAt'>, now: number): number {
  const end = parseTime(session.expiresAt);
  return end === null ? 0 : end - now;
}

/** "Session ends in 42 min" / "Session expired". */
export function timeLeftText(session: Pick<EmbedSession, 'expiresAt'>, now: number): string {
  const left = msLeft(session, now);
  if (left <= 0) return 'Session expired';
  if (left < 60_000) return `Session ends in ${Math.ceil(left / 1000)} s`;
  return `Session ends in ${formatSpan(left)}`;
}

/** Whether a window message is the expiry notice of the embed page we loaded. */
export function isExpiryMessage(event: { origin: string; data: unknown }, embedUrl: string): boolean {
  let origin: string;
  try {
    origin = new URL(embedUrl).origin;
  } catch {
    return false;
  }
  if (event.origin !== origin) return false;
  const data = event.data as { type?: unknown } | null;
  return !!data && typeof data === 'object' && data.type === 'fleet-embed-expired';
}

export function embedTitle(session: Pick<EmbedSession, 'kind' | 'assetIds'>, nameOf: (id: string) => string = (id) => id): string {
  if (session.kind === 'branch') return 'Branch map';
  if (session.kind === 'asset') return `Map of ${nameOf(session.assetIds[0] ?? '')}`;
  return `Map of ${session.assetIds.length} selected asset${session.assetIds.length === 1 ? '' : 's'}`;
}

/** Automatic renewals (timer, expiry report) never ask the service sooner than this after the last ask. */
export const MIN_RENEW_GAP_MS = 5_000;
/** A session that came with less than this left, or was reported ended this soon, was of no use. */
export const MIN_USEFUL_SESSION_MS = 5_000;
/** Automatic renewal stops after this many renewals in a row that gave no usable session. */
export const MAX_USELESS_RENEWALS = 3;

/** What was known about a session when it arrived. */
export interface ReceivedSession {
  at: number;
  /** Time it had left then (negative when already expired). */
  leftMs: number;
}

export type UselessReason = 'expired-on-arrival' | 'ended-at-once';

/** Why a session that is being renewed was of no use, or null when it served its time. */
export function uselessReason(received: ReceivedSession, reportedEnded: boolean, now: number): UselessReason | null {
  if (received.leftMs < MIN_USEFUL_SESSION_MS) return 'expired-on-arrival';
  if (reportedEnded && now - received.at < MIN_USEFUL_SESSION_MS) return 'ended-at-once';
  return null;
}

/** How long an automatic renewal waits so asks are at least MIN_RENEW_GAP_MS apart. */
export function renewalDelay(lastAskAt: number | null, now: number): number {
  return lastAskAt === null ? 0 : Math.max(0, lastAskAt + MIN_RENEW_GAP_MS - now);
}

/** The dispatcher's message when automatic renewal gives up. */
export function renewalStoppedText(reason: UselessReason, url: string, count: number): string {
  let host = 'the service';
  try {
    host = new URL(url).host || host;
  } catch {
    // keep the generic name
  }
  const what =
    reason === 'expired-on-arrival'
      ? `${host} keeps sending map links that have expired or expire within ${MIN_USEFUL_SESSION_MS / 1000} s (${count} in a row). Check that this computer's clock is right.`
      : `The map page from ${host} reported its session ended right after opening (${count} in a row).`;
  return `${what} Automatic renewal has stopped; press Try again to ask for a new map.`;
}
