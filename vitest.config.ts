import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Three projects: `unit` (plain Node: core, shells with vi.mock('electron'), demo),
// `dom` (Svelte components and renderer state in jsdom) and `integration` (the core
// against the demo service over real HTTP on 127.0.0.1).
// The renderer imports the contract through this alias (as in electron.vite.config.ts).
const alias = { '@contract': resolve(__dirname, 'src-main/contract/index.ts') };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/renderer/**'],
        },
      },
      {
        plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.js') })],
        resolve: { conditions: ['browser'], alias },
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/unit/renderer/**/*.test.ts'],
          setupFiles: ['test/unit/renderer/setup.ts'],
        },
      },
      {
        // Run by test/keychain/run-with-keyring.sh inside a private D-Bus session
        // with gnome-keyring, so they talk to a real Secret Service.
        test: {
          name: 'keychain',
          environment: 'node',
          include: ['test/keychain/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
