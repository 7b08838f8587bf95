/** The web shell's launch settings, read from the environment (pure, for testing). */
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlatformHooks } from '../core/ports';

export type Env = Record<string, string | undefined>;

/** `FLEET_WEB_PORT`, default 0 (a free port). Throws a readable error for anything else. */
export function webPort(env: Env): number {
  const raw = env.FLEET_WEB_PORT?.trim();
  if (!raw) return 0;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new Error(`FLEET_WEB_PORT must be a port number from 0 to 65535, got "${raw}".`);
  return port;
}

/** `FLEET_USER_DATA`, or `~/.config/fleet-desk-web`. */
export function webUserDataDir(env: Env, home: string = homedir()): string {
  return env.FLEET_USER_DATA ? resolve(env.FLEET_USER_DATA) : join(home, '.config', 'fleet-desk-web');
}

/** `FLEET_RENDERER_DIR`, or `out/renderer` beside the built `out/main/web.js`. */
export function webRendererDir(env: Env, moduleUrl: string): string {
  if (env.FLEET_RENDERER_DIR) return resolve(env.FLEET_RENDERER_DIR);
  return resolve(dirname(fileURLToPath(moduleUrl)), '..', 'renderer');
}

/** The browser opens links and downloads itself, so the web shell needs no native hooks. */
export function webPlatformHooks(version: string): PlatformHooks {
  return {
    shell: 'web',
    version,
    // The renderer opens a new tab itself; nothing to do on the server.
    openExternal: async () => {},
  };
}

/**
 * The port of the last run, kept as a plain number in the user-data folder: the page's
 * address (its origin) stays the same from one start to the next, so what the browser
 * keeps per origin (its storage, bookmarks, the address in the history) still applies.
 * The per-launch secret is never written here.
 */
export const LAST_PORT_FILE = 'web-port';

/** The port the last run listened on, or null when none was kept or the file holds anything but a port. */
export function readLastPort(userDataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(userDataDir, LAST_PORT_FILE), 'utf8').trim();
  } catch {
    return null;
  }
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : null;
}

/** Keeps the port for the next run (best effort: without it the next run takes a free port). */
export function rememberPort(userDataDir: string, port: number): void {
  try {
    writeFileSync(join(userDataDir, LAST_PORT_FILE), `${port}\n`, { encoding: 'utf8', mode: 0o600 });
  } catch {
    // Not kept: the next start takes a free port and says so.
  }
}

/** Why a port could not be used by us, but another one can. */
function portUnavailable(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

/**
 * Starts on the port asked for (`FLEET_WEB_PORT`) when one was; else on the last run's port
 * when it is free, else on a free port (`movedFrom` then names the port that was taken).
 */
export async function startOnLastPort<T>(
  start: (port: number) => Promise<T>,
  options: { requested: number; lastPort: number | null },
): Promise<{ started: T; movedFrom: number | null }> {
  const { requested, lastPort } = options;
  if (requested !== 0 || lastPort === null) return { started: await start(requested), movedFrom: null };
  try {
    return { started: await start(lastPort), movedFrom: null };
  } catch (err) {
    if (!portUnavailable(err)) throw err;
    return { started: await start(0), movedFrom: lastPort };
  }
}

/** The console line with the page's address; it says when the address is not the last run's. */
export function runningLine(url: string, movedFrom: number | null): string {
  const moved = movedFrom === null ? '' : ` on a new address (port ${movedFrom}, used last time, is taken)`;
  return `Fleet Desk is running${moved}. Open this address in your browser (it carries this run's access key):\n${url}\n`;
}
