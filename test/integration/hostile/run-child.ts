/**
 * Runs core-child.ts against a fresh hostile service in a child process with a 1 GB
 * heap, and watches the child's peak RSS (VmHWM) from outside, so a child that dies
 * still leaves its figure. No vitest import (measure-rss.ts uses it too).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChildResult } from './core-child';
import { startHostileService, type HostileCase } from './hostile-service';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const CHILD = join(import.meta.dirname, 'core-child.ts');

export interface CaseRun {
  kind: HostileCase;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  result: ChildResult | null;
  /** Highest VmHWM seen while the child ran (MB). */
  peakRssMb: number;
  /** Hostile pages / bytes the service sent. */
  pagesServed: number;
  bytesSent: number;
  assetsSent: number;
  stderrTail: string;
  timedOut: boolean;
}

function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Math.round(Number(kb[1]) / 1024) : 0;
  } catch {
    return 0; // the process is gone
  }
}

export async function runHostileCase(kind: HostileCase, options: { heapMb?: number; timeoutMs?: number } = {}): Promise<CaseRun> {
  const service = await startHostileService(kind);
  const heapMb = options.heapMb ?? 1024;
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', CHILD, kind, service.origin], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let peak = 0;
  const watch = setInterval(() => {
    if (child.pid) peak = Math.max(peak, peakRssMb(child.pid));
  }, 100);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 600_000);
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('exit', (code, sig) => done([code, sig])));
  clearInterval(watch);
  clearTimeout(timer);
  await service.close();
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  const result = line ? (JSON.parse(line.slice('RESULT '.length)) as ChildResult) : null;
  if (result) peak = Math.max(peak, result.maxRssMb);
  return { kind, exitCode, signal, result, peakRssMb: peak, pagesServed: service.pagesServed, bytesSent: service.bytesSent, assetsSent: service.assetsSent, stderrTail: stderr, timedOut };
}
