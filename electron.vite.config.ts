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

// Three builds: the main side (Electron entry + the web shell entry + the core's worker
// entry, which bundles the core; runtime dependencies stay external), the sandboxed preload (CommonJS, as
// sandboxed preloads require), and the renderer (Svelte; renderer-only libraries such
// as Leaflet are bundled here and never reach the main bundle).
const CONTRACT = resolve(__dirname, 'src-main/contract/index.ts');

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/electron/main.ts'),
          web: resolve(__dirname, 'src-main/web/cli.ts'),
          // The core's worker thread, started by both shells (src-main/app/core-thread/worker-entry.ts finds it beside them).
          'core-worker': resolve(__dirname, 'src-main/app/core-thread/core-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    // The renderer reaches the main side's code only through the contract (lint zones in eslint.config.js).
    resolve: { alias: { '@contract': CONTRACT } },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.js') }), noStaticCsp()],
  },
});
