/**
 * `npm run web`: starts the core (in its worker thread) and the web shell, prints the page address (with its
 * per-launch secret) on a line of its own, and stops cleanly on SIGINT/SIGTERM.
 */
import { mkdirSync } from 'node:fs';
import { startFleetDesk } from '../app/core-thread/start-core';
import { scrubSecrets } from '../core/errors';
import { version } from '../../package.json';
import { readLastPort, rememberPort, runningLine, startOnLastPort, webPlatformHooks, webPort, webRendererDir, webUserDataDir } from './cli-options';
import { startWebShell } from './server';

async function main(): Promise<void> {
  const env = process.env;
  const port = webPort(env);
  const userDataDir = webUserDataDir(env);
  mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
  // The core runs in its worker thread (FLEET_CORE_THREAD=main keeps it on this thread).
  const core = await startFleetDesk({ userDataDir, platform: webPlatformHooks(version), env });
  const rendererDir = webRendererDir(env, import.meta.url);
  const { started: shell, movedFrom } = await startOnLastPort((p) => startWebShell({ core, rendererDir, port: p }), {
    requested: port,
    lastPort: readLastPort(userDataDir),
  });
  rememberPort(userDataDir, shell.port);
  await core.start();
  process.stdout.write(runningLine(shell.url, movedFrom));

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
