/**
 * The web shell: serves the built renderer to a browser on 127.0.0.1 and carries the
 * contract over the loopback connection (`POST /api/invoke/<channel>` → `Result`,
 * events over a WebSocket at `/api/events`). Every API call needs the per-launch
 * secret, a Host naming our listener and, when present, our own Origin.
 */
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { AppError, EventChannel, FleetEvents, Result } from '../contract';
import { LIST_EVENTS, LIST_EVENTS_HEADER, SOCKET_HELLO } from '../contract';
import type { FleetDeskCore } from '../core/ports';
import { dispatchInvoke } from '../core/ipc/validate-args';
import { scrubSecrets } from '../core/errors';
import {
  EVENTS_PROTOCOL,
  SECRET_HEADER,
  webShellCsp,
  hostAllowed,
  newSecret,
  originAllowed,
  secretFromProtocols,
  secretMatches,
  tileKeyFor,
} from './security';
import { parseTileAddress, tilePathParts } from '../core/tiles/tile-address';
import { TILE_IMAGE_NAMES, tileImageType } from '../core/tiles/tile-image';
import { cspOriginsFromCore, NOT_A_PAGE_HEADERS, type CspOrigins } from '../core/csp';
import { isAppPage, mimeType, resolveStaticFile } from './static-files';
import { asBuffer, isSerializedCore } from '../app/core-thread/serialized';
import { watchPagePolicy } from './page-policy-watch';

export interface WebShellOptions {
  core: FleetDeskCore;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tests pass a fixed secret; otherwise 32 random bytes. */
  secret?: string;
  /** Extra CSP sources for tiles and embed maps; by default read from the core's settings and profiles. */
  allowedOrigins?: () => Promise<CspOrigins> | CspOrigins;
  /** Where to report unexpected server faults (already scrubbed). */
  log?: (message: string) => void;
}

