/** The web shell over real HTTP with the real core (built-in demo service). */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppInfo, ProfilesState, Settings } from '../../../src-main/contract';
import { useRealCoreShell } from './real-core-shell';

const real = useRealCoreShell('fleet-web-int-');

const invoke = <T>(channel: string, args: unknown[], secret?: string) => real.invoke<T>(channel, args, secret);

describe('web shell with the real core', () => {
  it('answers app:info as the web shell', async () => {
    const { status, body } = await invoke<AppInfo>('app:info', []);
    expect(status).toBe(200);
    expect(body.ok && body.value.shell).toBe('web');
  });

  it('refreshes the asset list from the demo service and pushes the assets event over the WebSocket', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${real.shell.port}/api/events`, ['fleet-desk', `secret.${real.shell.secret}`], {
      headers: { origin: `http://127.0.0.1:${real.shell.port}` },
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

  it('answers settings and profile changes with nothing the events carry, and the calling page hears the events', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${real.shell.port}/api/events`, ['fleet-desk', `secret.${real.shell.secret}`], {
      headers: { origin: `http://127.0.0.1:${real.shell.port}` },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const heard: { name: string; payload: unknown }[] = [];
    ws.on('message', (data) => heard.push(JSON.parse(String(data)) as { name: string; payload: unknown }));
    const last = (name: string) => heard.filter((e) => e.name === name).at(-1)?.payload;

    expect((await invoke<void>('settings:set', [{ staleAfterMin: 90 }])).body).toEqual({ ok: true });
    await expect.poll(() => (last('settings') as Settings | undefined)?.staleAfterMin).toBe(90);

    const saved = await invoke<string>('profiles:save', [{ name: 'Announced', baseUrl: 'https://announced.example/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' }]);
    expect(saved.body.ok).toBe(true);
    const id = saved.body.ok ? saved.body.value : '';
    expect(id).toMatch(/^p-/);
    await expect.poll(() => (last('profiles:changed') as ProfilesState | undefined)?.profiles.find((p) => p.id === id)?.name).toBe('Announced');

    expect((await invoke<void>('profiles:switch', [id])).body).toEqual({ ok: true });
    await expect.poll(() => (last('profiles:changed') as ProfilesState | undefined)?.activeId).toBe(id);
    expect((await invoke<void>('profiles:switch', ['demo'])).body).toEqual({ ok: true });
    expect((await invoke<void>('profiles:delete', [id])).body).toEqual({ ok: true });
    await expect.poll(() => (last('profiles:changed') as ProfilesState | undefined)?.profiles.some((p) => p.id === id)).toBe(false);
    ws.close();
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
    const page = await fetch(`http://127.0.0.1:${real.shell.port}/`);
    const frames = /frame-src[^;]*/.exec(page.headers.get('content-security-policy') ?? '')?.[0] ?? '';
    expect(frames.split(' ')).toEqual(
      expect.arrayContaining(['https://hosted-fleet.example:*', 'https://*.hosted-fleet.example:*', 'https://maps.partner.example']),
    );
    expect(frames).not.toContain('elsewhere.example');
    expect(frames).not.toMatch(/ https?:( |$)/);
  });
});
