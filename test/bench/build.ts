/**
 * Builds the renderer and the web shell's main side into their own folders for the
 * benchmark (production mode, like the shipped app), so a bench run measures the code
 * as it is now and never races another build writing `out/`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const BENCH_RENDERER_DIR = resolve(ROOT, 'out', 'bench-renderer');
export const BENCH_MAIN_DIR = resolve(ROOT, 'out', 'bench-main');

/** Builds the renderer unless `reuse` is set and a build is already there; returns its folder. */
export async function buildBenchRenderer(options: { reuse?: boolean; log?: (line: string) => void } = {}): Promise<string> {
  if (options.reuse && existsSync(resolve(BENCH_RENDERER_DIR, 'index.html'))) return BENCH_RENDERER_DIR;
  options.log?.(`Building the renderer into ${BENCH_RENDERER_DIR} …`);
  await build({
    root: resolve(ROOT, 'src-renderer'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    configFile: false,
    plugins: [svelte({ configFile: resolve(ROOT, 'svelte.config.js') })],
    build: { outDir: BENCH_RENDERER_DIR, emptyOutDir: true, rollupOptions: { input: resolve(ROOT, 'src-renderer/index.html') } },
  });
  return BENCH_RENDERER_DIR;
}

/** Bundles the web shell entry and the core's worker entry (runtime dependencies stay external, as in `electron-vite build`); returns the shell's entry file. */
export async function buildBenchWebShell(options: { reuse?: boolean; log?: (line: string) => void } = {}): Promise<string> {
  const entry = resolve(BENCH_MAIN_DIR, 'web.js');
  if (options.reuse && existsSync(entry)) return entry;
  options.log?.(`Building the web shell into ${BENCH_MAIN_DIR} …`);
  await build({
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    configFile: false,
    build: {
      // The shell and the core's worker thread it starts (found beside web.js at run time), as electron-vite builds them.
      ssr: true,
      outDir: BENCH_MAIN_DIR,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: {
        input: { web: resolve(ROOT, 'src-main/web/cli.ts'), 'core-worker': resolve(ROOT, 'src-main/app/core-thread/core-worker.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  });
  return entry;
}
