/**
 * The web shell's answers at its edges: the request-body limit, malformed calls, API
 * paths that name nothing, methods, HEAD, query strings, a core that fails, and a page
 * served even when the extra CSP sources cannot be read.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { fakeCore, type FakeCore } from './fake-core';

const SECRET = 'c'.repeat(64);
const LIMIT = 2 * 1024 * 1024;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let base: string;
let rendererDir: string;
let core: FakeCore;
let shell: WebShell;
const logged: string[] = [];

function send(target: WebShell, path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: target.port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${target.port}`, ...init.headers } },
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

const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  send(shell, path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fleet-secret': SECRET, ...headers }, body });

/** A JSON call body of exactly `bytes` bytes. */
function bodyOf(bytes: number): string {
  const frame = '{"args":[""]}';
  return `{"args":["${'x'.repeat(bytes - frame.length)}"]}`;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-web-requests-'));
  rendererDir = join(base, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  core = fakeCore();
  shell = await startWebShell({ core, rendererDir, secret: SECRET, log: (m) => logged.push(m) });
});

afterAll(async () => {
  await shell?.close();
  await rm(base, { recursive: true, force: true });
});

describe('web shell request bodies', () => {
  it('takes a call body of exactly 2 MB', async () => {
    const body = bodyOf(LIMIT);
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    const reply = await post('/api/invoke/app:info', body);
    expect(reply.status).toBe(200);
  });

  it('refuses a body one byte over 2 MB with 413, saying the limit, and never calls the core', async () => {
    const handler = vi.mocked(core.handlers['app:info']);
    handler.mockClear();
    const reply = await post('/api/invoke/app:info', bodyOf(LIMIT + 1));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ ok: false, error: { kind: 'invalid-argument', message: expect.stringContaining('2 MB') } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers a body that is not JSON with 400 naming the call', async () => {
    const reply = await post('/api/invoke/app:info', '{"args": [');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).error).toEqual({ kind: 'invalid-argument', message: '"app:info": the request body is not valid JSON.' });
  });

  it('answers a body of null, a list or a string as a call without its arguments, not as a fault', async () => {
    const answers = new Set<string>();
    for (const body of ['null', '[["a"]]', '"text"', '{}']) {
      const reply = await post('/api/invoke/app:info', body);
      expect(reply.status, body).toBe(200);
      answers.add(reply.body);
    }
    expect(answers.size).toBe(1); // all four read as "no args"
  });

  it('names the JSON type a call must send, whatever the case, and answers uncached', async () => {
    const ok = await post('/api/invoke/app:info', '{"args":[]}', { 'content-type': 'Application/JSON; charset=utf-8' });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect((await post('/api/invoke/app:info', '{"args":[]}', { 'content-type': 'text/x-application/json' })).status).toBe(415);
    const reply = await post('/api/invoke/app:info', '{"args":[]}', { 'content-type': 'text/json' });
    expect(reply.status).toBe(415);
    expect(JSON.parse(reply.body).error).toEqual({ kind: 'invalid-argument', message: 'Fleet Desk calls must send JSON.' });
  });

  it('tells a GET to an API call to use POST', async () => {
    const reply = await send(shell, '/api/invoke/app:info', { headers: { 'x-fleet-secret': SECRET } });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST');
    expect(JSON.parse(reply.body).error).toEqual({ kind: 'bad-request', message: 'Fleet Desk calls use POST.' });
  });
});

describe('web shell paths', () => {
  it('answers API paths that name nothing with 404 not-found, never the app page', async () => {
    for (const path of ['/api', '/api/', '/api/nothing', '/api/events-not']) {
      const reply = await send(shell, path);
      expect(reply.status, path).toBe(404);
      expect(JSON.parse(reply.body), path).toEqual({ ok: false, error: { kind: 'not-found', message: 'Fleet Desk has no such request.' } });
    }
  });

  it('answers an undecodable call name with 400', async () => {
    const reply = await post('/api/invoke/%E0%A4%A', '{"args":[]}');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).error).toEqual({ kind: 'invalid-argument', message: 'The request name is malformed.' });
  });

  it('answers an unknown call name as an error result without touching the core', async () => {
    const reply = await post('/api/invoke/no:such-call', '{"args":[]}');
    const result = JSON.parse(reply.body) as { ok: boolean; error?: { kind: string } };
    expect(result.ok).toBe(false);
    expect(result.error?.kind).toBeTruthy();
  });

  it('serves files whatever the query string or fragment, and HEAD without a body', async () => {
    const js = await send(shell, '/assets/app.js?v=2#top');
    expect(js.status).toBe(200);
    expect(js.body).toBe('console.log(1)');
    const head = await send(shell, '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('allows only GET and HEAD for files', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const reply = await send(shell, '/', { method, headers: { 'x-fleet-secret': SECRET } });
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow, method).toBe('GET, HEAD');
      expect(reply.headers['content-type'], method).toBe('text/plain; charset=utf-8');
      expect(reply.body, method).toBe('Method not allowed');
    }
    const missing = await send(shell, '/nothing-here.js');
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.body).toBe('Not found');
  });

  it('prints the page address with the secret in the fragment, on 127.0.0.1', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/#secret=${SECRET}`);
  });

  it('sends the safety headers with every file, and not the page policy with non-pages (they get the sandbox)', async () => {
    const js = await send(shell, '/assets/app.js');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(js.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(js.headers['cache-control']).toBe('no-cache');
    expect(js.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('web shell faults', () => {
  it('still serves the page with its own sources only when the extra CSP sources cannot be read', async () => {
    const other = await startWebShell({
      core: fakeCore(),
      rendererDir,
      secret: SECRET,
      log: () => {},
      allowedOrigins: () => Promise.reject(new Error('settings unreadable')),
    });
    try {
      const reply = await send(other, '/');
      expect(reply.status).toBe(200);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp.match(/img-src[^;]*/)?.[0]).toBe("img-src 'self' data: blob:");
      expect(csp.match(/frame-src[^;]*/)?.[0]).toBe("frame-src 'none'");
      expect(reply.headers['x-frame-options']).toBe('DENY');
    } finally {
      await other.close();
    }
  });
});