export interface WebShell {
  url: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
const API_INVOKE = '/api/invoke/';
const API_EVENTS = '/api/events';
const API_TILES = '/api/tiles/';

/**
 * Sent with every answer, set once where each request comes in: only the app page
 * replaces the policy of NOT_A_PAGE_HEADERS with its own, so a route that forgets its
 * headers still cannot become a page in the app's origin.
 */
const BASE_HEADERS = {
  ...NOT_A_PAGE_HEADERS,
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/**
 * Sends JSON text, or its UTF-8 bytes as the core's worker wrote them, as they are: in one
 * piece, or in parts written one after another (never joined into a copy here).
 */
function sendJsonText(res: ServerResponse, status: number, json: string | Uint8Array | readonly Uint8Array[], extra: Record<string, string> = {}): void {
  const parts = typeof json === 'string' ? null : json instanceof Uint8Array ? [json] : json;
  res.writeHead(status, {
    ...extra,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': parts ? parts.reduce((n, part) => n + part.byteLength, 0) : Buffer.byteLength(json as string),
    'Cache-Control': 'no-store',
  });
  if (!parts) return void res.end(json);
  for (const part of parts.slice(0, -1)) res.write(asBuffer(part));
  res.end(parts.length > 0 ? asBuffer(parts[parts.length - 1]) : undefined);
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  sendJsonText(res, status, JSON.stringify(body), extra);
}

function sendError(res: ServerResponse, status: number, error: AppError): void {
  const body: Result<never> = { ok: false, error };
  sendJson(res, status, body);
}

const FORBIDDEN: AppError = {
  kind: 'forbidden',
  message: 'Fleet Desk refused this request: open the address Fleet Desk printed when it started (it carries the access key).',
};

/** Reads a request body up to a limit; null when it is larger. */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const { rendererDir } = options;
  const secret = options.secret ?? newSecret();
  const log = options.log ?? ((message: string) => console.error(message));
  // The policy each page is served with is remembered; a profile switch it does not cover asks the page to reload.
  const { core, allowedOrigins } = watchPagePolicy(options.core, options.allowedOrigins ?? (() => cspOriginsFromCore(options.core)));
  let port = 0;

  const requestAllowed = (req: IncomingMessage) => hostAllowed(req.headers.host, port) && originAllowed(req.headers.origin, req.headers.host, port);

  async function handleInvoke(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendError(res, 405, { kind: 'bad-request', message: 'Fleet Desk calls use POST.' });
    }
    if (!secretMatches(secret, req.headers[SECRET_HEADER])) return sendError(res, 403, FORBIDDEN);
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return sendError(res, 415, { kind: 'invalid-argument', message: 'Fleet Desk calls must send JSON.' });
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) return sendError(res, 413, { kind: 'invalid-argument', message: 'The request is larger than Fleet Desk accepts (2 MB).' });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return sendError(res, 400, { kind: 'invalid-argument', message: `"${channel}": the request body is not valid JSON.` });
    }
    const args = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as { args?: unknown }).args : undefined;
    // The core in its worker answers with the Result's JSON, passed on unparsed; an answer
    // the main thread holds (the asset list) goes out from its parts without a copy.
    // The count is read once the answer is here: list events counted were sent before it was made.
    if (isSerializedCore(core)) {
      const answer = core.heldAnswer?.(channel, args) ?? (await core.invokeSerialized(channel, args));
      return sendJsonText(res, 200, answer, listEventsHeader());
    }
    sendJson(res, 200, await dispatchInvoke(core.handlers, channel, args), listEventsHeader());
  }

  const tileKey = tileKeyFor(secret);
  core.tiles?.setRoute(`${API_TILES}${tileKey}/{z}/{x}/{y}.png`);

  /** `GET /api/tiles/<key>/<z>/<x>/<y>.png`: a map tile through the core (cached for offline use). */
  async function handleTile(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
    const text = (status: number, message: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
      res.end(message);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Map tiles are read with GET.', { Allow: 'GET, HEAD' });
    const slash = rest.indexOf('/');
    if (!secretMatches(tileKey, slash === -1 ? rest : rest.slice(0, slash))) return sendError(res, 403, FORBIDDEN);
    const parts = tilePathParts(rest.slice(slash));
    const address = parts ? parseTileAddress(...parts) : null;
    if (!address) return text(404, 'No such map tile.');
    if (!core.tiles) return text(404, 'This Fleet Desk has no base map.');
    const answer = await core.tiles.tile(address);
    if (answer.status !== 200 || !answer.body) return text(answer.status, answer.message ?? 'No map tile.');
    // One image type, read from the bytes: never a label the tile server chose.
    const type = tileImageType(answer.body);
    if (!type) return text(502, `The map tile is not a ${TILE_IMAGE_NAMES} image.`);
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': String(answer.body.length),
      'Cache-Control': answer.maxAgeSec > 0 ? `private, max-age=${answer.maxAgeSec}` : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const file = await resolveStaticFile(rendererDir, pathname);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    const type = mimeType(file);
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
    if (await isAppPage(rendererDir, file)) {
      let extra: CspOrigins = { images: [], frames: [] };
      try {
        extra = await allowedOrigins();
      } catch {
        // Fall back to the page's own sources only: the app runs; service images and embeds wait for a reload.
      }
      headers['Content-Security-Policy'] = webShellCsp(port, extra);
      headers['X-Frame-Options'] = 'DENY';
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!requestAllowed(req)) return sendError(res, 403, FORBIDDEN);
    const pathname = (req.url ?? '/').split('?')[0].split('#')[0];
    if (pathname.startsWith(API_INVOKE)) {
      let channel: string;
      try {
        channel = decodeURIComponent(pathname.slice(API_INVOKE.length));
      } catch {
        return sendError(res, 400, { kind: 'invalid-argument', message: 'The request name is malformed.' });
      }
      return handleInvoke(req, res, channel);
    }
    if (pathname.startsWith(API_TILES)) return handleTile(req, res, pathname.slice(API_TILES.length));
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return sendError(res, 404, { kind: 'not-found', message: 'Fleet Desk has no such request.' });
    }
    return handleStatic(req, res, pathname);
  }

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
    handle(req, res).catch((err: unknown) => {
      log(scrubSecrets(`Fleet Desk web shell: ${err instanceof Error ? err.message : String(err)}`));
      if (!res.headersSent) sendError(res, 500, { kind: 'internal', message: 'Fleet Desk hit an unexpected error answering this request.' });
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    handleProtocols: (protocols) => (protocols.has(EVENTS_PROTOCOL) ? EVENTS_PROTOCOL : false),
  });
  const clients = new Set<WebSocket>();

  function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
    const body = JSON.stringify({ ok: false, error: FORBIDDEN });
    const headers = Object.entries({ ...BASE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== API_EVENTS) return refuseUpgrade(socket, 404, 'Not Found');
    const protocols = req.headers['sec-websocket-protocol'];
    if (!requestAllowed(req) || !secretMatches(secret, secretFromProtocols(typeof protocols === 'string' ? protocols : undefined))) {
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      // From here on every event reaches this page; the count tells it which it missed before.
      ws.send(JSON.stringify({ name: SOCKET_HELLO, payload: { listEvents: listEventsSent } }));
      ws.on('close', () => clients.delete(ws));
      ws.on('error', () => clients.delete(ws));
      // The renderer only listens; anything it sends is ignored.
    });
  });

  /** List events sent so far (to no page, too): see LIST_EVENTS_HEADER. */
  let listEventsSent = 0;
  const countListEvent = (name: string) => {
    if ((LIST_EVENTS as readonly string[]).includes(name)) listEventsSent++;
  };
  const listEventsHeader = () => ({ [LIST_EVENTS_HEADER]: String(listEventsSent) });

  /** The pages listening now; with none, an event costs nothing here. */
  const openClients = (): WebSocket[] => [...clients].filter((ws) => ws.readyState === ws.OPEN);
  const unsubscribe = isSerializedCore(core)
    ? // The worker wrote the message's JSON once; it goes on the socket as it is (a text frame).
      core.subscribeSerialized((name, json) => {
        countListEvent(name);
        const open = openClients();
        if (open.length === 0) return;
        const data = asBuffer(json);
        for (const ws of open) ws.send(data, { binary: false });
      })
    : core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
        countListEvent(name);
        const open = openClients();
        if (open.length === 0) return;
        let text: string;
        try {
          text = JSON.stringify({ name, payload });
        } catch (err) {
          log(scrubSecrets(`Fleet Desk web shell: could not send the "${name}" event: ${err instanceof Error ? err.message : String(err)}`));
          return;
        }
        for (const ws of open) ws.send(text);
      });

  try {
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolvePromise();
      });
    });
  } catch (err) {
    unsubscribe();
    throw err;
  }
  port = (server.address() as AddressInfo).port;

  let closed: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}/#secret=${secret}`,
    port,
    secret,
    close() {
      closed ??= (async () => {
        unsubscribe();
        for (const ws of clients) ws.terminate();
        clients.clear();
        await new Promise<void>((r) => wss.close(() => r()));
        await new Promise<void>((r) => {
          server.close(() => r());
          server.closeAllConnections();
        });
      })();
      return closed;
    },
  };
}
