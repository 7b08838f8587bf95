/**
 * The app page's Content-Security-Policy, shared by both shells: nothing inline but
 * styles (Leaflet and Svelte set style attributes), images only from the app itself,
 * its tile route (map tiles come through the main side, core/tiles) and the service
 * origins the core knows, frames only from each profile's embed sites (the rule of
 * core/embed/embed-policy). No blanket loopback: the built-in demo service's origin is
 * there only while its profile is active.
 */
import { DEMO_PROFILE_ID } from './auth/profiles';
import { embedFrameSources, embedPolicy } from './embed/embed-policy';
import type { FleetDeskCore } from './ports';

export interface CspOrigins {
  /** Service origins images may come from (img-src). */
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
 * Service origins for the page's CSP, read from the core. The tile server is not among
 * them: the renderer loads tiles from the shell's route only. Every saved profile
 * counts, not only the active one: the policy is fixed when the page loads and a profile
 * switch does not reload it (the core still checks each URL against the active
 * profile). The built-in demo counts only while it is the active profile: its service
 * runs only then, and a loopback port it no longer holds may be anybody's.
 */
export async function cspOriginsFromCore(core: FleetDeskCore): Promise<CspOrigins> {
  const images: string[] = [];
  const frames: string[] = [];
  const [profiles] = await Promise.allSettled([core.handlers['profiles:list']()]);
  if (profiles.status === 'fulfilled') {
    const { activeId } = profiles.value;
    for (const p of profiles.value.profiles) {
      if (p.id === DEMO_PROFILE_ID && activeId !== DEMO_PROFILE_ID) continue;
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
  /** Extra connect-src sources (the web shell's event socket, Vite's dev socket). */
  connect: string[];
  /** App schemes images may come from (Electron's map tiles: `fleet-tiles:`). */
  imageSchemes?: string[];
}

export function contentSecurityPolicy(policy: PagePolicy): string {
  // Only plain origins get in: a value smuggling `'unsafe-eval'` or `;` is dropped.
  const sources = (list: string[]) => [...new Set(list.filter((s) => /^(https?|wss?):\/\/[^\s;,']+$/.test(s)))];
  // A bare scheme of the app's own (never javascript:, a wildcard or anything longer).
  const schemes = (list: string[]) => [...new Set(list.filter((s) => /^[a-z][a-z0-9+.-]*:$/.test(s) && s !== 'javascript:'))];
  const frames = sources(policy.frames);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...schemes(policy.imageSchemes ?? []), ...sources(policy.images)].join(' '),
    ['connect-src', "'self'", ...sources(policy.connect)].join(' '),
    // No profile with a usable site: no frames at all (an empty list would read as no rule).
    ['frame-src', ...(frames.length > 0 ? frames : ["'none'"])].join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers of every answer of both shells that is not the app page (calls, events,
 * map tiles, scripts, styles, images, errors): opened as a document (a tile in a new
 * tab), it loads nothing, runs in an origin of its own (sandbox) and is never sniffed
 * into another type, so it can read nothing of the app's origin.
 */
export const NOT_A_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
} as const;
