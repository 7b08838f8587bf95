/**
 * Builds the renderer into its own folder for the benchmark (production mode, like the
 * shipped app), so a bench run never races another build writing `out/renderer`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');
export const BENCH_RENDERER_DIR = resolve(ROOT, 'out', 'bench-renderer');

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
