/**
 * The web shell with the core in its worker thread (the default), against the built-in
 * demo service: the list comes over HTTP and events over the WebSocket, as the page gets them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ROW_COLUMNS_FORM, snapshotFromWire, type AssetRowSnapshotWire } from '../../../src-main/contract';
import { startFleetDesk } from '../../../src-main/app/core-thread/start-core';
import { isSerializedCore } from '../../../src-main/app/core-thread/serialized';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { startWebShell, type WebShell } from '../../../src-main/web/server';

let base: string;
let core: FleetDeskCore;
let shell: WebShell;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-core-thread-'));
  const rendererDir = join(base, 'renderer');
  await writeFile(join(base, 'index.html'), '');
  core = await startFleetDesk({
    userDataDir: join(base, 'data'),
    platform: { shell: 'web', version: 'test', openExternal: async () => {} },
    // No keychain here: the vault falls back to memory (through the relay).
    env: { FLEET_DEMO_ASSETS: '300', DBUS_SESSION_BUS_ADDRESS: '', PATH: process.env.PATH ?? '' },
  });
  shell = await startWebShell({ core, rendererDir, log: () => {} });
}, 60_000);

afterAll(async () => {
  await shell?.close();
  await core?.stop();
  await rm(base, { recursive: true, force: true });
});

async function invoke(channel: string, args: unknown[] = []): Promise<{ ok: boolean; value?: unknown; error?: { kind: string } }> {
  const res = await fetch(`http://127.0.0.1:${shell.port}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fleet-secret': shell.secret },
    body: JSON.stringify({ args }),
  });
  return (await res.json()) as never;
}

describe('web shell with the core in its worker', () => {
  it('starts the worker by default', () => {
    expect(isSerializedCore(core)).toBe(true);
  });

  it('gets the demo fleet’s list after the start-up refresh, and its events over the WebSocket', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events`, ['fleet-desk', `secret.${shell.secret}`]);
    const names: string[] = [];
    let listed = 0;
    const gotList = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { name: string; payload: unknown };
        names.push(message.name);
        if (message.name === 'assets') {
          // The rows travel as columns (contract row-wire.ts); the page reads them back.
          listed = snapshotFromWire(message.payload as AssetRowSnapshotWire)?.assets.length ?? 0;
          resolve();
        }
      }),
    );
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    await core.start();
    await gotList;
    expect(listed).toBe(300);
    expect(names).toContain('status');
    const list = await invoke('assets:get');
    expect(list.ok).toBe(true);
    expect((list.value as AssetRowSnapshotWire).assets.form).toBe(ROW_COLUMNS_FORM);
    expect(snapshotFromWire(list.value as AssetRowSnapshotWire)?.assets).toHaveLength(300);
    expect(await invoke('app:info')).toMatchObject({ ok: true, value: { shell: 'web', version: 'test', demo: true } });
    expect(await invoke('trail:get', ['thing:1', -5])).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    ws.close();
  }, 60_000);
});
