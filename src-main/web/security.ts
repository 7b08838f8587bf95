/**
 * The web shell's request checks: per-launch secret, Host (DNS rebinding), Origin,
 * and the page's Content-Security-Policy.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { contentSecurityPolicy, type CspOrigins } from '../core/csp';

export { cspSource, type CspOrigins } from '../core/csp';

export const SECRET_HEADER = 'x-fleet-secret';
/** The WebSocket subprotocol the server selects; the secret travels as a second one. */
export const EVENTS_PROTOCOL = 'fleet-desk';
export const SECRET_PROTOCOL_PREFIX = 'secret.';

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time comparison (hashing first makes the lengths equal). */
export function secretMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 256) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * The key of the map tile route. Tiles load as <img>, which cannot send the secret
 * header, so the route carries a key in its path instead: derived from the secret, so it
 * changes every launch, but not the secret itself, so a tile address seen anywhere
 * (devtools, the browser's cache) opens no other door.
 */
export function tileKeyFor(secret: string): string {
  return createHmac('sha256', secret).update('fleet-desk map tiles').digest('hex');
}

/** Picks the secret out of a `Sec-WebSocket-Protocol` header (`fleet-desk, secret.<hex>`). */
export function secretFromProtocols(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const p = part.trim();
    if (p.startsWith(SECRET_PROTOCOL_PREFIX)) return p.slice(SECRET_PROTOCOL_PREFIX.length);
  }
  return undefined;
}

/** The Host must name our loopback listener exactly: a rebound DNS name is refused. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** A present Origin must be the page's own origin (the same host the request came to). */
export function originAllowed(origin: string | undefined, host: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return hostAllowed(host, port) && origin === `http://${host}`;
}

/**
 * The web shell page's policy: its own origin ('self'), the services' origins and embed
 * sites, and its own event socket by IP or name. No other loopback port.
 */
export function webShellCsp(port: number, extra: CspOrigins): string {
  return contentSecurityPolicy({
    ...extra,
    connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`],
  });
}
