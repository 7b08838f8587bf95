import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src-main/core/http/http-client';
import type { PinnedTokenSource } from '../../../src-main/core/ports';
import { failure } from '../../fixtures/failure';

const TOKEN = 'integration-token-0123456789';
// Pinned to the test server's origin, read at each request (the port is known only after listen).
const tokens: PinnedTokenSource = { getToken: async () => TOKEN, handleUnauthorized: async () => false, allowedOrigins: () => [new URL(base).origin] };

/** Per-path scripted behaviours; each request to a path takes the next one (the last repeats). */
type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;
const scripts = new Map<string, Behaviour[]>();
const hits = new Map<string, number>();
const seenAuth: string[] = [];

const send = (status: number, body: string, headers: Record<string, string> = {}): Behaviour => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
};
const reset: Behaviour = (req) => req.socket.destroy();
const truncated: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
  res.write('[{"assetId":"thing:1","name":"cut');
  setTimeout(() => res.socket?.destroy(), 20);
};
const stallBody: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
  res.write('[');
};
const stallHeaders: Behaviour = () => undefined;

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seenAuth.push(req.headers.authorization ?? '');
    const n = hits.get(path) ?? 0;
    hits.set(path, n + 1);
    const script = scripts.get(path) ?? [send(404, '{"message":"no such path"}')];
    script[Math.min(n, script.length - 1)](req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  scripts.clear();
  hits.clear();
  seenAuth.length = 0;
});

const client = createHttpClient(tokens, { sleep: async () => undefined, defaultTimeoutMs: 2000 });

describe('http client against a local server', () => {
  it('sends the bearer token and reads the answer', async () => {
    scripts.set('/v1/ok', [send(200, '[1,2,3]', { 'X-Request-Id': 'r1' })]);
    const res = await client.get({ url: `${base}/ok` });
    expect(res.body).toBe('[1,2,3]');
    expect(res.headers['x-request-id']).toBe('r1');
    expect(seenAuth).toEqual([`Bearer ${TOKEN}`]);
  });

  it('retries 5xx, a reset and a truncated body, then succeeds', async () => {
    scripts.set('/v1/flaky', [send(503, '{}'), reset, truncated, send(200, '[]')]);
    const res = await client.get({ url: `${base}/flaky` });
    expect(res.status).toBe(200);
    expect(hits.get('/v1/flaky')).toBe(4);
  });

  it('reports a truncated body as a broken connection', async () => {
    scripts.set('/v1/cut', [truncated]);
    const err = await failure(client.get({ url: `${base}/cut`, retries: 1 }));
    expect(err.kind).toBe('network');
    expect(err.message).toContain('broke off while receiving data');
    expect(hits.get('/v1/cut')).toBe(2);
  });

  it('reports a reset connection as a network error', async () => {
    scripts.set('/v1/reset', [reset]);
    const err = await failure(client.get({ url: `${base}/reset`, retries: 0 }));
    expect(err.kind).toBe('network');
  });

  it('honours 429 with Retry-After and gives up as rate-limited', async () => {
    scripts.set('/v1/busy', [send(429, '{}', { 'Retry-After': '2' })]);
    const waits: number[] = [];
    const err = await failure(client.get({ url: `${base}/busy`, retries: 2, onWait: (w) => waits.push(w.until.getTime()) }));
    expect(err.kind).toBe('rate-limited');
    expect(err.retryAfterMs).toBe(2000);
    expect(waits).toHaveLength(2);
    expect(hits.get('/v1/busy')).toBe(3);
  });

  it('times out a server that never answers, and one that stalls its body', async () => {
    scripts.set('/v1/silent', [stallHeaders]);
    scripts.set('/v1/slow-body', [stallBody]);
    const silent = await failure(client.get({ url: `${base}/silent`, retries: 0, timeoutMs: 300 }));
    expect(silent.kind).toBe('timeout');
    const slow = await failure(client.get({ url: `${base}/slow-body`, retries: 0, timeoutMs: 300 }));
    expect(slow.kind).toBe('timeout');
    expect(slow.message).toMatch(/finish sending/);
  });

  it('maps 404 and 400 with the service message, without retrying', async () => {
    scripts.set('/v1/bad', [send(400, '{"message":"assets must be thing:<n> or area:<n>"}')]);
    const nf = await failure(client.get({ url: `${base}/missing` }));
    expect(nf.kind).toBe('not-found');
    const bad = await failure(client.get({ url: `${base}/bad` }));
    expect(bad.kind).toBe('bad-request');
    expect(bad.message).toContain('assets must be thing:<n> or area:<n>');
    expect(hits.get('/v1/bad')).toBe(1);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const toClosed = createHttpClient({ ...tokens, allowedOrigins: () => [`http://127.0.0.1:${port}`] }, { sleep: async () => undefined });
    const err = await failure(toClosed.get({ url: `http://127.0.0.1:${port}/v1/x`, retries: 0 }));
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/refused/);
  });
});
