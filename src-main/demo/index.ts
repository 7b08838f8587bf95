import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AssetListRenderer } from './asset-list';
import { handleAempRequest } from './aemp/routes';
import { handleAuthRequest } from './auth/routes';
import type { DemoContext, ResolvedDemoOptions } from './context';
import { EmbedRoutes } from './embed/routes';
import { EmbedSigner } from './embed/signer';
import { FaultState, type FaultSettings } from './faults';
import { handleMainRequest } from './main-routes';
import { sendBody, sendErrorBody, sendJsonBody } from './respond';
import { FleetSimulation } from './sim';
import { TileRenderer } from './tiles/tiles';
import { demoGeography, demoPlaces, type DemoPlace } from './geography';
import { TokenBook } from './tokens';

export type { FaultSettings } from './faults';
export type { DemoContext } from './context';
export type { DemoPlace } from './geography';
export { FleetSimulation } from './sim';
export { TokenBook } from './tokens';

export interface DemoOptions {
  /** 0 / undefined = a free port; always binds 127.0.0.1 */
  port?: number;
  /** default 42 */
  seed?: number;
  /** default 60 */
  assetCount?: number;
  /** embed session cookie life, default 3600 */
  embedSessionSeconds?: number;
  /** default 100 (used by the aemp routes) */
  aempPageSize?: number;
  /** simulation clock in ms, default Date.now */
  now?: () => number;
  /** Stage the alert scenario from the start (sim/scenario.ts); default true. */
  alertScenario?: boolean;
  faults?: Partial<FaultSettings>;
}

export interface RequestRecord {
  method: string;
  /** path and query */
  path: string;
  /** 0 while in flight, or when the connection was dropped without an answer */
  status: number;
}

export interface DemoControls {
  readonly faults: Readonly<FaultSettings>;
  setFaults(partial: Partial<FaultSettings>): void;
  clearFaults(): void;
  /** the most recent requests, oldest first */
  readonly requests: readonly RequestRecord[];
  clearRequests(): void;
}

export interface DemoService {
  origin: string;
  baseUrl: string;
  aempUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  tileUrl: string;
  /** Place names of the demo map, for the app to draw as text over its tiles. */
  places: DemoPlace[];
  clientId: string;
  demoToken: string;
  sim: FleetSimulation;
  tokens: TokenBook;
  controls: DemoControls;
  close(): Promise<void>;
}

export const DEMO_CLIENT_ID = 'fleet-desk-demo';
/** Longer request targets are refused with 414, like a front proxy would. */
export const MAX_REQUEST_TARGET = 2000;
const KEPT_REQUESTS = 500;

