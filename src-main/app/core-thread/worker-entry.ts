/**
 * Where the core's worker entry is at run time, and how to start it. Built, it is
 * `core-worker.js` beside the shells' entries (electron.vite.config.ts and the bench's build
 * name it so); this module may sit in that folder or in a chunk folder below it. From source
 * (tsx, vitest, the bench), the worker runs `core-worker.ts` through tsx's require hook:
 * on Node 20 the `--import tsx` hooks do not reach a worker's own modules ("Unknown file
 * extension .ts"), while the require hook, registered inside the worker, does.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerLaunch {
  /** A file, or (from source) a small script to evaluate. */
  code: string;
  eval: boolean;
}

interface Preload {
  kind: 'import' | 'require';
  spec: string;
}

/** `--import`/`--require` options of this process (e.g. the bench's probe), except tsx, which the worker registers itself. */
export function preloadsOf(execArgv: readonly string[]): Preload[] {
  const out: Preload[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const match = /^--(import|require)(?:=(.*))?$/s.exec(execArgv[i]);
    if (!match) continue;
    const spec = match[2] ?? execArgv[++i];
    if (spec === undefined || /^tsx([/\\]|$)/.test(spec) || /[/\\]node_modules[/\\]tsx[/\\]/.test(spec)) continue;
    out.push({ kind: match[1] as Preload['kind'], spec });
  }
  return out;
}

/** The core worker's file: the bundled `core-worker.js`, or `core-worker.ts` when running from source. */
export function coreWorkerFile(moduleUrl: string = import.meta.url): string {
  const here = fileURLToPath(moduleUrl);
  if (here.endsWith('.ts')) return join(dirname(here), 'core-worker.ts');
  const folder = dirname(here);
  for (const candidate of [join(folder, 'core-worker.js'), join(folder, '..', 'core-worker.js')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`Fleet Desk's core worker (core-worker.js) is missing beside ${folder}: the build is incomplete.`);
}

/**
 * How to start a worker on `file`: directly when built (the worker keeps the process's
 * --import options), through tsx's require hook when it is TypeScript. An evaluated worker
 * runs no --import/--require options, so the script loads the process's own first.
 */
export function workerLaunch(file: string, execArgv: readonly string[] = process.execArgv): WorkerLaunch {
  if (!file.endsWith('.ts')) return { code: file, eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const isPath = (spec: string) => /^[./]/.test(spec);
  const steps = preloadsOf(execArgv).map(({ kind, spec }) =>
    kind === 'require'
      ? `require(${JSON.stringify(isPath(spec) ? resolve(spec) : spec)});`
      : `await import(${JSON.stringify(isPath(spec) ? pathToFileURL(resolve(spec)).href : spec)});`,
  );
  const lines = [...steps, `require(${JSON.stringify(tsx)}).register();`, `require(${JSON.stringify(file)});`];
  return {
    code: `(async () => {\n${lines.map((line) => `  ${line}\n`).join('')}})().catch((err) => process.nextTick(() => { throw err; }));\n`,
    eval: true,
  };
}
