/**
 * Builds the renderer and the web shell's main side into their own folders for the
 * benchmark (production mode, like the shipped app), so a bench run measures the code
 * as it is now and never races another build writing `out/`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';
import { RENDERER_CODE_SPLITTING } from '../../electron.vite.config';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const BENCH_RENDERER_DIR = resolve(ROOT, 'out', 'bench-renderer');
export const BENCH_MAIN_DIR = resolve(ROOT, 'out', 'bench-main');

export interface BenchBuildOptions {
  reuse?: boolean;
  log?: (line: string) => void;
  /** Where the build goes (the bench's own folder unless given). */
  outDir?: string;
}

/**
 * Builds the renderer unless `reuse` is set and a build is already there; returns its
 * folder. `source` builds another copy of src-renderer (an A/B profile's "before"), and
 * `minify: false` keeps function names for a profile.
 */
export async function buildBenchRenderer(options: BenchBuildOptions & { source?: string; minify?: boolean } = {}): Promise<string> {
  const outDir = options.outDir ?? BENCH_RENDERER_DIR;
  const source = options.source ?? resolve(ROOT, 'src-renderer');
  if (options.reuse && existsSync(resolve(outDir, 'index.html'))) return outDir;
  options.log?.(`Building the renderer into ${outDir} …`);
  await build({
    root: source,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    configFile: false,
    plugins: [svelte({ configFile: resolve(ROOT, 'svelte.config.js') })],
    // The tsconfig paths cover src-renderer only; a copy elsewhere needs the alias spelt out.
    resolve: { alias: { '@contract': resolve(ROOT, 'src-main/contract/index.ts') } },
    build: { outDir, emptyOutDir: true, minify: options.minify ?? true, rollupOptions: { input: resolve(source, 'index.html'), output: { codeSplitting: RENDERER_CODE_SPLITTING } } },
  });
  return outDir;
}

/** Bundles the web shell entry and the core's worker entry (runtime dependencies stay external, as in `electron-vite build`); returns the shell's entry file. */
export async function buildBenchWebShell(options: BenchBuildOptions = {}): Promise<string> {
  const outDir = options.outDir ?? BENCH_MAIN_DIR;
  const entry = resolve(outDir, 'web.js');
  if (options.reuse && existsSync(entry)) return entry;
  options.log?.(`Building the web shell into ${outDir} …`);
  await build({
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    configFile: false,
    build: {
      // The shell and the core's worker thread it starts (found beside web.js at run time), as electron-vite builds them.
      ssr: true,
      outDir,
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
