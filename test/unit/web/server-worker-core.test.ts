/**
 * The web shell in front of a core that runs in its worker (app/core-thread): call
 * answers and events arrive as the JSON bytes the worker wrote and are passed on as
 * they are, as JSON text, with the byte length (not the character count) announced.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { EventChannel } from '../../../src-main/contract';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { fakeCore, type FakeCore } from './fake-core';

const SECRET = 'f'.repeat(64);
const bytes = (text: string) => new TextEncoder().encode(text);

type SerializedSink = (name: EventChannel, json: Uint8Array) => void;

let base: string;
let shell: WebShell;
let core: FakeCore & {
  invokeSerialized: ReturnType<typeof vi.fn>;
  subscribeSerialized: (sink: SerializedSink) => () => void;
  heldAnswer: ReturnType<typeof vi.fn>;
};
const serializedSinks = new Set<SerializedSink>();

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-web-serialized-'));
  await mkdir(join(base, 'renderer'), { recursive: true });
  await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>Fleet Desk</title>');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function start(held: (channel: unknown, args: unknown) => readonly Uint8Array[] | null = () => null): Promise<WebShell> {
  core = Object.assign(fakeCore(), {
    invokeSerialized: vi.fn(async () => bytes('{"ok":true,"value":{"name":"Zürich depot"}}')),
    heldAnswer: vi.fn(held),
    subscribeSerialized: (sink: SerializedSink) => {
      serializedSinks.add(sink);
      return () => serializedSinks.delete(sink);
    },
  });
  return startWebShell({ core, rendererDir: join(base, 'renderer'), secret: SECRET, log: () => {} });
}

/** POST /api/invoke/<channel> with `body`; the answer's status, headers and bytes. */
function post(channel: string, body: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: shell.port,
        path: `/api/invoke/${channel}`,
        method: 'POST',
        headers: { host: `127.0.0.1:${shell.port}`, 'content-type': 'application/json', 'x-fleet-secret': SECRET },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('web shell with the core in its worker', () => {
  it('sends an answer the main thread holds (the asset list) from its parts, whole and in order, without asking the worker', async () => {
    // A big list, its parts split inside a multi-byte character: the bytes go out as they are.
    const list = `{"rows":["${'Zürich '.repeat(200_000)}"]}`;
    const whole = bytes(`{"ok":true,"value":${list}}`);
    const cut = [0, 19, 700_001, 1_400_000, whole.byteLength];
    const parts = cut.slice(1).map((end, i) => whole.subarray(cut[i], end));
    shell = await start((channel, args) => (channel === 'assets:get' && Array.isArray(args) && args.length === 0 ? parts : null));
    try {
      const reply = await post('assets:get', '{"args":[]}');
      expect(reply.status).toBe(200);
      expect(reply.headers['content-length']).toBe(String(whole.byteLength));
      expect(reply.body.equals(Buffer.from(whole))).toBe(true);
      expect(core.heldAnswer).toHaveBeenCalledWith('assets:get', []);
      expect(core.invokeSerialized).not.toHaveBeenCalled();
      // The list events sent before this answer was made: those of the list, not the others.
      expect(reply.headers['x-fleet-list-events']).toBe('0');
      for (const sink of serializedSinks) sink('assets:changed', bytes('{"name":"assets:changed","payload":{}}'));
      for (const sink of serializedSinks) sink('alerts:counts', bytes('{"name":"alerts:counts","payload":{}}'));
      expect((await post('assets:get', '{"args":[]}')).headers['x-fleet-list-events']).toBe('1');
      // Nothing held for this call: the worker answers.
      const other = await post('app:info', '{"args":[]}');
      expect(other.body.toString('utf8')).toBe('{"ok":true,"value":{"name":"Zürich depot"}}');
      expect(core.invokeSerialized).toHaveBeenCalledWith('app:info', []);
    } finally {
      await shell.close();
    }
  });

  it("passes the worker's answer on as it is, announcing its length in bytes", async () => {
    shell = await start();
    try {
      const reply = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: shell.port,
            path: '/api/invoke/app:info',
            method: 'POST',
            headers: { host: `127.0.0.1:${shell.port}`, 'content-type': 'application/json', 'x-fleet-secret': SECRET },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end('{"args":[1]}');
      });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-store');
      // "ü" is two bytes: the length is the bytes', one more than the characters'.
      expect(reply.headers['content-length']).toBe(String(Buffer.byteLength('{"ok":true,"value":{"name":"Zürich depot"}}')));
      expect(reply.body.toString('utf8')).toBe('{"ok":true,"value":{"name":"Zürich depot"}}');
      expect(core.invokeSerialized).toHaveBeenCalledWith('app:info', [1]);
      expect(core.handlers['app:info']).not.toHaveBeenCalled();
    } finally {
      await shell.close();
    }
  });

  it("sends the worker's event bytes to open pages as text, and stops listening on close", async () => {
    shell = await start();
    expect(serializedSinks.size).toBe(1);
    expect(core.sinks.size).toBe(0); // the object events are not used
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events`, ['fleet-desk', `secret.${SECRET}`]);
    const received: { text: string; binary: boolean }[] = [];
    ws.on('message', (data, isBinary) => received.push({ text: String(data), binary: isBinary }));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await vi.waitFor(() => expect(received.map((m) => JSON.parse(m.text).name)).toEqual(['socket:hello']));
    for (const sink of serializedSinks) sink('menu:command', bytes('{"name":"menu:command","payload":{"command":"refresh"}}'));
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]).toEqual({ text: '{"name":"menu:command","payload":{"command":"refresh"}}', binary: false });
    ws.close();
    await shell.close();
    expect(serializedSinks.size).toBe(0);
  });
});
