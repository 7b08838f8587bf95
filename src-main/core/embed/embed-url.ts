import { decodeJwt } from 'jose';
import { isHttpUrl } from '../../contract';

/** How long an embed URL is good for when it carries no readable expiry (docs/service.md, "Embed URLs": 1 hour). */
export const EMBED_SESSION_MS = 60 * 60 * 1000;


/**
 * The embed URL in a `urls`-like object. The entry's name varies between deployments
 * (docs/service.md, "Field notes: embed URLs"), so: `mapEmbed` when it is an http(s) URL, else the first string
 * value that is one. Null when there is none.
 */
export function pickEmbedUrl(obj: unknown): string | null {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const record = obj as Record<string, unknown>;
  const preferred = record.mapEmbed;
  if (typeof preferred === 'string' && isHttpUrl(preferred)) return preferred;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const value = record[key];
    if (typeof value === 'string' && isHttpUrl(value)) return value;
  }
  return null;
}

/**
 * When an (unopened) embed URL stops working: the `exp` of the JWS in its `jws` query
 * parameter, read without verifying the signature. Falls back to requestedAt + 1 h.
 * Never throws.
 */
export function embedExpiry(url: string, requestedAt: Date): Date {
  const fallback = new Date(requestedAt.getTime() + EMBED_SESSION_MS);
  try {
    const jws = new URL(url).searchParams.get('jws');
    if (!jws) return fallback;
    const { exp } = decodeJwt(jws);
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return fallback;
    const at = new Date(exp * 1000);
    return Number.isNaN(at.getTime()) ? fallback : at;
  } catch {
    return fallback;
  }
}
