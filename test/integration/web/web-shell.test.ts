/** The web shell over real HTTP with the real core (built-in demo service). */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppInfo, Result } from '../../../src-main/contract';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { webPlatformHooks } from '../../../src-main/web/cli-options';
import { startWebShell } from '../../../src-main/web/server';
import type { WebShell } from '../../../src-main/web/server';

let dir: string;
let core: FleetDeskCore;
let shell: WebShell;

async function invoke<T>(channel: string, args: unknown[], secret = shell.secret): Promise<{ status: number; body: Result<T> }> {
  const res = await fetch(`http://127.0.0.1:${shell.port}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Fleet-Secret': secret },
    body: JSON.stringify({ args }),
  });
  return { status: res.status, body: (await res.json()) as Result<T> };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fleet-web-int-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  // No keychain in tests: FLEET_* variables are cleared so only the built-in demo is used.
  core = await createFleetDesk({ userDataDir: join(dir, 'data'), platform: webPlatformHooks('0.0.0-test'), env: {} });
  shell = await startWebShell({ core, rendererDir, log: () => {} });
});

afterAll(async () => {
  await shell?.close();
  await core?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('web shell with the real core', () => {
  it('answers app:info as the web shell', async () => {
    const { status, body } = await invoke<AppInfo>('app:info', []);
    expect(status).toBe(200);
    expect(body.ok && body.value.shell).toBe('web');
  });

  it('refreshes the asset list from the demo service and pushes the assets event over the WebSocket', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events`, ['fleet-desk', `secret.${shell.secret}`], {
      headers: { origin: `http://127.0.0.1:${shell.port}` },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const names: string[] = [];
    const assetsEvent = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const { name } = JSON.parse(String(data)) as { name: string };
        names.push(name);
        if (name === 'assets') resolve();
      }),
    );
    // The refresh answers nothing: its list arrives only as the event.
    const { body } = await invoke<void>('assets:refresh', []);
    expect(body).toEqual({ ok: true });
    await assetsEvent;
    expect(names).toContain('assets');
    ws.close();
  });

  it('keeps refusing bad input and a wrong secret with the real core behind it', async () => {
    expect((await invoke('trail:get', ['thing:1', 100000])).body).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    const wrong = await invoke('app:info', [], '0'.repeat(64));
    expect(wrong.status).toBe(403);
  });

  it('frames embed maps only from each profile’s own site or the origins added to it', async () => {
    const saved = await invoke('profiles:save', [
      {
        name: 'Hosted',
        baseUrl: 'https://api.hosted-fleet.example/v1',
        aempUrl: 'https://aemp.elsewhere.example/aemp',
        authorizeUrl: '',
        tokenUrl: '',
        clientId: '',
        scopes: '',
        embedOrigins: ['https://maps.partner.example'],
      },
    ]);
    expect(saved.body.ok).toBe(true);
    const page = await fetch(`http://127.0.0.1:${shell.port}/`);
    const frames = /frame-src[^;]*/.exec(page.headers.get('content-security-policy') ?? '')?.[0] ?? '';
    expect(frames.split(' ')).toEqual(
      expect.arrayContaining(['https://hosted-fleet.example:*', 'https://*.hosted-fleet.example:*', 'https://maps.partner.example']),
    );
    expect(frames).not.toContain('elsewhere.example');
    expect(frames).not.toMatch(/ https?:( |$)/);
  });
});
