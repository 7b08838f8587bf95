/**
 * `npm run web`: starts the core (in its worker thread) and the web shell, prints the page address (with its
 * per-launch secret) on a line of its own, and stops cleanly on SIGINT/SIGTERM.
 */
import { mkdirSync } from 'node:fs';
import { startFleetDesk } from '../app/core-thread/start-core';
import { scrubSecrets } from '../core/errors';
import { version } from '../../package.json';
import { webPlatformHooks, webPort, webRendererDir, webUserDataDir } from './cli-options';
import { startWebShell } from './server';

async function main(): Promise<void> {
  const env = process.env;
  const port = webPort(env);
  const userDataDir = webUserDataDir(env);
  mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
  // The core runs in its worker thread (FLEET_CORE_THREAD=main keeps it on this thread).
  const core = await startFleetDesk({ userDataDir, platform: webPlatformHooks(version), env });
  const shell = await startWebShell({ core, rendererDir: webRendererDir(env, import.meta.url), port });
  await core.start();
  process.stdout.write(`Fleet Desk is running. Open this address in your browser (it carries this run's access key):\n${shell.url}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`Fleet Desk: stopping (${signal}).\n`);
    shell
      .close()
      .then(() => core.stop())
      .catch((err: unknown) => process.stderr.write(`${scrubSecrets(`Fleet Desk: ${err instanceof Error ? err.message : String(err)}`)}\n`))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${scrubSecrets(`Fleet Desk could not start: ${err instanceof Error ? err.message : String(err)}`)}\n`);
  process.exit(1);
});
