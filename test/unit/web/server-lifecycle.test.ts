/**
 * The web shell from start to close, one shell per test (so what happens while it
 * starts is checked by the test that starts it): the port and address it listens on,
 * a port already taken, the default fault log and CSP sources, faults while answering,
 * a request body cut off, and the WebSocket handshake's subprotocol and refusals.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { tileKeyFor } from '../../../src-main/web/security';
import { fakeCore } from './fake-core';

const SECRET = 'd'.repeat(64);
const UNEXPECTED = { ok: false, error: { kind: 'internal', message: 'Fleet Desk hit an unexpected error answering this request.' } };

let base: string;
let rendererDir: string;
const open: WebShell[] = [];

interface Reply {
  status: number;
  statusMessage: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(port: number, path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...init.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

type Handshake = { upgraded: true; protocol: string | undefined } | ({ upgraded: false } & Reply);

/** A WebSocket opening handshake by hand, to read exactly what the server answers. */
function handshake(port: number, path: string, protocols: string[]): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      host: `127.0.0.1:${port}`,
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
    };
    if (protocols.length) headers['sec-websocket-protocol'] = protocols.join(', ');
    const req = request({ host: '127.0.0.1', port, path, headers });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      const protocol = res.headers['sec-websocket-protocol'];
      resolve({ upgraded: true, protocol: typeof protocol === 'string' ? protocol : undefined });
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ upgraded: false, status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function shellWith(options: Partial<Parameters<typeof startWebShell>[0]> = {}): Promise<WebShell> {
  const shell = await startWebShell({ core: fakeCore(), rendererDir, secret: SECRET, log: () => {}, ...options });
  open.push(shell);
  return shell;
}

/** A port nobody listens on right now (the kernel's pick, released again). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

function listenOn(port: number, host: string): Promise<Server | NodeJS.ErrnoException> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err));
    server.listen(port, host, () => resolve(server));
  });
}

const closeServer = (server: Server) => new Promise<void>((r) => server.close(() => r()));

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-web-lifecycle-'));
  rendererDir = join(base, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Fleet Desk</title>');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('web shell start', () => {
  it('listens on the port asked for, on 127.0.0.1 only, and prints that address with the secret', async () => {
    const port = await freePort();
    const shell = await shellWith({ port });
    expect(shell.port).toBe(port);
    expect(shell.url).toBe(`http://127.0.0.1:${port}/#secret=${SECRET}`);
    expect((await send(port, '/')).status).toBe(200);
    // Only possible when the shell holds 127.0.0.1 alone, not every interface.
    const neighbour = await listenOn(port, '127.0.0.2');
    expect(neighbour).not.toBeInstanceOf(Error);
    if (!(neighbour instanceof Error)) await closeServer(neighbour);
  });

  it('fails to start on a port already taken, saying so, and stops listening to the core', async () => {
    const port = await freePort();
    const taken = await listenOn(port, '127.0.0.1');
    if (taken instanceof Error) throw taken;
    try {
      const core = fakeCore();
      await expect(startWebShell({ core, rendererDir, secret: SECRET, port, log: () => {} })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(core.sinks.size).toBe(0);
    } finally {
      await closeServer(taken);
    }
  });

  it('tells the core the tile route, keyed by a value derived from the secret', async () => {
    const core = fakeCore();
    const routes: string[] = [];
    core.tiles = { setRoute: (route) => routes.push(route), tile: vi.fn() };
    await shellWith({ core });
    expect(routes).toEqual([`/api/tiles/${tileKeyFor(SECRET)}/{z}/{x}/{y}.png`]);
  });

  it("takes the page's CSP sources from the core's profiles when none are given", async () => {
    const shell = await shellWith();
    const reply = await send(shell.port, '/');
    expect(reply.status).toBe(200);
    const images = String(reply.headers['content-security-policy']).match(/img-src[^;]*/)?.[0].split(' ');
    expect(images).toEqual(expect.arrayContaining(['https://fleet.example', 'https://aemp.example']));
  });
});

