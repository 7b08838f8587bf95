#!/usr/bin/env node
// `npm start`: builds the app, then runs it in Electron when the Electron binary is
// present. On machines without it (the binary cannot be downloaded here) it says so in
// one line and points to the web shell.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(projectDir, 'package.json'));

function unavailable(reason) {
  process.stderr.write(
    `Fleet Desk: the Electron binary is not available on this machine (${reason}). Run "npm run web" to use Fleet Desk in your browser instead.\n`,
  );
  process.exit(1);
}

/**
 * The Electron executable's path, or the reason it cannot be used. Resolved the way
 * the electron package does (path.txt + dist/, or ELECTRON_OVERRIDE_DIST_PATH) but
 * without `require('electron')`, which would try to download the binary.
 */
function findElectron() {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  let executable = '';
  try {
    executable = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    // No path.txt: the binary was never downloaded (unless an override dist is given).
  }
  let binary;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron');
  else if (executable) binary = join(packageDir, 'dist', executable);
  else return { reason: 'node_modules/electron holds no downloaded binary' };
  try {
    if (!statSync(binary).isFile()) return { reason: `${binary} is not a file` };
    accessSync(binary, constants.X_OK);
  } catch {
    return { reason: `${binary} is missing or not executable` };
  }
  const probe = spawnSync(binary, ['--version'], { timeout: 10_000, encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
  if (probe.error || probe.status !== 0) return { reason: `${binary} does not start (${probe.error?.message ?? `exit ${probe.status}`})` };
  return { binary };
}

const build = spawnSync(process.execPath, [join(projectDir, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: projectDir, stdio: 'inherit' });
if (build.status !== 0) {
  process.stderr.write('Fleet Desk: the build failed (see above).\n');
  process.exit(build.status ?? 1);
}

const found = findElectron();
if (!found.binary) unavailable(found.reason);

const child = spawn(found.binary, [projectDir], { cwd: projectDir, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
