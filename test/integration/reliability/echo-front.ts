/**
 * An HTTP front for the secret-scrubbing tests: passes requests through to a demo
 * service, or, in an echo mode, answers with an error that repeats the caller's
 * Authorization header (and the bare token) in its body and headers, like careless
 * real services and proxies do.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EchoMode = 'pass' | 'echo-500' | 'echo-400' | 'echo-401' | 'echo-403' | 'echo-html' | 'echo-garbage-200' | 'echo-bad-asset';

export interface EchoFront {
  origin: string;
  mode: EchoMode;
  close(): Promise<void>;
}

export async function startEchoFront(targetOrigin: string): Promise<EchoFront> {
  const target = new URL(targetOrigin);
  const front: { mode: EchoMode } = { mode: 'pass' };
  const server: Server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    const bare = auth.replace(/^Bearer\s+/i, '');
    const echo = (status: number, type: string, body: string): void => {
      res.writeHead(status, {
        'content-type': type,
        'x-echo-authorization': auth,
        'www-authenticate': `Bearer error="invalid_token", error_description="token ${bare} not accepted"`,
      });
      res.end(body);
    };
    switch (front.mode) {
      case 'echo-500':
        return echo(500, 'application/json', JSON.stringify({ error: 'server_error', message: `Upstream failed for request with Authorization: ${auth} (token ${bare})` }));
      case 'echo-400':
        return echo(400, 'application/json', JSON.stringify({ error: `bad token ${bare}`, message: `Header was "${auth}"` }));
      case 'echo-401':
        return echo(401, 'application/json', JSON.stringify({ error: 'invalid_token', message: `The token ${bare} is not valid` }));
      case 'echo-403':
        return echo(403, 'application/json', JSON.stringify({ error_description: `Access with ${bare} denied` }));
      case 'echo-html':
        return echo(502, 'text/html', `<html><body><h1>Bad gateway</h1><pre>${auth}</pre><p>${bare}</p></body></html>`);
      case 'echo-garbage-200':
        return echo(200, 'application/json', `{"oops": "${bare}", "auth": "${auth}"`);
      case 'echo-bad-asset':
        return echo(200, 'application/json', JSON.stringify([{ assetId: bare, type: auth, name: 5, urls: { mapEmbed: `http://x/?jws=${bare}` }, metrics: { fuel: { value: bare, meta: { collectedOn: auth, source: bare, other: {} } } } }]));
      default: {
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return front.mode;
    },
    set mode(value: EchoMode) {
      front.mode = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
