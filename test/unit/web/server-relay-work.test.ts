/**
 * The web shell's relay does only the work a page needs: a bad body is refused before
 * anything reaches the core's worker, and with no page connected an event costs no JSON.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { fakeThreadedCore } from '../app/core-thread/fake-threaded-core';
import { fakeCore } from './fake-core';

const SECRET = 'c'.repeat(64);
let rendererDir: string;
let shell: WebShell | null = null;

beforeEach(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'fleet-web-relay-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Fleet Desk</title>');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await shell?.close();
  shell = null;
  await rm(rendererDir, { recursive: true, force: true });
});

function post(port: number, channel: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: `/api/invoke/${channel}`, method: 'POST', headers: { 'content-type': 'application/json', 'x-fleet-secret': SECRET } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function connect(port: number): Promise<{ ws: WebSocket; frames: string[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/events`, ['fleet-desk', `secret.${SECRET}`]);
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    ws.on('open', () => resolve({ ws, frames }));
    ws.on('error', reject);
  });
}

describe('web shell relay work', () => {
  it('refuses a bad body before anything reaches the core’s worker', async () => {
    const core = fakeThreadedCore();
    shell = await startWebShell({ core, rendererDir, secret: SECRET, log: () => {} });
    expect((await post(shell.port, 'assets:get', '{')).status).toBe(400);
    expect(core.invokeSerialized).not.toHaveBeenCalled();
    expect(JSON.parse((await post(shell.port, 'assets:get', '{"args":[]}')).body)).toEqual({ ok: true, value: { answered: 'assets:get' } });
  });

  it('writes no event JSON while no page is connected (in-thread core)', async () => {
    const core = fakeCore();
    shell = await startWebShell({ core, rendererDir, secret: SECRET, log: () => {} });
    const stringify = vi.spyOn(JSON, 'stringify');
    core.emit('assets', { profileId: 'p', fetchedAt: 't', source: 'network', assets: [] } as never);
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
    const { ws, frames } = await connect(shell.port);
    core.emit('status', { state: 'ok' } as never);
    await vi.waitFor(() => expect(frames).toHaveLength(2));
    // First the count of list events sent before the page joined (the one above), then the event.
    expect(frames.map((f) => JSON.parse(f) as unknown)).toEqual([
      { name: 'socket:hello', payload: { listEvents: 1 } },
      { name: 'status', payload: { state: 'ok' } },
    ]);
    ws.close();
  });
});
