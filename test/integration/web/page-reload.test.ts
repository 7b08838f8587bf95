/**
 * The web shell's page policy is fixed when the page loads: a page served on a real
 * profile has no demo origin in frame-src. Switching to the demo then tells the page to
 * reload ('page:reload-needed'), and switching back tells it there is no need.
 */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ProfilesState } from '../../../src-main/contract';
import { useRealCoreShell } from './real-core-shell';

const real = useRealCoreShell('fleet-web-reload-');

/** The call's value; a refusal fails the test with its message. */
async function invoke<T>(channel: string, args: unknown[]): Promise<T> {
  const { body } = await real.invoke<T>(channel, args);
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.value;
}

async function frameSrc(): Promise<string> {
  const page = await fetch(`http://127.0.0.1:${real.shell.port}/`);
  return /frame-src[^;]*/.exec(page.headers.get('content-security-policy') ?? '')?.[0] ?? '';
}

/** The page's event socket, keeping every 'page:reload-needed' it is told. */
async function pageSocket(): Promise<{ told: { needed: boolean }[]; close: () => void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${real.shell.port}/api/events`, ['fleet-desk', `secret.${real.shell.secret}`], { headers: { origin: `http://127.0.0.1:${real.shell.port}` } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const told: { needed: boolean }[] = [];
  ws.on('message', (data) => {
    const { name, payload } = JSON.parse(String(data)) as { name: string; payload: { needed: boolean } };
    if (name === 'page:reload-needed') told.push(payload);
  });
  return { told, close: () => ws.close() };
}

describe('web shell: a profile switch the page policy does not cover', () => {
  it('tells a page served on a real profile to reload when the demo becomes active, and not when the page already allows its maps', async () => {
    const hostedId = await invoke<string>('profiles:save', [
      { name: 'Hosted', baseUrl: 'https://api.hosted-fleet.example/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '', embedOrigins: [] },
    ]);
    await invoke<void>('profiles:switch', [hostedId]);
    const served = await frameSrc();
    expect(served).toContain('hosted-fleet.example');
    expect(served).not.toContain('127.0.0.1'); // the demo is not active: its origin is not in the policy

    const page = await pageSocket();
    await invoke<void>('profiles:switch', ['demo']);
    await expect.poll(() => page.told).toEqual([{ needed: true }]);

    // Back on the profile the page was served with: nothing to reload any more.
    await invoke<void>('profiles:switch', [hostedId]);
    await expect.poll(() => page.told).toEqual([{ needed: true }, { needed: false }]);
    page.close();

    // A page served while the demo is active has its origin: switching to it again asks for nothing.
    await invoke<void>('profiles:switch', ['demo']);
    expect(await frameSrc()).toContain('127.0.0.1');
    const fresh = await pageSocket();
    await invoke<void>('profiles:switch', [hostedId]);
    await invoke<void>('profiles:switch', ['demo']);
    const profiles = await invoke<ProfilesState>('profiles:list', []);
    expect(profiles.activeId).toBe('demo');
    expect(fresh.told).toEqual([]);
    fresh.close();
  });
});
