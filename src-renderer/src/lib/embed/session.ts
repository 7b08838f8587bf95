/** The life of an embed session as the renderer sees it. Pure, with injected `now`. */
import type { EmbedSession } from '../../../../src-main/contract';
import { formatSpan, parseTime } from '../format/time';

/** Renew a little before the end so the view never shows an expired page. */
export const RENEW_MARGIN_MS = 15_000;

export function msLeft(session: Pick<EmbedSession, 'expiresAt'>, now: number): number {
  const end = parseTime(session.expiresAt);
  return end === null ? 0 : end - now;
}

export function shouldRenew(session: Pick<EmbedSession, 'expiresAt'>, now: number, margin = RENEW_MARGIN_MS): boolean {
  return msLeft(session, now) <= margin;
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