describe('web shell faults', () => {
  it('reports an event it cannot send to the console by default, and keeps sending the others', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const core = fakeCore();
    const shell = await startWebShell({ core, rendererDir, secret: SECRET });
    open.push(shell);
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events`, ['fleet-desk', `secret.${SECRET}`]);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const received = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
    core.emit('menu:command', { command: 10n } as never);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0][0]).toMatch(/^Fleet Desk web shell: could not send the "menu:command" event: .*BigInt/);
    core.emit('menu:command', { command: 'refresh' });
    expect(await received).toEqual({ name: 'menu:command', payload: { command: 'refresh' } });
    ws.close();
  });

  it('answers a fault while answering with 500 and a plain message, and logs what went wrong', async () => {
    const logged: string[] = [];
    const core = fakeCore();
    core.tiles = {
      setRoute: () => {},
      tile: vi
        .fn()
        .mockRejectedValueOnce(new Error('tile cache unreadable'))
        .mockRejectedValueOnce('not an Error'),
    };
    const shell = await shellWith({ core, log: (m) => logged.push(m) });
    const path = `/api/tiles/${tileKeyFor(SECRET)}/1/0/0.png`;
    for (let i = 0; i < 2; i++) {
      const reply = await send(shell.port, path);
      expect(reply.status).toBe(500);
      expect(JSON.parse(reply.body)).toEqual(UNEXPECTED);
    }
    expect(logged).toEqual(['Fleet Desk web shell: tile cache unreadable', 'Fleet Desk web shell: not an Error']);
  });

  it('logs a call whose body is cut off and never calls the core', async () => {
    const core = fakeCore();
    let reportLog: (message: string) => void = () => {};
    const logged = new Promise<string>((resolve) => (reportLog = resolve));
    const shell = await shellWith({ core, log: (m) => reportLog(m) });
    const req = request({
      host: '127.0.0.1',
      port: shell.port,
      path: '/api/invoke/app:info',
      method: 'POST',
      headers: { host: `127.0.0.1:${shell.port}`, 'content-type': 'application/json', 'x-fleet-secret': SECRET, 'content-length': '1000' },
    });
    req.on('error', () => {}); // the test itself cuts the connection
    // Send the headers and the start of the body, then drop the connection.
    await new Promise<void>((r) => req.write('{"args":', () => r()));
    req.destroy();
    expect(await logged).toMatch(/^Fleet Desk web shell: /);
    expect(core.handlers['app:info']).not.toHaveBeenCalled();
  });

  it('tells a call without a content type to send JSON', async () => {
    const shell = await shellWith();
    const reply = await send(shell.port, '/api/invoke/app:info', { method: 'POST', headers: { 'x-fleet-secret': SECRET } });
    expect(reply.status).toBe(415);
    expect(JSON.parse(reply.body).error).toEqual({ kind: 'invalid-argument', message: 'Fleet Desk calls must send JSON.' });
  });
});

describe('web shell event socket handshake', () => {
  it('agrees on fleet-desk and never echoes the secret-bearing protocol', async () => {
    const shell = await shellWith();
    expect(await handshake(shell.port, '/api/events', ['fleet-desk', `secret.${SECRET}`])).toEqual({ upgraded: true, protocol: 'fleet-desk' });
    expect(await handshake(shell.port, '/api/events', [`secret.${SECRET}`])).toEqual({ upgraded: true, protocol: undefined });
  });

  it('closes a socket that sends more than 4 KiB and keeps serving', async () => {
    const core = fakeCore();
    const shell = await shellWith({ core });
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events`, ['fleet-desk', `secret.${SECRET}`]);
    ws.on('error', () => {}); // the server's close is the answer
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', () => reject(new Error('refused')));
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(4097));
    expect(await closed).toBe(1009); // "message too big"
    expect((await send(shell.port, '/')).status).toBe(200);
  });

  it('refuses a socket without the secret with 403 Forbidden and a JSON explanation', async () => {
    const shell = await shellWith();
    const reply = await handshake(shell.port, '/api/events', ['fleet-desk']);
    expect(reply).toMatchObject({ upgraded: false, status: 403, statusMessage: 'Forbidden' });
    if (reply.upgraded) throw new Error('expected a refusal');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.body)).toEqual({ ok: false, error: { kind: 'forbidden', message: expect.stringContaining('the address Fleet Desk printed when it started') } });
  });

  it('refuses a socket anywhere but /api/events with 404, even with the secret', async () => {
    const shell = await shellWith();
    for (const path of ['/api/other', '/api/events/x', '/']) {
      const reply = await handshake(shell.port, path, ['fleet-desk', `secret.${SECRET}`]);
      expect(reply, path).toMatchObject({ upgraded: false, status: 404, statusMessage: 'Not Found' });
      if (!reply.upgraded) expect(JSON.parse(reply.body), path).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(await handshake(shell.port, '/api/events?x=1', ['fleet-desk', `secret.${SECRET}`])).toEqual({ upgraded: true, protocol: 'fleet-desk' });
  });
});
