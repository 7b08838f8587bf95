/**
 * The base map behind the asset markers, served by the main side, so the page never fetches tiles itself.
 * The renderer's tile layer points at a shell route (web: a loopback path with a key;
 * Electron: a custom protocol); each tile comes from here:
 *
 * - the demo profile gets the demo service's own map (drawn from its simulation);
 * - other profiles get the tile server of the settings (OpenStreetMap by default),
 *   fetched with a User-Agent naming Fleet Desk and never with a token or cookie;
 * - tiles viewed online are kept in a bounded cache (tile-cache.ts) as the server's
 *   cache headers allow, revalidated with ETag/Last-Modified when stale, and served
 *   stale when the server cannot be reached, so the map works offline where it was seen.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { TileUrlSchema, type BaseMap, type MapPlace, type Settings } from '../../contract';
import { cachePolicy } from './cache-policy';
import { upstreamTileUrl, type TileAddress } from './tile-address';
import type { CachedTile, TileCache } from './tile-cache';
import { TILE_IMAGE_NAMES, tileImageType, type TileImageType } from './tile-image';
import { parseUrl } from '../http/parse-url';
import { readBytes } from '../http/read-body';
import { MAX_REDIRECTS, REDIRECT_STATUSES, sameOriginTarget } from '../http/same-origin-redirect';

/** What a shell sends back for one tile request. */
export interface TileAnswer {
  status: 200 | 404 | 502 | 504;
  body: Buffer | null;
  /** Read from the tile's bytes ('' with no body); the shells send no other type. */
  contentType: TileImageType | '';
  /** Seconds the browser may keep it (0: ask again). */
  maxAgeSec: number;
  /** Where it came from, for tests and logs. */
  source: 'network' | 'cache' | 'stale' | 'none';
  /** Why there is no tile, for people (never shown on the map itself). */
  message?: string;
}

/** The part of the core a shell's tile route needs. */
export interface TileProvider {
  tile(address: TileAddress): Promise<TileAnswer>;
  /** The route template ({z}/{x}/{y}) the renderer loads tiles from; the shell sets it before the page loads. */
  setRoute(route: string): void;
}

export interface TileServiceOptions {
  cache: TileCache;
  settings: () => Settings;
  /** True while the active profile is the built-in demo service. */
  demo: () => boolean;
  /** The demo service's own tiles and place names; null while it is not running. */
  demoMap: () => { tileUrl: string; places: MapPlace[] } | null;
  /** Sent as User-Agent to every tile server. */
  userAgent: string;
  /** The shell's tile route template for the renderer ({z}/{x}/{y}); '' until a shell sets one (setRoute). */
  route?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Per-request timeout. */
  timeoutMs?: number;
}

/** Largest tile accepted from a server. */
export const MAX_TILE_BYTES = 1024 * 1024;
/** After a tile server could not be reached, tiles come only from the cache for this long. */
export const UNREACHABLE_PAUSE_MS = 15_000;
/** Requests to one tile server at once (the rest wait their turn). */
export const MAX_PARALLEL_FETCHES = 4;
export const DEMO_ATTRIBUTION = 'Fleet Desk demo map (simulated)';

interface Source {
  kind: BaseMap['kind'];
  template: string;
  attribution: string;
  host: string;
  places: MapPlace[];
  /** The demo map is drawn in-process: nothing to keep offline. */
  cacheable: boolean;
}

function hostOf(template: string): string {
  return parseUrl(template.replace(/\{[a-z]+\}/gi, 'a'))?.host ?? '';
}

class Unreachable extends Error {}

/** The tile server answered with a redirect Fleet Desk does not follow; the message says why. */
class RefusedRedirect extends Error {}

