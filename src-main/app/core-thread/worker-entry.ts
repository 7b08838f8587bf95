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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WorkerLaunch {
  /** A file, or (from source) a small script to evaluate. */
  code: string;
  eval: boolean;
  /** Node options for the worker; undefined: the process's own (the bench's probe among them). */
  execArgv?: string[];
}

/** `--import`/`--require` options of this process (e.g. the bench's probe) except tsx, which the worker registers itself. */
function preloads(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i];
    let pair: string[] | null = null;
    if ((arg === '--import' || arg === '--require') && i + 1 < execArgv.length) pair = [arg, execArgv[++i]];
    else if (/^--(import|require)=/.test(arg)) pair = [arg];
    if (pair && !/(^|[=/\\])tsx([/\\]|$)|^tsx$/.test(pair[pair.length - 1])) out.push(...pair);
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

/** How to start a worker on `file`: directly when built, through tsx's require hook when it is TypeScript. */
export function workerLaunch(file: string, execArgv: readonly string[] = process.execArgv): WorkerLaunch {
  if (!file.endsWith('.ts')) return { code: file, eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  return {
    code: `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(file)});`,
    eval: true,
    execArgv: preloads(execArgv),
  };
}
