import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startWebShell } from '../../../src-main/web/server';
import type { WebShell } from '../../../src-main/web/server';
import { fakeCore } from './fake-core';
import type { FakeCore } from './fake-core';

const SECRET = 'a'.repeat(64);

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let shell: WebShell;
let core: FakeCore;
let base: string;
let rendererDir: string;

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: shell.port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${shell.port}`, ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function invoke(channel: string, args: unknown[], headers: Record<string, string> = {}): Promise<Reply> {
  return send(`/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fleet-secret': SECRET, ...headers },
    body: JSON.stringify({ args }),
  });
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-web-'));
  rendererDir = join(base, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(rendererDir, 'assets', 'app.css'), 'body{}');
  await writeFile(join(rendererDir, '.env'), 'SECRET=1');
  await writeFile(join(base, 'package.json'), '{"private":"outside the root"}');
  await symlink(join(base, 'package.json'), join(rendererDir, 'assets', 'link.json'));
  core = fakeCore();
  shell = await startWebShell({ core, rendererDir, secret: SECRET, log: () => {} });
});

afterAll(async () => {
  await shell?.close();
  await rm(base, { recursive: true, force: true });
});

describe('web shell', () => {
  it('listens on 127.0.0.1 only and prints the page URL with the secret', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/#secret=${SECRET}`);
    expect(shell.port).toBeGreaterThan(0);
  });

  it('binds the loopback address, not every interface', async () => {
    const { createServer } = await import('node:net');
    // Another listener on the same port but all interfaces must be possible only if we are not on 0.0.0.0/::.
    const probe = createServer();
    const result = await new Promise<string>((resolve) => {
      probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      probe.listen(shell.port, '127.0.0.2', () => resolve('listening'));
    });
    await new Promise<void>((r) => (probe.listening ? probe.close(() => r()) : r()));
    expect(result).toBe('listening');
  });

  it('makes a round trip through the core', async () => {
    vi.mocked(core.handlers['trail:get']).mockResolvedValueOnce([{ lat: 1, lng: 2, collectedOn: '2024-01-01T00:00:00Z' }]);
    const reply = await invoke('trail:get', ['thing:7', 24]);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: [{ lat: 1, lng: 2, collectedOn: '2024-01-01T00:00:00Z' }] });
    expect(core.handlers['trail:get']).toHaveBeenCalledWith('thing:7', 24);
  });

  it('answers invalid arguments with a Result error and does not call the core', async () => {
    vi.mocked(core.handlers['trail:get']).mockClear();
    const reply = await invoke('trail:get', ['thing:7', 9999]);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    const unknown = await invoke('shell%3Aexec', []);
    expect(JSON.parse(unknown.body).error.message).toContain('"shell:exec"');
    expect(core.handlers['trail:get']).not.toHaveBeenCalled();
    const notJson = await send('/api/invoke/app:info', { method: 'POST', headers: { 'content-type': 'application/json', 'x-fleet-secret': SECRET }, body: '{' });
    expect(notJson.status).toBe(400);
    const noArgs = await send('/api/invoke/app:info', { method: 'POST', headers: { 'content-type': 'application/json', 'x-fleet-secret': SECRET }, body: '{}' });
    expect(JSON.parse(noArgs.body)).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
  });

  it('refuses calls without or with a wrong secret', async () => {
    vi.mocked(core.handlers['app:info']).mockClear();
    const none = await send('/api/invoke/app:info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"args":[]}' });
    expect(none.status).toBe(403);
    expect(JSON.parse(none.body)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect((await invoke('app:info', [], { 'x-fleet-secret': 'b'.repeat(64) })).status).toBe(403);
    expect((await invoke('app:info', [], { 'x-fleet-secret': SECRET.slice(1) })).status).toBe(403);
    expect(core.handlers['app:info']).not.toHaveBeenCalled();
  });

  it('refuses a foreign Host (DNS rebinding) even with the secret', async () => {
    for (const host of ['evil.example', `evil.example:${shell.port}`, `127.0.0.1:${shell.port + 1}`, `127.0.0.1.evil.com:${shell.port}`]) {
      const reply = await invoke('app:info', [], { host });
      expect(reply.status, host).toBe(403);
    }
    expect((await send('/', { headers: { host: 'rebound.example' } })).status).toBe(403);
    expect((await invoke('app:info', [], { host: `localhost:${shell.port}` })).status).toBe(200);
  });

  it('refuses a foreign Origin', async () => {
    for (const origin of ['https://evil.example', 'null', `http://localhost:${shell.port}`, `http://127.0.0.1:${shell.port + 1}`]) {
      expect((await invoke('app:info', [], { origin })).status, origin).toBe(403);
    }
    expect((await invoke('app:info', [], { origin: `http://127.0.0.1:${shell.port}` })).status).toBe(200);
  });

  it('refuses non-JSON posts and other methods', async () => {
    const form = await send('/api/invoke/app:info', { method: 'POST', headers: { 'content-type': 'text/plain', 'x-fleet-secret': SECRET }, body: '{"args":[]}' });
    expect(form.status).toBe(415);
    expect((await send('/api/invoke/app:info', { headers: { 'x-fleet-secret': SECRET } })).status).toBe(405);
  });

  it('serves the app page with a strict CSP and frame protection', async () => {
    const reply = await send('/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${shell.port}`);
    // service origins from profiles; map tiles come through the shell's own route, never from the tile server
    expect(csp.match(/img-src[^;]*/)?.[0]).toContain('https://fleet.example');
    expect(csp.match(/img-src[^;]*/)?.[0]).not.toContain('tiles.example');
    // embed maps: the profile's own site (core/embed/embed-policy), not its AEMP host, and no blanket loopback
    expect(csp.match(/frame-src[^;]*/)?.[0]).toBe('frame-src https://fleet.example:* https://*.fleet.example:* http://fleet.example:* http://*.fleet.example:*');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves assets with their MIME types', async () => {
    const js = await send('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log(1)');
    expect((await send('/assets/app.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await send('/assets/missing.js')).status).toBe(404);
  });

  it('refuses path traversal, encoded or not, dot-files and symlinks out of the root', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E%2Fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%5cpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/%00index.html',
      '/%E0%A4%A',
      '/.env',
      '/assets/link.json',
    ]) {
      const reply = await send(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain('outside the root');
    }
  });
});

