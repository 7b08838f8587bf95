/**
 * The packaged main (`out/main/index.js`) in real Electron, for machines that have the
 * Electron binary. Where the binary is missing the test reports itself skipped with the
 * reason; it never counts as passed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { saveScreenshot } from './support/screenshots';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'out', 'main', 'index.js');

/**
 * The Electron executable, or why there is none. Resolved like the electron package does
 * (path.txt + dist/, or ELECTRON_OVERRIDE_DIST_PATH) but without `require('electron')`,
 * which would try to download the binary.
 */
function electronBinary(): { path: string } | { missing: string } {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(join(ROOT, 'package.json')).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!executable && !override) return { missing: 'node_modules/electron holds no downloaded binary (no path.txt)' };
  const path = override ? join(override, executable || 'electron') : join(packageDir, 'dist', executable);
  if (!existsSync(path)) return { missing: `no file at ${path}` };
  return { path };
}

test('the Electron app opens its window on the built-in demo', async () => {
  const binary = electronBinary();
  test.skip('missing' in binary, `Electron binary not available on this machine: ${'missing' in binary ? binary.missing : ''}`);
  if (!('path' in binary)) return;
  expect(existsSync(MAIN), 'run electron-vite build first').toBe(true);

  const userData = mkdtempSync(join(tmpdir(), 'fleet-desk-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: [MAIN, '--no-sandbox', '--disable-gpu'],
    env: { ...process.env, FLEET_USER_DATA: userData },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('asset-list').getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await expect(window.getByLabel('Asset list').getByText(/60 of 60 assets/)).toBeVisible();
    // The renderer is sandboxed: no Node in the page.
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    await saveScreenshot(window, 'electron-window');
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
});
