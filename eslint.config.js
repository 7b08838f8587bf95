import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';
import noLeafletHtmlStrings from './eslint-rules/no-leaflet-html-strings.js';

// Lint zones (docs/architecture.md, "Lint zones"): which folder may import which. One rule object per
// zone, because a later config's no-restricted-imports replaces an earlier one's.
const ELECTRON_ONLY_IN_SHELL = { name: 'electron', message: 'Only src-main/electron and src-main/preload may import electron: keep the core plain Node.' };

const electronBan = { 'no-restricted-imports': ['error', { paths: [ELECTRON_ONLY_IN_SHELL] }] };

/** The core is plain Node and knows no shell, no demo service and no composition root. */
const coreZone = {
  'no-restricted-imports': [
    'error',
    {
      paths: [ELECTRON_ONLY_IN_SHELL],
      patterns: [
        {
          regex: '^\\.{1,2}/(.*/)?(app|demo|web|electron|preload)(/.*)?$',
          message: 'src-main/core imports nothing from app/, demo/, web/, electron/ or preload/: the composition root (src-main/app) wires them to the core.',
        },
      ],
    },
  ],
};

/** The renderer reaches the main side only through the contract, by its alias. */
const rendererZone = {
  'no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'electron', message: 'The renderer is sandboxed: use bridge() (window.fleetDesk).' }],
      patterns: [
        {
          regex: '(^|/)src-main(/|$)',
          message: "The renderer imports nothing from src-main but the contract, and that through its alias: import from '@contract'.",
        },
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
  // electron stays out of the core, the web shell, the demo service and the app.
  { files: ['src-main/**/*.ts'], ignores: ['src-main/electron/**', 'src-main/preload/**'], rules: electronBan },
  { files: ['src-main/core/**/*.ts'], rules: coreZone },
  { files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'], rules: rendererZone },
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
