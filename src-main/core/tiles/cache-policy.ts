/**
 * What a tile server's answer allows a private cache to do (RFC 9111, the parts a tile
 * cache needs): keep it or not (`no-store`), for how long it is fresh (`max-age`, else
 * `Expires` against `Date`, less `Age`; `no-cache` means revalidate every time; with
 * neither, a tenth of the time since `Last-Modified`, at most a day), and the
 * validators to revalidate it with.
 */

export interface CachePolicy {
  /** false: the answer may be shown but not kept. */
  store: boolean;
  /** Until when (ms since the epoch) the tile may be served without asking the server. */
  freshUntil: number;
  etag: string | null;
  lastModified: string | null;
}

/** Headers as a lower-case name → value lookup. */
export type HeaderLookup = (name: string) => string | null;

const HEURISTIC_MAX_MS = 24 * 3600 * 1000;

function directives(cacheControl: string | null): Map<string, string | true> {
  const out = new Map<string, string | true>();
  if (!cacheControl) return out;
  for (const part of cacheControl.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    out.set(name, rest.length ? rest.join('=').trim().replace(/^"(.*)"$/, '$1') : true);
  }
  return out;
}

function seconds(value: string | true | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  return Number(value);
}

function dateMs(value: string | null): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

export function cachePolicy(header: HeaderLookup, now: number): CachePolicy {
  const cc = directives(header('cache-control'));
  const etag = header('etag');
  const lastModified = header('last-modified');
  const validators = { etag: etag || null, lastModified: lastModified || null };
  if (cc.has('no-store')) return { store: false, freshUntil: now, ...validators };
  const age = (seconds(header('age') ?? undefined) ?? 0) * 1000;
  let lifetime: number;
  const maxAge = seconds(cc.get('max-age'));
  if (cc.has('no-cache')) {
    lifetime = 0;
  } else if (maxAge !== null) {
    lifetime = maxAge * 1000;
  } else if (header('expires') !== null) {
    // An unparseable Expires (e.g. "0") means already expired.
    const expires = dateMs(header('expires'));
    const date = dateMs(header('date')) ?? now;
    lifetime = expires === null ? 0 : expires - date;
  } else {
    const modified = dateMs(lastModified);
    const date = dateMs(header('date')) ?? now;
    lifetime = modified !== null && modified < date ? Math.min(HEURISTIC_MAX_MS, (date - modified) / 10) : 0;
  }
  return { store: true, freshUntil: now + Math.max(0, lifetime - age), ...validators };
}
