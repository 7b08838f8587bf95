/**
 * Only the app page may ever render as a document in the web shell's origin: every other
 * answer (calls, events, tiles, scripts, styles, images, fonts, errors, refusals) carries
 * a policy that loads nothing and sandboxes it into an origin of its own, and forbids
 * type sniffing. Opened from the app ("Open image in new tab"), such an answer can read
 * nothing of the page's origin (its sessionStorage, its calls).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TileAnswer, TileProvider } from '../../../src-main/core/tiles/tile-service';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { tileKeyFor } from '../../../src-main/web/security';
import { fakeCore } from './fake-core';

const SECRET = 'd'.repeat(64);
const PNG = Buffer.from('89504e470d0a1a0a0000000d', 'hex');

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

let shell: WebShell;
let base: string;
let answer: () => Promise<TileAnswer>;

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: shell.port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${shell.port}`, ...init.headers } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const invoke = (channel: string, headers: Record<string, string> = {}, body = '{"args":[]}') =>
  send(`/api/invoke/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fleet-secret': SECRET, ...headers }, body });
const tilePath = (key = tileKeyFor(SECRET)) => `/api/tiles/${key}/3/1/1.png`;
const socket = (path: string, protocols: string) =>
  send(path, {
    headers: {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
      'sec-websocket-protocol': protocols,
    },
  });

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-web-no-doc-'));
  const renderer = join(base, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  await writeFile(join(renderer, 'assets', 'other.html'), '<!doctype html><script>sessionStorage.getItem("fleet-desk.secret")</script>');
  await writeFile(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(renderer, 'assets', 'app.css'), 'body{}');
  await writeFile(join(renderer, 'assets', 'marker.png'), PNG);
  await writeFile(join(renderer, 'assets', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await writeFile(join(renderer, 'assets', 'font.woff2'), 'wOF2');
  await writeFile(join(renderer, 'assets', 'data.json'), '{}');
  const core = fakeCore();
  const tiles: TileProvider = { tile: vi.fn(() => answer()), setRoute: () => {} };
  core.tiles = tiles;
  shell = await startWebShell({ core, rendererDir: renderer, secret: SECRET, log: () => {} });
});

afterAll(async () => {
  await shell?.close();
  await rm(base, { recursive: true, force: true });
});

const NOT_A_PAGE: [string, () => Promise<Reply>][] = [
  ['a call', () => invoke('settings:get')],
  ['a call without the secret', () => invoke('settings:get', { 'x-fleet-secret': 'wrong' })],
  ['a call with GET', () => send('/api/invoke/settings:get')],
  ['a call that is not JSON', () => invoke('settings:get', { 'content-type': 'text/html' })],
  ['a call with a broken body', () => invoke('settings:get', {}, '{')],
  ['an unknown call', () => invoke('no:such')],
  ['an unknown API path', () => send('/api/nothing')],
  ['the event path without an upgrade', () => send('/api/events')],
  ['a foreign Host', () => send('/index.html', { headers: { host: `evil.example:${shell.port}` } })],
  ['a tile', () => ((answer = async () => ({ status: 200, body: PNG, contentType: 'image/png', maxAgeSec: 60, source: 'cache' })), send(tilePath()))],
  ['a missing tile', () => ((answer = async () => ({ status: 504, body: null, contentType: '', maxAgeSec: 0, source: 'none', message: 'never viewed' })), send(tilePath()))],
  ['a tile the core failed on', () => ((answer = async () => Promise.reject(new Error('broken'))), send(tilePath()))],
  ['a tile with a wrong key', () => send(tilePath('e'.repeat(64)))],
  ['a tile with POST', () => send(tilePath(), { method: 'POST' })],
  ['a script', () => send('/assets/app.js')],
  ['a style sheet', () => send('/assets/app.css')],
  ['an image', () => send('/assets/marker.png')],
  ['an SVG image', () => send('/assets/icon.svg')],
  ['a font', () => send('/assets/font.woff2')],
  ['a JSON file', () => send('/assets/data.json')],
  ['an HTML file that is not the app page', () => send('/assets/other.html')],
  ['a missing file', () => send('/assets/missing.js')],
  ['a file with POST', () => send('/assets/app.js', { method: 'POST' })],
];

describe('web shell answers other than the app page', () => {
  it.each(NOT_A_PAGE)('%s cannot render as a document: sandboxed, loads nothing, no sniffing', async (_what, get) => {
    const reply = await get();
    expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['the event socket on a wrong path', () => socket('/api/other', `fleet-desk, secret.${SECRET}`)],
    ['the event socket without the secret', () => socket('/api/events', 'fleet-desk')],
  ] as const)('%s is refused with the same two headers', async (_what, get) => {
    const reply = await get();
    expect([403, 404]).toContain(reply.status);
    expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the app page', () => {
  it.each(['/', '/index.html'])('%s is served with the page policy (scripts from itself), not the sandbox', async (path) => {
    const reply = await send(path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/sandbox/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});
