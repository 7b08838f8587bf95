import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Plugin } from 'vite';

/**
 * The built page must carry no Content-Security-Policy of its own: each shell sends the
 * one built by src-main/core/csp.ts, and a static one could only be looser (where it is
 * the page's only policy) or block the tile server chosen at run time.
 */
function noStaticCsp(): Plugin {
  return {
    name: 'fleet-desk:no-static-csp',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (/<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy/i.test(html)) {
          throw new Error('src-renderer/index.html must not carry a Content-Security-Policy: each shell sends the one from src-main/core/csp.ts.');
        }
        return html;
      },
    },
  };
}

/**
 * The renderer's chunks: everything the page imports at start in one chunk (next to the
 * entry), the views it loads later in chunks of their own (src-renderer/src/lib/lazy-views.ts).
 * Rolldown otherwise splits the modules the start shares with those views into several
 * small chunks, and a browser asks a host for at most six files at a time. The bench builds
 * its renderer with the same option (test/bench/build.ts).
 */
export const RENDERER_CODE_SPLITTING = { groups: [{ name: 'index', tags: ['$initial' as const] }] };

// Three builds: the main side (Electron entry + the web shell entry + the core's worker
// entry, which bundles the core; runtime dependencies stay external), the sandboxed preload (CommonJS, as
// sandboxed preloads require), and the renderer (Svelte; renderer-only libraries such
// as Leaflet are bundled here and never reach the main bundle).
// electron-vite gives its config a __dirname; the bench imports this module as plain ESM (test/bench/build.ts).
const ROOT = typeof __dirname === 'string' ? __dirname : import.meta.dirname;
const CONTRACT = resolve(ROOT, 'src-main/contract/index.ts');

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(ROOT, 'src-main/electron/main.ts'),
          web: resolve(ROOT, 'src-main/web/cli.ts'),
          // The core's worker thread, started by both shells (src-main/app/core-thread/worker-entry.ts finds it beside them).
          'core-worker': resolve(ROOT, 'src-main/app/core-thread/core-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron' and a few Node built-ins, never a
      // package: the contract's libraries (valibot) are bundled into it.
      externalizeDeps: { exclude: ['valibot'] },
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(ROOT, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(ROOT, 'src-renderer'),
    // The renderer reaches the main side's code only through the contract (lint zones in eslint.config.js).
    resolve: { alias: { '@contract': CONTRACT } },
    build: {
      outDir: resolve(ROOT, 'out/renderer'),
      rollupOptions: { input: resolve(ROOT, 'src-renderer/index.html'), output: { codeSplitting: RENDERER_CODE_SPLITTING } },
      // electron-vite leaves the renderer unminified by default: half the code to parse and
      // compile at every window start (1 MB -> 0.5 MB). The views the first rows do not need
      // are chunks of their own (src-renderer/src/lib/lazy-views.ts).
      minify: true,
    },
    plugins: [svelte({ configFile: resolve(ROOT, 'svelte.config.js') }), noStaticCsp()],
  },
});
