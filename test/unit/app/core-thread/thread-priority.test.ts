/**
 * The core's worker thread below the main thread (thread-priority.ts): the thread's own
 * task id is reniced on Linux, a refusal is logged and not thrown, the main thread is never
 * reniced, and other systems are left alone.
 */
import { describe, expect, it, vi } from 'vitest';
import { CORE_THREAD_NICE, lowerThisThreadPriority, threadIdFromLink, type ThreadPriorityDeps } from '../../../../src-main/app/core-thread/thread-priority';

function deps(extra: Partial<ThreadPriorityDeps> = {}): ThreadPriorityDeps & { setPriority: ReturnType<typeof vi.fn> } {
  return { platform: 'linux', pid: 4100, readlink: () => '4100/task/4107', setPriority: vi.fn(), ...extra } as never;
}

describe('lowering the core thread’s priority', () => {
  it('renices the calling thread’s own task id on Linux, and logs nothing', () => {
    const log = vi.fn();
    const d = deps();
    expect(lowerThisThreadPriority(log, d)).toEqual({ lowered: true, threadId: 4107, nice: CORE_THREAD_NICE });
    expect(d.setPriority).toHaveBeenCalledWith(4107, CORE_THREAD_NICE);
    expect(CORE_THREAD_NICE).toBeGreaterThan(0);
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a refusal of setpriority with its reason and carries on', () => {
    const log = vi.fn();
    const d = deps({
      setPriority: vi.fn(() => {
        throw new Error('EACCES: permission denied');
      }),
    });
    const outcome = lowerThisThreadPriority(log, d);
    expect(outcome).toEqual({ lowered: false, reason: 'setpriority refused: EACCES: permission denied', logged: true });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toBe(
      "Fleet Desk: the core's worker thread stays at normal priority (setpriority refused: EACCES: permission denied); the window may answer more slowly during a refresh.",
    );
  });

  it('logs a missing /proc/thread-self and never calls setpriority', () => {
    const log = vi.fn();
    const d = deps({
      readlink: () => {
        throw new Error('ENOENT: no such file or directory');
      },
    });
    expect(lowerThisThreadPriority(log, d)).toMatchObject({ lowered: false, reason: 'cannot read /proc/thread-self: ENOENT: no such file or directory', logged: true });
    expect(d.setPriority).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('never renices the main thread (its task id is the process id)', () => {
    const log = vi.fn();
    const d = deps({ readlink: () => '4100/task/4100' });
    expect(lowerThisThreadPriority(log, d)).toMatchObject({ lowered: false, reason: 'called on the main thread', logged: true });
    expect(d.setPriority).not.toHaveBeenCalled();
  });

  it('refuses a link that names no thread', () => {
    const d = deps({ readlink: () => '4100' });
    expect(lowerThisThreadPriority(vi.fn(), d)).toMatchObject({ lowered: false, reason: '/proc/thread-self does not name a thread' });
    expect(d.setPriority).not.toHaveBeenCalled();
  });

  it.each(['win32', 'darwin'] as const)('leaves the thread alone on %s (setPriority there would renice the whole process) without a log line', (platform) => {
    const log = vi.fn();
    const d = deps({ platform });
    expect(lowerThisThreadPriority(log, d)).toEqual({ lowered: false, reason: `per-thread priority is not available on ${platform}`, logged: false });
    expect(d.setPriority).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('reads the task id from the link’s last part only', () => {
    expect(threadIdFromLink('26217/task/26218')).toBe(26218);
    expect(threadIdFromLink('/proc/26217/task/26218')).toBe(26218);
    expect(threadIdFromLink('26217/task/')).toBeNull();
    expect(threadIdFromLink('26217/task/0')).toBeNull();
    expect(threadIdFromLink('26217/task/12x')).toBeNull();
    expect(threadIdFromLink('task/99999999999999999999')).toBeNull();
  });
});