export class TileService implements TileProvider {
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private route: string;
  private readonly inFlight = new Map<string, Promise<TileAnswer>>();
  private readonly unreachableUntil = new Map<string, number>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: TileServiceOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.route = options.route ?? '';
  }

  /** The shell's route for the renderer (set once the shell knows it). */
  setRoute(route: string): void {
    this.route = route;
  }

  private source(): Source {
    const demoMap = this.options.demo() ? this.options.demoMap() : null;
    if (demoMap) {
      return { kind: 'demo', template: demoMap.tileUrl, attribution: DEMO_ATTRIBUTION, host: '', places: demoMap.places, cacheable: false };
    }
    const { tileUrl, tileAttribution } = this.options.settings();
    if (!tileUrl) return { kind: 'none', template: '', attribution: '', host: '', places: [], cacheable: false };
    return { kind: 'server', template: tileUrl, attribution: tileAttribution, host: hostOf(tileUrl), places: [], cacheable: true };
  }

  /** What the renderer draws: the route to load tiles from, the attribution and labels. */
  baseMap(): BaseMap {
    const s = this.source();
    if (s.kind === 'none' || !this.route) return { kind: s.kind, url: '', attribution: s.attribution, host: s.host, places: s.places };
    // A new server gives a new address, so neither Leaflet nor the browser shows the old one's tiles.
    const revision = createHash('sha256').update(`${s.kind}\n${s.template}`).digest('hex').slice(0, 12);
    const joiner = this.route.includes('?') ? '&' : '?';
    return { kind: s.kind, url: `${this.route}${joiner}v=${revision}`, attribution: s.attribution, host: s.host, places: s.places };
  }

  async tile(address: TileAddress): Promise<TileAnswer> {
    const source = this.source();
    if (source.kind === 'none') return { status: 404, body: null, contentType: '', maxAgeSec: 0, source: 'none', message: 'No base map is set.' };
    // Settings are checked when saved and read; this holds the rule for any other way in.
    const template = v.safeParse(TileUrlSchema, source.template);
    if (!template.success) return { status: 404, body: null, contentType: '', maxAgeSec: 0, source: 'none', message: template.issues[0].message };
    const key = `${source.template}\n${address.z}/${address.x}/${address.y}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.load(source, address).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private async load(source: Source, address: TileAddress): Promise<TileAnswer> {
    const { cache } = this.options;
    const { z, x, y } = address;
    const kept = source.cacheable ? this.keptImage(source.template, address) : null;
    const now = this.now();
    if (kept && kept.freshUntil > now) return this.answer(kept.body, kept.type, 'cache', kept.freshUntil);
    const stale = (message: string): TileAnswer =>
      kept ? this.answer(kept.body, kept.type, 'stale', 0) : { status: 504, body: null, contentType: '', maxAgeSec: 0, source: 'none', message };
    const failed = (message: string): TileAnswer => {
      const answer = stale(message);
      return answer.status === 504 ? { ...answer, status: 502 } : answer;
    };
    if ((this.unreachableUntil.get(source.template) ?? 0) > now) {
      return stale(`${source.host || 'The tile server'} could not be reached a moment ago, and this part of the map was never viewed online.`);
    }

    let res: Response;
    try {
      res = await this.request(upstreamTileUrl(source.template, address), kept);
    } catch (err) {
      if (err instanceof RefusedRedirect) return failed(`${source.host || 'The tile server'} ${err.message.replace('{tile}', `${z}/${x}/${y}`)}`);
      this.unreachableUntil.set(source.template, this.now() + UNREACHABLE_PAUSE_MS);
      return stale(`${source.host || 'The tile server'} cannot be reached, and this part of the map was never viewed online.`);
    }
    this.unreachableUntil.delete(source.template);
    const header = (name: string) => res.headers.get(name);
    const at = this.now();

    if (res.status === 304 && kept) {
      await res.body?.cancel().catch(() => undefined);
      const policy = cachePolicy(header, at);
      if (!policy.store) {
        cache.remove(source.template, z, x, y);
        return this.answer(kept.body, kept.type, 'network', 0);
      }
      cache.revalidated(source.template, z, x, y, { freshUntil: policy.freshUntil, etag: policy.etag, lastModified: policy.lastModified, at });
      return this.answer(kept.body, kept.type, 'cache', policy.freshUntil);
    }
    if (res.status === 404) {
      await res.body?.cancel().catch(() => undefined);
      return { status: 404, body: null, contentType: '', maxAgeSec: 0, source: 'none', message: `${source.host || 'The tile server'} has no tile ${z}/${x}/${y}.` };
    }
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => undefined);
      return failed(`${source.host || 'The tile server'} answered ${res.status} for tile ${z}/${x}/${y}.`);
    }
    // The server's Content-Type is not believed: the bytes say what the tile is.
    const body = await readBytes(res, MAX_TILE_BYTES, 'fail').catch(() => null);
    const type = tileImageType(body);
    if (!body || !type) {
      return failed(`${source.host || 'The tile server'} sent something other than a ${TILE_IMAGE_NAMES} image of at most 1 MB for tile ${z}/${x}/${y}.`);
    }
    const policy = cachePolicy(header, at);
    if (source.cacheable) {
      if (policy.store) {
        cache.put({ server: source.template, z, x, y, body, contentType: type, etag: policy.etag, lastModified: policy.lastModified, fetchedAt: at, freshUntil: policy.freshUntil });
      } else {
        cache.remove(source.template, z, x, y);
      }
    }
    return this.answer(body, type, 'network', policy.store ? policy.freshUntil : 0);
  }

  /**
   * The kept copy of a tile with its type read from its bytes; a copy that is no image (a
   * cache written by an older Fleet Desk, which believed the server's label) is dropped.
   */
  private keptImage(server: string, { z, x, y }: TileAddress): (CachedTile & { type: TileImageType }) | null {
    const kept = this.options.cache.get(server, z, x, y);
    if (!kept) return null;
    const type = tileImageType(kept.body);
    if (type) return { ...kept, type };
    this.options.cache.remove(server, z, x, y);
    return null;
  }

  private answer(body: Buffer, contentType: TileImageType, source: TileAnswer['source'], freshUntil: number): TileAnswer {
    // The browser may keep a fresh tile a little while; past that it asks the main side again.
    const maxAgeSec = Math.max(0, Math.min(300, Math.floor((freshUntil - this.now()) / 1000)));
    return { status: 200, body, contentType, maxAgeSec, source };
  }

  /**
   * One GET to the tile server: our User-Agent, validators when revalidating, no
   * credentials ever. Redirects are followed by hand, within the tile server's origin and
   * at most MAX_REDIRECTS times (the rule of every request Fleet Desk sends by itself):
   * another site could be a page on this machine, and its answer would be kept as a tile.
   */
  private async request(url: string, kept: { etag: string | null; lastModified: string | null } | null): Promise<Response> {
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent, accept: 'image/png,image/*;q=0.8' };
    if (kept?.etag) headers['if-none-match'] = kept.etag;
    if (kept?.lastModified) headers['if-modified-since'] = kept.lastModified;
    await this.turn();
    try {
      const signal = AbortSignal.timeout(this.timeoutMs);
      let at = url;
      for (let redirects = 0; ; redirects++) {
        let res: Response;
        try {
          res = await this.fetch(at, { headers, redirect: 'manual', credentials: 'omit', signal });
        } catch (err) {
          throw new Unreachable(err instanceof Error ? err.message : String(err));
        }
        if (!REDIRECT_STATUSES.has(res.status)) return res;
        await res.body?.cancel().catch(() => undefined);
        const next = sameOriginTarget(res.headers.get('location'), at);
        if ('refused' in next) {
          throw new RefusedRedirect(`redirected tile {tile} to another site (${next.refused}); Fleet Desk follows tile redirects only within the tile server.`);
        }
        if (redirects >= MAX_REDIRECTS) throw new RefusedRedirect(`redirected tile {tile} more than ${MAX_REDIRECTS} times; Fleet Desk stopped following.`);
        at = next.url;
      }
    } finally {
      this.release();
    }
  }

  private async turn(): Promise<void> {
    if (this.active < MAX_PARALLEL_FETCHES) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next(); // the slot passes straight on
    else this.active--;
  }
}

/**
 * The User-Agent sent to tile servers, as OpenStreetMap's tile policy asks: the app
 * and its version, and a contact when the operator set one (FLEET_TILE_CONTACT: an
 * e-mail address or web page; printable text only, at most 200 characters).
 */
export function tileUserAgent(version: string, contact: string | undefined): string {
  const clean = contact?.trim() ?? '';
  const usable = /^[\x20-\x7e]{1,200}$/.test(clean) && !/[()]/.test(clean);
  return usable ? `FleetDesk/${version} (+${clean})` : `FleetDesk/${version} (desktop fleet dispatch app)`;
}
