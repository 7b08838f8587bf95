import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';
import noLeafletHtmlStrings from './eslint-rules/no-leaflet-html-strings.js';

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

/** Ways to turn a string into markup; the renderer builds nodes and sets textContent instead. */
const htmlSinkBan = [
  { selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]", message: 'Service text is text: build nodes and set textContent (clear with replaceChildren()).' },
  { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|setHTMLUnsafe|write|writeln)$/]", message: 'Service text is text: build nodes and set textContent.' },
];

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
  // Service text is text: no HTML strings into the DOM, Svelte markup or Leaflet.
  {
    files: ['src-renderer/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
  },
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    plugins: { 'fleet-desk': { rules: { 'no-leaflet-html-strings': noLeafletHtmlStrings } } },
    rules: {
      'fleet-desk/no-leaflet-html-strings': 'error',
      'svelte/no-at-html-tags': 'error',
      'no-restricted-syntax': ['error', ...htmlSinkBan],
    },
  },
);
