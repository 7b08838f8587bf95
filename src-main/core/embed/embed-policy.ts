/**
 * Where a profile's embed maps may come from: the service's own site — the registrable
 * domain of its base URL (a service answering from `api.example.com` may show maps
 * from `example.com` or `maps.example.com`), by the public-suffix list, so `co.uk` or
 * `github.io` never count as a site — or an origin the user added to the profile.
 * IP literals, `localhost` and single-label names have no registrable domain: their
 * host must match exactly. Any port, http or https, no credentials in the URL.
 *
 * One rule for every place an embed URL is used: `openEmbed` (what the service sends),
 * the Electron embed view (navigations and redirects inside it) and the page's CSP
 * `frame-src` in both shells.
 */
import { parse } from 'tldts';
import { readEmbedOrigin } from '../../contract';
import { FleetError } from '../errors';
import { parseUrl } from '../http/parse-url';
import type { FleetDeskCore } from '../ports';

export interface EmbedPolicy {
  /** The service's own site; null when the base URL is unusable (then only `origins`). */
  readonly site: { readonly domain: string } | { readonly host: string } | null;
  /** Origins (`scheme://host[:port]`) the user added to the profile. */
  readonly origins: readonly string[];
}


/** The registrable domain of a host (private suffixes such as github.io count as suffixes), or null. */
function registrableDomain(hostname: string): string | null {
  const info = parse(hostname, { allowPrivateDomains: true });
  return info.isIp ? null : info.domain;
}

export function embedPolicy(profile: { baseUrl: string; embedOrigins?: readonly string[] }): EmbedPolicy {
  const base = parseUrl(profile.baseUrl);
  // Only exact origins: whatever reaches here becomes a frame-src source of the page.
  const origins = (profile.embedOrigins ?? []).flatMap((o) => {
    const read = readEmbedOrigin(o);
    return 'origin' in read ? [read.origin] : [];
  });
  if (!base || (base.protocol !== 'http:' && base.protocol !== 'https:') || !base.hostname) return { site: null, origins };
  const domain = registrableDomain(base.hostname);
  return { site: domain ? { domain } : { host: base.hostname }, origins };
}

function describeSite(policy: EmbedPolicy): string {
  const parts: string[] = [];
  if (policy.site) parts.push('domain' in policy.site ? `the service's own site (${policy.site.domain})` : `the service's own host (${policy.site.host})`);
  if (policy.origins.length > 0) parts.push(`the embed map origins added to the profile (${policy.origins.join(', ')})`);
  return parts.length > 0 ? parts.join(' or ') : 'nowhere (the profile has no usable base URL)';
}

/** Null when Fleet Desk may show `url` as an embed map; otherwise why not, naming the host. */
export function embedUrlRefusal(url: string, policy: EmbedPolicy): string | null {
  const u = parseUrl(url);
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) {
    return 'The map address is not an http:// or https:// address, so Fleet Desk does not open it.';
  }
  if (u.username !== '' || u.password !== '') return `The map address for ${u.hostname} carries a user name or password (not an http(s) map address Fleet Desk opens).`;
  if (policy.origins.includes(u.origin)) return null;
  const site = policy.site;
  if (site && 'host' in site && u.hostname === site.host) return null;
  if (site && 'domain' in site && registrableDomain(u.hostname) === site.domain) return null;
  return `The service sent a map on ${u.host}, which is not ${describeSite(policy)}; Fleet Desk does not open it. If ${u.host} belongs to your service, add ${u.origin} to the profile's embed map origins.`;
}

export function isEmbedUrlAllowed(url: string, policy: EmbedPolicy): boolean {
  return embedUrlRefusal(url, policy) === null;
}

/** Returns `url` when allowed; otherwise throws 'bad-payload' naming the host. */
export function checkEmbedUrl(url: string, policy: EmbedPolicy): string {
  const refusal = embedUrlRefusal(url, policy);
  if (refusal) throw new FleetError('bad-payload', refusal, { path: '$.mapEmbed' });
  return url;
}

/**
 * The CSP `frame-src` sources for the policy. `*.example.com` covers subdomains, the
 * apex needs its own entry; IPv6 literals cannot be written as CSP sources and are left
 * out (the core check still refuses other hosts).
 */
export function embedFrameSources(policy: EmbedPolicy): string[] {
  const sources: string[] = [];
  const site = policy.site;
  if (site && 'domain' in site) {
    for (const scheme of ['https', 'http']) sources.push(`${scheme}://${site.domain}:*`, `${scheme}://*.${site.domain}:*`);
  } else if (site && !site.host.startsWith('[')) {
    sources.push(`https://${site.host}:*`, `http://${site.host}:*`);
  }
  return [...sources, ...policy.origins];
}

/** The active profile's policy, read from the core (for the Electron embed view). */
export async function embedPolicyFromCore(core: FleetDeskCore): Promise<EmbedPolicy> {
  const state = await core.handlers['profiles:list']();
  const active = state.profiles.find((p) => p.id === state.activeId);
  return active ? embedPolicy(active) : { site: null, origins: [] };
}
