/** Readings of a process from Linux's /proc, for the benchmarks (CPU time and resident memory). */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

/** User + system CPU (ms) from the text of a /proc stat file (the fields after the command name: utime is field 14, stime 15). */
function cpuMsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU time of a whole process (all its threads), ms. */
export function processCpuMs(pid: number): number {
  return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** CPU time per thread of a process, ms, keyed "name (main)" for the main thread and "name:tid" for the others (e.g. a web shell's core thread and V8's helpers). */
export function threadCpuMs(pid: number): Map<string, number> {
  const byThread = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      byThread.set(tid === String(pid) ? `${name} (main)` : `${name}:${tid}`, cpuMsOfStat(stat));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return byThread;
}

export function processRssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}
