import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

const electronBan = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'electron', message: 'Only src-main/electron and src-main/preload may import electron: keep the core plain Node.' },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['.tmp/**', 'out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { projectService: true, extraFileExtensions: ['.svelte'], parser: tseslint.parser, svelteConfig } },
  },
  // electron stays out of the core, the web shell, the demo service and the renderer.
  { files: ['src-main/**/*.ts', 'src-renderer/**/*.ts', 'src-renderer/**/*.svelte'], ignores: ['src-main/electron/**', 'src-main/preload/**'], rules: electronBan },
  // The renderer may only import types from src-main.
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer is sandboxed: use window.fleet.' }],
          patterns: [{ group: ['**/src-main/**', '!**/src-main/contract'], message: 'The renderer imports only the contract (types) from src-main.' }],
        },
      ],
    },
  },
);
