/**
 * Credentials pinned to their origins, redirects checked, over real HTTP on 127.0.0.1: a service that redirects or
 * links to another origin (another port, or `localhost` for the same port) never gets
 * Fleet Desk to send anything there. The "collector" server stands for the attacker's
 * host: it must see no request at all (so certainly no Authorization header). Putting
 * fetch's own redirect following back in the client, the probe or the token endpoint
 * POST makes these tests fail: the collector would be asked.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probeConnection } from '../../../src-main/core/auth/probe';
import { refreshTokens } from '../../../src-main/core/auth/oauth';
import { AempClient } from '../../../src-main/core/aemp/aemp-client';
import { createHttpClient } from '../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../fixtures/http/pinned-token-source';
import { failure } from '../../fixtures/failure';

const TOKEN = 'pinned-integration-token-0123456789';
const REFRESH = 'pinned-refresh-token-9876543210';
const SECRET = 'pinned-client-secret-abcdefghij';

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

interface Recorder {
  server: Server;
  origin: string;
  port: number;
  seen: Seen[];
}

async function start(route: (req: IncomingMessage, res: ServerResponse, origin: string) => void): Promise<Recorder> {
  const rec = { seen: [] as Seen[] } as Recorder;
  rec.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      rec.seen.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? null, body });
      route(req, res, rec.origin);
    });
  });
  await new Promise<void>((resolve) => rec.server.listen(0, '127.0.0.1', resolve));
  rec.port = (rec.server.address() as AddressInfo).port;
  rec.origin = `http://127.0.0.1:${rec.port}`;
  return rec;
}

async function stop(rec: Recorder): Promise<void> {
  rec.server.closeAllConnections();
  await new Promise<void>((resolve) => rec.server.close(() => resolve()));
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const redirect = (res: ServerResponse, status: number, location: string) => {
  res.writeHead(status, { location });
  res.end();
};

let service: Recorder;
let collector: Recorder;

beforeAll(async () => {
  collector = await start((_req, res) => json(res, 200, [{ assetId: 'thing:666', type: 'thing', name: 'stolen' }]));
  service = await start((req, res, origin) => {
    const path = req.url ?? '/';
    const unit = (id: string) => ({ EquipmentHeader: { EquipmentID: id } });
    switch (path) {
      case '/v1/away':
        return redirect(res, 302, `${collector.origin}/steal`);
      case '/v1/alias':
        return redirect(res, 307, `http://localhost:${service.port}/v1/ok`);
      case '/v1/old':
        return redirect(res, 301, '/v1/ok');
      case '/v1/ok':
        return json(res, 200, []);
      case '/probe-away/v1/branch/current/assets':
        return redirect(res, 302, `${collector.origin}/v1/branch/current/assets`);
      case '/probe-moved/v1/branch/current/assets':
        return redirect(res, 308, '/probe-here/v1/branch/current/assets');
      case '/probe-here/v1/branch/current/assets':
        return json(res, req.headers.authorization === `Bearer ${TOKEN}` ? 200 : 401, []);
      case '/token-away':
        return redirect(res, 307, `${collector.origin}/token`);
      case '/token-moved':
        return redirect(res, 308, '/token');
      case '/token':
        return json(res, 200, { access_token: 'fresh-access-token-000111', token_type: 'Bearer', expires_in: 3600 });
      case '/aemp/api/v2/Fleet/1':
        // `links` / `Rel` / `Href` spelled as some feeds do.
        return json(res, 200, {
          Version: '2',
          links: [
            { Rel: 'Self', Href: `${origin}/aemp/api/v2/Fleet/1` },
            { Rel: 'Next', Href: `${collector.origin}/aemp/api/v2/Fleet/2` },
          ],
          Equipment: [unit('EQ-1'), unit('EQ-2')],
        });
      default:
        return json(res, 404, { message: 'nothing here' });
    }
  });
});

afterAll(async () => {
  await stop(service);
  await stop(collector);
});

beforeEach(() => {
  service.seen.length = 0;
  collector.seen.length = 0;
});

function client() {
  const source = pinTokenSource({ getToken: async () => TOKEN, handleUnauthorized: async () => false }, [`${service.origin}/v1`, `${service.origin}/aemp`]);
  return createHttpClient(source, { sleep: async () => undefined, defaultTimeoutMs: 5_000 });
}

describe('the HTTP client over real sockets', () => {
  it('refuses a redirect to another origin, naming it; the other server is never asked', async () => {
    const err = await failure(client().get({ url: `${service.origin}/v1/away` }));
    expect(err.message).toContain(`127.0.0.1:${collector.port}`);
    expect(collector.seen).toEqual([]);
    expect(service.seen.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN}`]);
  });

  it('treats localhost as another origin than 127.0.0.1', async () => {
    const err = await failure(client().get({ url: `${service.origin}/v1/alias` }));
    expect(err.message).toContain(`localhost:${service.port}`);
    expect(service.seen).toHaveLength(1);
  });

  it('follows a same-origin redirect with the token', async () => {
    const res = await client().get({ url: `${service.origin}/v1/old` });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${service.origin}/v1/ok`);
    expect(service.seen.map((s) => [s.path, s.authorization])).toEqual([
      ['/v1/old', `Bearer ${TOKEN}`],
      ['/v1/ok', `Bearer ${TOKEN}`],
    ]);
  });

  it('sends nothing to a URL outside the profile origins', async () => {
    const err = await failure(client().get({ url: `${collector.origin}/v1/ok` }));
    expect(err.message).toContain(`127.0.0.1:${collector.port}`);
    expect(collector.seen).toEqual([]);
  });
});

describe('an AEMP listing with a foreign next link', () => {
  it('stops there, keeps the page read and says why, naming the host', async () => {
    const listing = await new AempClient(client(), `${service.origin}/aemp`).listEquipment('2.0');
    expect(listing.equipment.map((u) => u.equipmentId)).toEqual(['EQ-1', 'EQ-2']);
    expect(listing.pages).toBe(1);
    const why = listing.issues.find((i) => i.message.includes(`127.0.0.1:${collector.port}`));
    expect(why?.message).toMatch(/stopped/i);
    expect(collector.seen).toEqual([]);
  });
});

describe('"Test connection" (probe)', () => {
  it('does not follow a redirect to another origin with the token, and says where it went', async () => {
    const result = await probeConnection({ baseUrl: `${service.origin}/probe-away/v1`, token: TOKEN, timeoutMs: 5_000 });
    expect(result.ok).toBe(false);
    expect(result.message).toContain(`127.0.0.1:${collector.port}`);
    expect(collector.seen).toEqual([]);
  });

  it('follows a same-origin redirect with the token', async () => {
    const result = await probeConnection({ baseUrl: `${service.origin}/probe-moved/v1`, token: TOKEN, timeoutMs: 5_000 });
    expect(result.ok).toBe(true);
    expect(service.seen.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });
});

describe('the token endpoint POST', () => {
  it('does not follow a redirect to another origin with the refresh token and client secret', async () => {
    const err = await failure(refreshTokens({ tokenUrl: `${service.origin}/token-away`, clientId: 'desk', clientSecret: SECRET, timeoutMs: 5_000 }, REFRESH));
    expect(err.message).toContain(`127.0.0.1:${collector.port}`);
    expect(collector.seen).toEqual([]);
  });

  it('re-posts the form to a same-origin 308 target', async () => {
    const tokens = await refreshTokens({ tokenUrl: `${service.origin}/token-moved`, clientId: 'desk', clientSecret: SECRET, timeoutMs: 5_000 }, REFRESH);
    expect(tokens.accessToken).toBe('fresh-access-token-000111');
    expect(service.seen.map((s) => [s.method, s.path])).toEqual([
      ['POST', '/token-moved'],
      ['POST', '/token'],
    ]);
    expect(service.seen[1].body).toContain(`refresh_token=${REFRESH}`);
  });
});
