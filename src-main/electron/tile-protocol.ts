/**
 * Map tiles for the Electron window: `fleet-tiles://tiles/{z}/{x}/{y}.png`, handled on
 * the app's own session (embed views live on another partition and cannot reach it),
 * answered by the core's tile service (fetched with Fleet Desk's User-Agent, cached for
 * offline use). The page's CSP allows images from this scheme and not the tile server.
 */
import type { Protocol, Session } from 'electron';
import { NOT_A_PAGE_HEADERS } from '../core/csp';
import { parseTileAddress, tilePathParts } from '../core/tiles/tile-address';
import { TILE_IMAGE_NAMES, tileImageType } from '../core/tiles/tile-image';
import type { TileProvider } from '../core/tiles/tile-service';

export const TILE_SCHEME = 'fleet-tiles';
const TILE_HOST = 'tiles';
export const TILE_ROUTE = `${TILE_SCHEME}://${TILE_HOST}/{z}/{x}/{y}.png`;

/**
 * Must run before the app is ready (pass electron's `protocol`): a standard scheme gets
 * proper URL parsing, a secure one no mixed-content blocks.
 */
export function registerTileScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: TILE_SCHEME, privileges: { standard: true, secure: true } }]);
}

/** Opened as a document (a tile in a new window), no answer of this scheme can run anything. */
const BASE_HEADERS = NOT_A_PAGE_HEADERS;

function text(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra } });
}

/** The protocol handler; `tiles` is read at each request (the core starts after the window's session is set up). */
export function tileProtocolHandler(tiles: () => TileProvider | undefined): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Map tiles are read with GET.', { allow: 'GET, HEAD' });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return text(404, 'No such map tile.');
    }
    const parts = url.protocol === `${TILE_SCHEME}:` && url.host === TILE_HOST && !url.username && !url.password ? tilePathParts(url.pathname) : null;
    const address = parts ? parseTileAddress(...parts) : null;
    const provider = tiles();
    if (!address || !provider) return text(404, 'No such map tile.');
    const answer = await provider.tile(address);
    if (answer.status !== 200 || !answer.body) return text(answer.status, answer.message ?? 'No map tile.');
    // One image type, read from the bytes: never a label the tile server chose.
    const type = tileImageType(answer.body);
    if (!type) return text(502, `The map tile is not a ${TILE_IMAGE_NAMES} image.`);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(answer.body), {
      status: 200,
      headers: {
        ...BASE_HEADERS,
        'content-type': type,
        'cache-control': answer.maxAgeSec > 0 ? `private, max-age=${answer.maxAgeSec}` : 'no-cache',
      },
    });
  };
}

/** Handles the scheme on `session` and tells the core the route the renderer loads tiles from. */
export function installTileProtocol(session: Pick<Session, 'protocol'>, tiles: TileProvider | undefined): void {
  session.protocol.handle(TILE_SCHEME, tileProtocolHandler(() => tiles));
  tiles?.setRoute(TILE_ROUTE);
}
