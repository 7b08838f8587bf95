/** The web shell's launch settings, read from the environment (pure, for testing). */
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
