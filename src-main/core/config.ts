import { readEmbedOrigin } from '../contract';
import { FleetError, registerSecret } from './errors';

export interface EnvConfig {
  /** Main interface prefix without a trailing slash; ends in /v1. */
  baseUrl?: string;
  aempUrl?: string;
  token?: string;
  webPort?: number;
  /** Embed map origins of the environment's profile, each once. */
  embedOrigins?: string[];
  /** True when no service is configured: the built-in demo service is used. */
  demo: boolean;
}

function httpUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FleetError('invalid-argument', `${name} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FleetError('invalid-argument', `${name} must start with http:// or https://`);
  if (url.username || url.password) throw new FleetError('invalid-argument', `${name} must not contain a user name or password`);
  if (url.search || url.hash) throw new FleetError('invalid-argument', `${name} must not have a query or fragment`);
  return url;
}

const trimSlash = (s: string): string => s.replace(/\/+$/, '');

/**
 * FLEET_EMBED_ORIGINS (space- or comma-separated) as origins, each once. An entry that is
 * not one exact origin is refused by name rather than left out: the list widens the
 * page's frame-src, and a typo should not pass unnoticed.
 */
export function readEnvEmbedOrigins(raw: string | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of (raw ?? '').split(/[\s,]+/)) {
    if (entry === '') continue;
    const read = readEmbedOrigin(entry);
    if ('problem' in read) throw new FleetError('invalid-argument', `FLEET_EMBED_ORIGINS: ${read.problem}`);
    origins.add(read.origin);
  }
  return [...origins];
}

/** Reads FLEET_BASE_URL, FLEET_AEMP_URL, FLEET_TOKEN, FLEET_WEB_PORT and FLEET_EMBED_ORIGINS; throws 'invalid-argument' naming the variable. */
export function readEnvConfig(env: Record<string, string | undefined>): EnvConfig {
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const out: EnvConfig = { demo: true };

  const base = get('FLEET_BASE_URL');
  if (base) {
    const url = httpUrl('FLEET_BASE_URL', base);
    const path = trimSlash(url.pathname);
    if (!path.endsWith('/v1')) throw new FleetError('invalid-argument', 'FLEET_BASE_URL must end in /v1 (the main interface prefix)');
    out.baseUrl = `${url.origin}${path}`;
    out.demo = false;
  }
  const aemp = get('FLEET_AEMP_URL');
  if (aemp) {
    const url = httpUrl('FLEET_AEMP_URL', aemp);
    out.aempUrl = `${url.origin}${trimSlash(url.pathname)}`;
  }
  const token = get('FLEET_TOKEN');
  if (token) {
    if (/\s/.test(token)) throw new FleetError('invalid-argument', 'FLEET_TOKEN must not contain spaces');
    registerSecret(token);
    out.token = token;
  }
  const port = get('FLEET_WEB_PORT');
  if (port) {
    if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new FleetError('invalid-argument', 'FLEET_WEB_PORT must be a port number between 0 and 65535');
    out.webPort = Number(port);
  }
  const embedOrigins = get('FLEET_EMBED_ORIGINS');
  if (embedOrigins) out.embedOrigins = readEnvEmbedOrigins(embedOrigins);
  return out;
}
