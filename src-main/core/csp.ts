/**
 * The app page's Content-Security-Policy, shared by both shells: nothing inline but
 * styles (Leaflet and Svelte set style attributes), images and frames only from
 * loopback, the tile server and the service origins the core knows.
 */
import type { FleetDeskCore } from './ports';

export interface CspOrigins {
  /** Where map tiles come from (img-src). */
  images: string[];
  /** Where embed maps are framed from (frame-src). */
  frames: string[];
}

/**
 * The origin (or wildcard host source) CSP needs for a URL or tile template, or null.
 * `{s}.` subdomain templates become `*.` sources.
 */
export function cspSource(urlOrTemplate: string): string | null {
  if (!urlOrTemplate) return null;
  const wildcard = /^https?:\/\/\{s\}\./i.test(urlOrTemplate);
  try {
    const url = new URL(urlOrTemplate.replace(/\{[a-z]+\}/gi, 'a'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!wildcard) return url.origin;
    const host = url.host.replace(/^a\./, '');
    return `${url.protocol}//*.${host}`;
  } catch {
    return null;
  }
}

/** Tile server and service origins for the page's CSP, read from the core. */
export async function cspOriginsFromCore(core: FleetDeskCore): Promise<CspOrigins> {
  const images: string[] = [];
  const frames: string[] = [];
  const [settings, profiles] = await Promise.allSettled([core.handlers['settings:get'](), core.handlers['profiles:list']()]);
  if (settings.status === 'fulfilled') {
    const tiles = cspSource(settings.value.tileUrl);
    if (tiles) images.push(tiles);
  }
  if (profiles.status === 'fulfilled') {
    for (const p of profiles.value.profiles) {
      for (const url of [p.baseUrl, p.aempUrl]) {
        const origin = cspSource(url);
        if (origin) {
          frames.push(origin);
          images.push(origin);
        }
      }
    }
  }
  return { images, frames };
}

export interface PagePolicy extends CspOrigins {
  /** Loopback sources always allowed for images and frames (the demo service, local tiles). */
  loopback: string[];
  /** Extra connect-src sources (the web shell's event socket, Vite's dev socket). */
  connect: string[];
}

export function contentSecurityPolicy(policy: PagePolicy): string {
  // Only plain origins get in: a value smuggling `'unsafe-eval'` or `;` is dropped.
  const sources = (list: string[]) => [...new Set(list.filter((s) => /^(https?|wss?):\/\/[^\s;,']+$/.test(s)))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...sources([...policy.loopback, ...policy.images])].join(' '),
    ['connect-src', "'self'", ...sources(policy.connect)].join(' '),
    ['frame-src', ...sources([...policy.loopback, ...policy.frames])].join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