function bearerOf(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match ? match[1] : null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the built-in demo service on 127.0.0.1. */
export async function startDemoService(options: DemoOptions = {}): Promise<DemoService> {
  const resolved: ResolvedDemoOptions = {
    port: options.port ?? 0,
    seed: options.seed ?? 42,
    assetCount: options.assetCount ?? 60,
    embedSessionSeconds: options.embedSessionSeconds ?? 3600,
    aempPageSize: options.aempPageSize ?? 100,
  };
  const now = options.now ?? Date.now;
  const sim = new FleetSimulation(resolved.seed, resolved.assetCount, options.alertScenario === false ? {} : { scenarioStart: now() });
  const tokens = new TokenBook(now);
  const faults = new FaultState(resolved.seed, options.faults);
  const signer = new EmbedSigner();
  const requests: RequestRecord[] = [];

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const context: DemoContext = {
    origin,
    sim,
    tokens,
    options: resolved,
    get faults() {
      return faults.settings;
    },
    now,
    sendJson: (res, status, body, headers) => sendJsonBody(res, status, body, faults, headers),
    sendBody: (res, status, contentType, body, headers) => sendBody(res, status, contentType, body, faults, headers),
    sendError: (res, status, code, message, headers) => sendErrorBody(res, status, code, message, headers),
    requireBearer(req, res) {
      const token = bearerOf(req);
      if (tokens.isValid(token)) return true;
      const message = token
        ? 'The access token is invalid, expired or revoked. Sign in again.'
        : 'This request needs an "Authorization: Bearer <access token>" header. Sign in first.';
      sendErrorBody(res, 401, token ? 'invalid_token' : 'unauthorized', message, {
        'www-authenticate': token ? 'Bearer realm="fleet-demo", error="invalid_token"' : 'Bearer realm="fleet-demo"',
      });
      return false;
    },
    embedUrl: (viewPath) => signer.url(origin, viewPath, now()),
  };
  const assets = new AssetListRenderer(sim, signer, origin);
  const embed = new EmbedRoutes(context, signer);
  const geography = demoGeography(sim);
  const tiles = new TileRenderer(geography);

  /** Connection-level faults; true when the request was answered (or dropped) here. */
  async function injectFaults(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const s = faults.settings;
    const delay = s.latencyMs + (s.jitterMs > 0 ? Math.floor(faults.random.next() * s.jitterMs) : 0);
    if (delay > 0) {
      await sleep(delay);
      res.setHeader('x-demo-delay-ms', String(delay));
    }
    if (faults.random.chance(s.resetRate)) {
      req.socket.destroy();
      return true;
    }
    const retryAfter = faults.take429();
    if (retryAfter !== null) {
      sendErrorBody(res, 429, 'rate_limited', `Too many requests. Retry after ${retryAfter} s.`, { 'retry-after': String(retryAfter) });
      return true;
    }
    if (faults.random.chance(s.errorRate)) {
      const status = faults.random.pick([500, 502, 503]);
      sendErrorBody(res, status, 'server_error', `The service had an internal problem (${status}). Try again later.`);
      return true;
    }
    if (s.stallAfterHeaders) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.flushHeaders();
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const record: RequestRecord = { method: req.method ?? '', path: target, status: 0 };
    requests.push(record);
    if (requests.length > KEPT_REQUESTS) requests.splice(0, requests.length - KEPT_REQUESTS);
    res.on('close', () => {
      record.status = res.headersSent ? res.statusCode : 0;
    });

    const url = new URL(target, origin);
    const path = url.pathname;
    if (path.startsWith('/tiles/')) return tiles.handle(req, res, url);
    if (path === '/favicon.ico') {
      res.writeHead(204, { 'cache-control': 'public, max-age=86400' });
      res.end();
      return;
    }
    if (path.startsWith('/embed/')) return embed.handle(req, res, url);
    if (path.startsWith('/oauth/')) {
      if (!handleAuthRequest(req, res, url, context)) sendErrorBody(res, 404, 'not_found', `No such endpoint: ${path}`);
      return;
    }
    const isMain = path === '/v1' || path.startsWith('/v1/');
    const isAemp = path === '/aemp' || path.startsWith('/aemp/');
    if (!isMain && !isAemp) {
      sendErrorBody(res, 404, 'not_found', `No such endpoint: ${path}`);
      return;
    }
    if (await injectFaults(req, res)) return;
    if (target.length > MAX_REQUEST_TARGET) {
      sendErrorBody(res, 414, 'uri_too_long', `The request URL is longer than ${MAX_REQUEST_TARGET} characters. Ask for fewer assets at a time.`);
      return;
    }
    if (req.method !== 'GET') {
      sendErrorBody(res, 405, 'method_not_allowed', `Only GET is supported (got ${req.method}).`, { allow: 'GET' });
      return;
    }
    if (isAemp) {
      if (!context.requireBearer(req, res)) return;
      if (!handleAempRequest(req, res, url, context)) sendErrorBody(res, 404, 'not_found', `No such fleet endpoint: ${path}`);
      return;
    }
    if (!handleMainRequest(req, res, url, context, assets, faults)) sendErrorBody(res, 404, 'not_found', `No such endpoint: ${path}`);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const detail = err instanceof Error ? err.message : String(err);
      sendErrorBody(res, 500, 'server_error', `The demo service failed: ${detail}`);
    });
  });

  const demoToken = tokens.issue().accessToken;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    aempUrl: `${origin}/aemp`,
    authorizeUrl: `${origin}/oauth/authorize`,
    tokenUrl: `${origin}/oauth/token`,
    tileUrl: `${origin}/tiles/{z}/{x}/{y}.png`,
    places: demoPlaces(geography),
    clientId: DEMO_CLIENT_ID,
    demoToken,
    sim,
    tokens,
    controls: {
      get faults() {
        return faults.settings;
      },
      setFaults: (partial) => faults.set(partial),
      clearFaults: () => faults.clear(),
      get requests() {
        return requests;
      },
      clearRequests: () => {
        requests.length = 0;
      },
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
