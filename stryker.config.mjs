// Mutation testing of the modules that defend something: `npm run mutate`.
// A rerun tests only mutants whose source or covering tests changed (incremental mode,
// results kept in test/mutation/stryker-incremental.json, committed so a fresh clone
// starts warm); `npm run mutate -- --force` tests every mutant again.
// Survivors that no test can tell apart are listed in test/mutation/TRIAGE.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Only the `unit` and `dom` projects; `related` runs only tests that import the module.
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // A "static" mutant runs while a module loads (a constant, a table, a regex at the top
  // level); Stryker can only test one by reloading and running every test, which costs
  // hours here. They are left out of the score: test/mutation/TRIAGE.md lists them and
  // how to test one module's static mutants on demand. Mutants covered both at load and
  // by tests still run, against the tests that cover them.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  mutate: [
    // Web shell: request checks, server, static files.
    'src-main/web/security.ts',
    'src-main/web/server.ts',
    'src-main/web/static-files.ts',
    // HTTP client, its errors, body reading, retry waits, and the limits.
    'src-main/core/http/*.ts',
    'src-main/core/limits.ts',
    // Pagination and the parsers of service answers.
    'src-main/core/aemp/paginate.ts',
    'src-main/core/aemp/links.ts',
    'src-main/core/aemp/parse-document.ts',
    'src-main/core/aemp/parse-aemp.ts',
    'src-main/core/assets/asset-schema.ts',
    'src-main/core/assets/json-array-spans.ts',
    'src-main/core/assets/asset-list-reader.ts',
    // Secret scrubbing.
    'src-main/core/errors.ts',
    // Embed URL policy and sessions.
    'src-main/core/embed/*.ts',
    // Credentials.
    'src-main/core/auth/token-vault.ts',
    'src-main/core/auth/oauth.ts',
    // The offline store's file handling.
    'src-main/core/store/database-file.ts',
    'src-main/core/store/salvage-assets.ts',
    // Electron shell.
    'src-main/electron/ipc.ts',
    'src-main/electron/navigation.ts',
    'src-main/electron/window.ts',
    'src-main/electron/embed-view.ts',
    'src-main/electron/menu.ts',
    'src-main/electron/user-data.ts',
    // Content Security Policy.
    'src-main/core/csp.ts',
    // Renderer: Leaflet popups, tooltips and markers built from nodes.
    'src-renderer/src/lib/map/popup.ts',
    'src-renderer/src/lib/map/markers.ts',
    'src-renderer/src/lib/map/marker-elements.ts',
  ],
  // Not needed to run the unit and dom tests; keeps the sandbox copy small.
  ignorePatterns: ['/out', '/dist', '/.tmp', '/test-results', '/playwright-report', '/coverage', '/test/e2e', '/test/bench/results'],
  // Under .tmp/, which git and eslint already ignore.
  tempDirName: '.tmp/stryker',
  cleanTempDir: 'always',
  concurrency: 2,
  // A mutant that retries forever or never settles is counted as killed by timeout:
  // each mutant run may take twice the tests' normal time plus 10 s (the machine is shared).
  timeoutMS: 10_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 10,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportMutants: true, reportScoreTable: true },
};
