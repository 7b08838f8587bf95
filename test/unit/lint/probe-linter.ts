/**
 * ESLint with the project's own config, for tests that lint small sources placed
 * (virtually) at a path in the repository. Probe files exist only in memory: the
 * TypeScript project service types them through its default project (the repository's
 * compiler options) instead of tsconfig's file list.
 */
import { resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { expect } from 'vitest';

export const ROOT = resolve(__dirname, '../../..');

/** A linter that knows the probe paths; warmed up once (the project service loads the whole project: slow). */
export async function probeLinter(probes: string[]): Promise<ESLint> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { files: probes, languageOptions: { parserOptions: { projectService: { allowDefaultProject: probes, defaultProject: 'tsconfig.json' } } } },
  });
  await eslint.lintText('export {};\n', { filePath: resolve(ROOT, probes[0]) });
  return eslint;
}

/** The messages for `code` as the file at `path` (relative to the repository); fails on a parse error. */
export async function lintProbe(eslint: ESLint, code: string, path: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, fatal.map((m) => m.message).join('\n')).toEqual([]);
  return result.messages;
}
