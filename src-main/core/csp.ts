/**
 * The app page's Content-Security-Policy, shared by both shells: nothing inline but
 * styles (Leaflet and Svelte set style attributes), images only from loopback, the
 * tile server and the service origins the core knows, frames only from loopback and
 * each profile's embed sites (the rule of core/embed/embed-policy).
 */
import { embedFrameSources, embedPolicy } from './embed/embed-policy';
import type { FleetDeskCore } from './ports';

export interface CspOrigins {
  /** Where map tiles come from (img-src). */
  images: string[];
  /** Where embed maps are framed from (frame-src): each profile's embed policy. */
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

/**
 * Tile server and service origins for the page's CSP, read from the core. Every
 * profile counts, not only the active one: the policy is fixed when the page loads and
 * a profile switch does not reload it (the core still checks each URL against the
 * active profile).
 */
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
        if (origin) images.push(origin);
      }
      frames.push(...embedFrameSources(embedPolicy(p)));
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
