/**
 * A sandboxed preload can require only 'electron' (and a few Node built-ins), never a
 * package from node_modules: Electron refuses the whole preload, and the page gets no
 * `window.fleetDesk`. The preload is built here with the project's own configuration,
 * and what the bundle requires is read back.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { PreloadConfigFactory } from 'electron-vite';
import config from '../../../electron.vite.config';

/** What a sandboxed preload may require (Electron's documented list). */
const SANDBOX_REQUIRES = new Set(['electron', 'events', 'timers', 'url', 'node:events', 'node:timers', 'node:url']);

let outDir = '';
let bundle = '';

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'fleet-preload-'));
  const base = config.preload ?? {};
  const resolved = await new PreloadConfigFactory(base, { configFile: false, logLevel: 'silent' }, { outDir }).build();
  await build({ ...resolved, configFile: false, logLevel: 'silent', build: { ...resolved.build, outDir, emptyOutDir: true } });
  const files = (await readdir(outDir)).filter((name) => name.endsWith('.cjs') || name.endsWith('.js'));
  bundle = (await Promise.all(files.map((name) => readFile(join(outDir, name), 'utf8')))).join('\n');
}, 120_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the sandboxed preload bundle', () => {
  it('requires nothing but what a sandboxed preload may require: the contract and its libraries are bundled in', () => {
    const required = [...bundle.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(required).toContain('electron');
    expect(required.filter((name) => !SANDBOX_REQUIRES.has(name))).toEqual([]);
    expect(bundle).not.toMatch(/\bimport\s*\(/);
  });
});
