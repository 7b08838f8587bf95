/**
 * The built-in demo service runs only while the demo profile is active: not at all for a
 * real profile (and its origin is then in no page policy), started on the switch to the
 * demo profile, stopped on the switch away, started again (same port) on the way back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import { cspOriginsFromCore } from '../../../src-main/core/csp';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { electronCsp } from '../../../src-main/electron/csp';
import { webShellCsp } from '../../../src-main/web/security';

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** True when something answers HTTP on the port. */
async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/v1/branch/current/assets`);
    return true;
  } catch {
    return false;
  }
}

async function pagePolicies(core: FleetDeskCore): Promise<string[]> {
  const origins = await cspOriginsFromCore(core);
  return [electronCsp(origins), webShellCsp(5000, origins).replace(/ws:\/\/(127\.0\.0\.1|localhost):5000/g, '')];
}

describe('the demo service follows the demo profile', () => {
  let dir: string;
  let core: FleetDeskCore;
  let port: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-desk-demo-life-'));
    port = await freePort();
    core = await createFleetDesk({
      userDataDir: dir,
      platform: { shell: 'web', version: '0.0.0-test', openExternal: async () => undefined },
      // A real service in the environment: Fleet Desk starts on it, not on the demo.
      env: {
        FLEET_BASE_URL: 'https://fleet.example.com/v1',
        FLEET_DEMO_PORT: String(port),
        FLEET_DEMO_ASSETS: '5',
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
      },
    });
  });

  afterEach(async () => {
    await core.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const demoProfile = async () => (await core.handlers['profiles:list']()).profiles.find((p) => p.id === 'demo')!;

  it('is not started for a real profile, and no page policy names a loopback origin for it', async () => {
    expect((await core.handlers['profiles:list']()).activeId).toBe('env');
    expect(await listening(port)).toBe(false);
    expect((await demoProfile()).baseUrl).toBe('');
    for (const policy of await pagePolicies(core)) expect(policy).not.toMatch(/127\.0\.0\.1|localhost/);
    expect((await core.handlers['map:base']()).kind).not.toBe('demo');
  });

  it('starts on the switch to the demo profile, stops on the switch away, and starts again on the way back', async () => {
    await core.handlers['profiles:switch']('demo');
    expect(await listening(port)).toBe(true);
    expect((await demoProfile()).baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
    await core.handlers['assets:refresh']();
    expect((await core.handlers['assets:get']())?.assets).toHaveLength(5);
    for (const policy of await pagePolicies(core)) expect(policy).toContain(`http://127.0.0.1:${port}`);
    expect((await core.handlers['map:base']()).kind).toBe('demo');

    await core.handlers['profiles:switch']('env');
    expect(await listening(port)).toBe(false);
    for (const policy of await pagePolicies(core)) expect(policy).not.toMatch(/127\.0\.0\.1|localhost/);

    await core.handlers['profiles:switch']('demo');
    expect(await listening(port)).toBe(true);
    // A new run of the service issues new tokens: the profile is signed in with this run's.
    await expect(core.handlers['assets:refresh']()).resolves.toBeUndefined();
    expect((await core.handlers['status:get']()).state).toBe('online');
  });
});
