/**
 * The benchmark's end of event-loop-probe.mjs (preloaded into the process that plays the
 * main side) and of call-pinger.mjs (small calls to the web shell from a thread of their
 * own, so the demo service working in this process cannot delay them).
 */
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

export const EVENT_LOOP_PROBE = resolve(import.meta.dirname, 'event-loop-probe.mjs');
const CALL_PINGER = resolve(import.meta.dirname, 'call-pinger.mjs');
/** The path of the refresh's one request: the probe's window starts when it goes out. */
export const ASSET_LIST_PATH = '/branch/current/assets';

export interface EventLoopReading {
  /** Longest delay of the main thread's event loop in the window (ms; includes up to one resolution step). */
  max: number;
  p99: number;
  mean: number;
  count: number;
  resolutionMs: number;
  /** CPU time the main thread itself used in the window (ms, 10 ms steps; null where /proc is missing). */
  mainThreadCpuMs?: number | null;
  /** Time the main thread was runnable but waiting for a CPU in the window (ms; Linux schedstat, else null). */
  mainThreadWaitMs?: number | null;
  /**
   * The longest gap between two ticks of a timer of `resolutionMs` in the window (close to
   * `max`), split into the main thread's time on a CPU and its time waiting for one (null
   * where /proc is missing); `at` is its end (epoch ms).
   */
  longestStall?: { ms: number; ranMs: number | null; waitedMs: number | null; at: number } | null;
  /** Epoch ms: the window's start, when it was read, and (when armed) the asset-list request's start and complete answer. */
  windowStartAt: number;
  readAt: number;
  requestAt: number | null;
  answerAt: number | null;
}

/** Talks to event-loop-probe.mjs in `child` (spawned with an 'ipc' stdio slot). */
export class EventLoopProbe {
  constructor(private readonly child: ChildProcess) {
    if (!child.send) throw new Error('The main-side process has no IPC channel for the event-loop probe');
  }

  private ask<T>(message: object, answer: string, timeoutMs = 60_000): Promise<T> {
    return new Promise<T>((resolveReply, reject) => {
      const timer = setTimeout(() => {
        this.child.off('message', onMessage);
        reject(new Error(`The event-loop probe did not answer "${answer}" within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const onMessage = (reply: { probe?: string }) => {
        if (reply?.probe !== answer) return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        resolveReply(reply as T);
      };
      this.child.on('message', onMessage);
      this.child.send!(message);
    });
  }

  /** The next request for `path` restarts the histogram (the refresh's window). */
  async arm(path = ASSET_LIST_PATH): Promise<void> {
    await this.ask({ probe: 'arm', path }, 'armed');
  }

  /** Opens a new window now. */
  async restart(): Promise<void> {
    await this.ask({ probe: 'restart' }, 'restarted');
  }

  read(): Promise<EventLoopReading> {
    return this.ask<EventLoopReading>({ probe: 'read' }, 'read');
  }
}

export interface CallTimes {
  /** Round trips (ms) of the calls answered; failed calls count as NaN. */
  times: number[];
  /** Calls still unanswered when the pinger stopped. */
  unanswered: number;
}

/** Sends `channel` to the web shell every `everyMs` from a worker thread, until `stop()`. */
export async function startCallPinger(shellUrl: string, channel = 'status:get', everyMs = 10): Promise<{ stop: () => Promise<CallTimes> }> {
  const page = new URL(shellUrl);
  const secret = new URLSearchParams(page.hash.slice(1)).get('secret') ?? '';
  const worker = new Worker(CALL_PINGER, { execArgv: [], workerData: { url: `${page.origin}/api/invoke/${channel}`, secret, everyMs } });
  await new Promise<void>((resolveStarted, reject) => {
    worker.once('message', () => resolveStarted());
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      const result = new Promise<CallTimes>((resolveTimes, reject) => {
        worker.once('message', (times: CallTimes) => resolveTimes(times));
        worker.once('error', reject);
      });
      worker.postMessage('stop');
      const times = await result;
      await worker.terminate();
      return times;
    },
  };
}
