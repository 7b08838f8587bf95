/** The web shell over real HTTP with the real core (only the built-in demo profile at start), for integration tests. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { Result } from '../../../src-main/contract';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { webPlatformHooks } from '../../../src-main/web/cli-options';
import { startWebShell, type WebShell } from '../../../src-main/web/server';

export interface RealCoreShell {
  core: FleetDeskCore;
  shell: WebShell;
  /** A renderer's call over HTTP: the status and the Result. */
  invoke<T>(channel: string, args: unknown[], secret?: string): Promise<{ status: number; body: Result<T> }>;
  close(): Promise<void>;
}

export async function startRealCoreShell(prefix: string): Promise<RealCoreShell> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  // No keychain in tests: FLEET_* variables are cleared so only the built-in demo is used.
  const core = await createFleetDesk({ userDataDir: join(dir, 'data'), platform: webPlatformHooks('0.0.0-test'), env: {} });
  const shell = await startWebShell({ core, rendererDir, log: () => {} });
  return {
    core,
    shell,
    async invoke<T>(channel: string, args: unknown[], secret = shell.secret) {
      const res = await fetch(`http://127.0.0.1:${shell.port}/api/invoke/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Fleet-Secret': secret },
        body: JSON.stringify({ args }),
      });
      return { status: res.status, body: (await res.json()) as Result<T> };
    },
    async close() {
      await shell.close();
      await core.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Starts one for the test file (before all its tests) and closes it after them; read `.shell` inside tests. */
export function useRealCoreShell(prefix: string): RealCoreShell {
  let running: RealCoreShell | null = null;
  const started = (): RealCoreShell => {
    if (!running) throw new Error('The web shell starts before the tests run.');
    return running;
  };
  beforeAll(async () => {
    running = await startRealCoreShell(prefix);
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get core() {
      return started().core;
    },
    get shell() {
      return started().shell;
    },
    invoke: (channel, args, secret) => started().invoke(channel, args, secret),
    close: () => started().close(),
  };
}
