import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DemoContext } from '../context';
import { EMBED_CSP, expiredLinkHtml, MAP_CSS, MAP_JS, mapPageHtml } from './page';
import type { EmbedSigner } from './signer';

export const EMBED_COOKIE = 'fd_embed';

export type EmbedView = { kind: 'branch' } | { kind: 'subset'; assetIds: string[] } | { kind: 'focus'; assetIds: string[] };

interface EmbedSession {
  view: EmbedView;
  expiresAt: number;
}

/** Reads the view from a signed view path such as `/embed/map#assets=thing:1,thing:2`. */
export function parseView(viewPath: string): EmbedView | null {
  const [path, fragment = ''] = viewPath.split('#', 2);
  if (path !== '/embed/map') return null;
  if (fragment === '') return { kind: 'branch' };
  const params = new URLSearchParams(fragment);
  const focus = params.get('focus');
  if (focus) return { kind: 'focus', assetIds: [focus] };
  const assets = params.get('assets');
  if (assets) return { kind: 'subset', assetIds: assets.split(',').filter(Boolean) };
  return null;
}

function leafletDist(): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('leaflet/package.json')), 'dist');
  } catch {
    return join(process.cwd(), 'node_modules', 'leaflet', 'dist');
  }
}

const STATIC_TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', png: 'image/png' };

/** `/embed/auth`, the map page, its data and its static files. */
export class EmbedRoutes {
  private readonly sessions = new Map<string, EmbedSession>();
  private readonly staticFiles = new Map<string, Buffer>();

  constructor(
    private readonly demo: DemoContext,
    private readonly signer: EmbedSigner,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET') {
      this.send(res, 405, 'text/plain; charset=utf-8', 'Only GET is supported.', { allow: 'GET' });
      return;
    }
    const path = url.pathname;
    if (path === '/embed/auth') return this.openSession(req, res, url);
    if (path === '/embed/map') return this.send(res, 200, 'text/html; charset=utf-8', mapPageHtml());
    if (path === '/embed/data') return this.data(req, res);
    if (path === '/embed/static/map.js') return this.send(res, 200, STATIC_TYPES.js, MAP_JS);
    if (path === '/embed/static/map.css') return this.send(res, 200, STATIC_TYPES.css, MAP_CSS);
    const leaflet = /^\/embed\/static\/leaflet\/((?:images\/)?[a-z0-9-]+\.(js|css|png))$/.exec(path);
    if (leaflet) return this.leafletFile(res, leaflet[1], leaflet[2]);
    this.send(res, 404, 'text/plain; charset=utf-8', 'Not found.');
  }

  private async openSession(_req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const viewPath = url.searchParams.get('req') ?? '';
    const jws = url.searchParams.get('jws') ?? '';
    let signedView: string;
    try {
      signedView = await this.signer.verify(jws, this.demo.now());
    } catch {
      this.send(res, 401, 'text/html; charset=utf-8', expiredLinkHtml('This map link has expired or is not valid.'));
      return;
    }
    const view = parseView(viewPath);
    if (signedView !== viewPath || !view) {
      this.send(res, 401, 'text/html; charset=utf-8', expiredLinkHtml('This map link was changed after it was issued.'));
      return;
    }
    this.pruneSessions();
    const id = randomBytes(24).toString('base64url');
    const lifeSec = this.demo.options.embedSessionSeconds;
    this.sessions.set(id, { view, expiresAt: this.demo.now() + lifeSec * 1000 });
    res.writeHead(302, {
      location: viewPath,
      'set-cookie': `${EMBED_COOKIE}=${id}; Path=/embed; Max-Age=${lifeSec}; HttpOnly; SameSite=Lax`,
      'cache-control': 'no-store',
      'content-length': '0',
    });
    res.end();
  }

  private session(req: IncomingMessage): EmbedSession | null {
    const cookies = req.headers.cookie ?? '';
    const match = new RegExp(`(?:^|;\\s*)${EMBED_COOKIE}=([A-Za-z0-9_-]+)`).exec(cookies);
    const session = match ? this.sessions.get(match[1]) : undefined;
    if (!session || this.demo.now() >= session.expiresAt) return null;
    return session;
  }

  private data(req: IncomingMessage, res: ServerResponse): void {
    const session = this.session(req);
    if (!session) {
      this.send(res, 401, 'application/json; charset=utf-8', JSON.stringify({ error: 'session_expired', message: 'Map session expired. Request a new map.' }));
      return;
    }
    const now = this.demo.now();
    const sim = this.demo.sim;
    const units = session.view.kind === 'branch' ? sim.equipment : session.view.assetIds.map((id) => sim.equipmentById(id)).filter((u) => u !== undefined);
    const assets = units
      .filter((u) => u.hasMetrics && u.hasGps)
      .map((u) => {
        const s = sim.stateAt(u, now);
        return { assetId: u.assetId, name: u.name, category: u.category, lat: s.lat, lng: s.lng, inMotion: s.inMotion, speedKmh: s.speedKmh, heading: s.heading };
      });
    const body = { view: { kind: session.view.kind, assetIds: session.view.kind === 'branch' ? [] : session.view.assetIds }, expiresInSec: Math.ceil((session.expiresAt - now) / 1000), assets };
    this.send(res, 200, 'application/json; charset=utf-8', JSON.stringify(body));
  }

  private leafletFile(res: ServerResponse, file: string, ext: string): void {
    let content = this.staticFiles.get(file);
    if (!content) {
      try {
        content = readFileSync(join(leafletDist(), file));
      } catch {
        this.send(res, 404, 'text/plain; charset=utf-8', 'Not found.');
        return;
      }
      this.staticFiles.set(file, content);
    }
    this.send(res, 200, STATIC_TYPES[ext], content, { 'cache-control': 'public, max-age=3600' });
  }

  private pruneSessions(): void {
    const now = this.demo.now();
    for (const [id, s] of this.sessions) if (now >= s.expiresAt) this.sessions.delete(id);
  }

  private send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
    const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    res.writeHead(status, {
      'content-type': type,
      'content-length': String(payload.length),
      'content-security-policy': EMBED_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(payload);
  }
}