describe('web shell events', () => {
  function connect(protocols: string[], headers: Record<string, string> = {}): Promise<{ ws: WebSocket; messages: unknown[] } | { status: number }> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events`, protocols, { headers });
      const messages: unknown[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data))));
      ws.on('open', () => resolve({ ws, messages }));
      ws.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0 });
        ws.terminate();
      });
      ws.on('error', () => resolve({ status: -1 }));
    });
  }

  it('refuses a WebSocket without the secret, with a wrong one, or from a foreign origin', async () => {
    expect(await connect(['fleet-desk'])).toEqual({ status: 403 });
    expect(await connect(['fleet-desk', `secret.${'b'.repeat(64)}`])).toEqual({ status: 403 });
    expect(await connect(['fleet-desk', `secret.${SECRET}`], { origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(await connect(['fleet-desk', `secret.${SECRET}`], { host: 'evil.example' })).toEqual({ status: 403 });
  });

  it('pushes core events to an authorised WebSocket', async () => {
    const conn = await connect(['fleet-desk', `secret.${SECRET}`], { origin: `http://127.0.0.1:${shell.port}` });
    if (!('ws' in conn)) throw new Error(`connection refused with ${conn.status}`);
    expect(conn.ws.protocol).toBe('fleet-desk');
    core.emit('menu:command', { command: 'refresh' });
    await vi.waitFor(() => expect(conn.messages).toHaveLength(2));
    expect(conn.messages[1]).toEqual({ name: 'menu:command', payload: { command: 'refresh' } });
    conn.ws.close();
  });

  it('tells each answer and each new socket how many list events it had sent, so a page knows which it missed', async () => {
    const count = async () => (await invoke('app:info', [])).headers['x-fleet-list-events'];
    const before = Number(await count());
    core.emit('assets', { profileId: 'demo', assets: [], skipped: [], fetchedAt: '2026-11-23T10:00:00Z', source: 'network' } as never);
    core.emit('status', { state: 'online' } as never); // not a list event
    core.emit('assets:changed', { profileId: 'demo' } as never);
    expect(await count()).toBe(String(before + 2));
    const conn = await connect(['fleet-desk', `secret.${SECRET}`], { origin: `http://127.0.0.1:${shell.port}` });
    if (!('ws' in conn)) throw new Error(`connection refused with ${conn.status}`);
    // The first message, before any event: the count when the socket joined.
    await vi.waitFor(() => expect(conn.messages).toHaveLength(1));
    expect(conn.messages[0]).toEqual({ name: 'socket:hello', payload: { listEvents: before + 2 } });
    conn.ws.close();
  });

  it('stops forwarding events after close', async () => {
    const other = fakeCore();
    const second = await startWebShell({ core: other, rendererDir, log: () => {} });
    expect(second.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.secret).not.toBe(SECRET);
    expect(other.sinks.size).toBe(1);
    await second.close();
    expect(other.sinks.size).toBe(0);
  });
});
