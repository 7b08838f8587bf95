import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Mutation testing (npm run mutate) runs only the fast projects: `unit` and `dom`.
// The integration, keychain and e2e suites start servers, keyrings or browsers and
// would make every mutant cost seconds; the projects are taken from vitest.config.ts
// by name so the two configs cannot drift apart.
const FAST_PROJECTS = new Set(['unit', 'dom']);

type Project = { test?: { name?: unknown; testTimeout?: number } };
const projects = (base.test?.projects ?? []) as Project[];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: projects
      .filter((project) => FAST_PROJECTS.has(String(project.test?.name)))
      // Instrumented code on a shared machine runs slower: a test's own time limit is
      // raised so only a mutant (caught by Stryker's timeout) can make it run out.
      .map((project) => ({ ...project, test: { ...project.test, testTimeout: 30_000 } })) as never,
  },
});
