/**
 * Starts the real web shell (`out/main/web.js`, built by `npm run test:e2e`) as a child
 * process with its own user data folder, and reads the page address it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface WebShell {
  /** The page address, with the per-launch secret in its fragment. */
  url: string;
  origin: string;
  userDataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface WebShellOptions {
  env?: Record<string, string>;
  /** Reuse a folder (e.g. to restart on the same offline store). */
  userDataDir?: string;
}

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

export function freshUserDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'fleet-desk-e2e-'));
}

export async function startWebShell(options: WebShellOptions = {}): Promise<WebShell> {
  const userDataDir = options.userDataDir ?? freshUserDataDir();
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'out', 'main', 'web.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Keychain: whatever this machine offers (none in CI's e2e run: memory fallback).
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS ?? '',
      FLEET_USER_DATA: userDataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));

  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`web shell did not print its address in time:\n${log}`)), 30_000);
    const onData = (): void => {
      const match = /^http:\/\/127\.0\.0\.1:\S+$/m.exec(log);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web shell exited early (${code}):\n${log}`));
    });
  });

  return {
    url,
    origin: new URL(url).origin,
    userDataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
