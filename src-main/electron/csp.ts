/**
 * The Electron app page's Content-Security-Policy: the one builder of core/csp.ts
 * (the web shell sends the same one), with Electron's tile scheme and dev-server socket.
 * No blanket loopback: the demo service's origin comes with its profile, while active.
 *
 * How the page gets it: the built index.html carries no policy of its own (a static
 * meta cannot name the tile server chosen at run time, and a meta and a header
 * intersect). The packaged page is loaded from `file:`, where a response header is not
 * reliably applied, so `appPageHandler` answers the page itself with the policy both
 * as a header and as the first element of <head>; the dev server's page gets the
 * header from the session's onHeadersReceived (main.ts).
 */
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, type CspOrigins } from '../core/csp';
import { isAllowedNavigation } from './navigation';
import { TILE_SCHEME } from './tile-protocol';

export function electronCsp(extra: CspOrigins, devServerUrl?: string): string {
  // Vite's dev server talks to the page over a WebSocket for hot reload.
  let connect: string[] = [];
  if (devServerUrl) {
    try {
      connect = [`ws://${new URL(devServerUrl).host}`];
    } catch {
      connect = [];
    }
  }
  return contentSecurityPolicy({ ...extra, connect, imageSchemes: [`${TILE_SCHEME}:`] });
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with `policy` as a CSP meta placed first in <head>, before anything it governs. */
export function withCspMeta(html: string, policy: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) throw new Error('The app page has no <head> to put its Content-Security-Policy in.');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">${html.slice(at)}`;
}

export interface AppPageHandlerDeps {
  /** The packaged page (`file:` URL of out/renderer/index.html). */
  appUrl: string;
  readFile(path: string): Promise<string>;
  /** The policy for this load (the tile server and profiles may have changed). */
  policy(): Promise<string>;
  /** Every other `file:` request, to Electron's own file handler. */
  forward(request: Request): Promise<Response>;
}

/** For `protocol.handle('file', …)`: the app page with its policy; everything else unchanged. */
export function appPageHandler(deps: AppPageHandlerDeps): (request: Request) => Promise<Response> {
  const appFile = fileURLToPath(deps.appUrl);
  return async (request) => {
    if (!isAllowedNavigation(request.url, deps.appUrl)) return deps.forward(request);
    let policy: string;
    let html: string;
    try {
      [policy, html] = await Promise.all([deps.policy(), deps.readFile(appFile)]);
      html = withCspMeta(html, policy);
    } catch (err) {
      // Never the page without its policy.
      const reason = err instanceof Error ? err.message : String(err);
      return new Response(`Fleet Desk could not prepare its window (${reason}).`, { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    return new Response(html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': policy,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      },
    });
  };
}
