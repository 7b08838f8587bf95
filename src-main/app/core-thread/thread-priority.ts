/**
 * The core's worker thread runs below the shell's main thread in the OS scheduler: when both
 * want a CPU (a refresh parsing a big list while the dispatcher clicks), the main thread,
 * which answers the window, the menus and the renderer's calls, is picked first.
 *
 * Only Linux lets Node change one thread's priority: there every thread is a task with an
 * id of its own (read from /proc/thread-self), and setpriority(2) on that id renices that
 * thread alone. Elsewhere `os.setPriority` would renice the whole process, main thread
 * included, so the thread is left as it is. A refusal is reported, never thrown: the core
 * runs the same at normal priority.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The core thread's nice value: background work, about a tenth of the main thread's share when both are busy. */
export const CORE_THREAD_NICE = 10;

export interface ThreadPriorityDeps {
  platform: NodeJS.Platform;
  /** The process id, which on Linux is also the main thread's task id. */
  pid: number;
  readlink: (path: string) => string;
  setPriority: (id: number, priority: number) => void;
}

export type PriorityOutcome =
  | { lowered: true; threadId: number; nice: number }
  | { lowered: false; reason: string; logged: boolean };

const nodeDeps = (): ThreadPriorityDeps => ({ platform: process.platform, pid: process.pid, readlink: readlinkSync, setPriority });

/** The calling thread's task id from `/proc/thread-self` (a link to `<pid>/task/<tid>`), or null. */
export function threadIdFromLink(link: string): number | null {
  const match = /(?:^|\/)task\/(\d+)$/.exec(link);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Lowers the calling thread's priority to CORE_THREAD_NICE (Linux only). Never throws; a
 * failure on Linux is written to `log` (once, with the reason) and the core carries on.
 */
export function lowerThisThreadPriority(log: (message: string) => void, deps: ThreadPriorityDeps = nodeDeps()): PriorityOutcome {
  if (deps.platform !== 'linux') {
    // Not a fault: these systems have no per-thread priority Node can set.
    return { lowered: false, reason: `per-thread priority is not available on ${deps.platform}`, logged: false };
  }
  const fail = (reason: string): PriorityOutcome => {
    log(`Fleet Desk: the core's worker thread stays at normal priority (${reason}); the window may answer more slowly during a refresh.`);
    return { lowered: false, reason, logged: true };
  };
  let threadId: number | null;
  try {
    threadId = threadIdFromLink(deps.readlink('/proc/thread-self'));
  } catch (err) {
    return fail(`cannot read /proc/thread-self: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (threadId === null) return fail('/proc/thread-self does not name a thread');
  // The main thread's task id is the process id: renicing it would slow the window itself.
  if (threadId === deps.pid) return fail('called on the main thread');
  try {
    deps.setPriority(threadId, CORE_THREAD_NICE);
  } catch (err) {
    return fail(`setpriority refused: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { lowered: true, threadId, nice: CORE_THREAD_NICE };
}
