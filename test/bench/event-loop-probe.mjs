/**
 * Preloaded (`node --import`) into the process that plays the main side in `npm run bench`
 * (the web shell, or the simulated Electron main), so the app's own code stays untouched.
 * It watches that process's main-thread event loop with `perf_hooks.monitorEventLoopDelay`
 * and answers the benchmark over the child-process IPC channel:
 *
 *   { probe: 'arm', path }  the next outgoing fetch whose path contains `path` (the refresh's
 *                           GET of the asset list) restarts the histogram, so the window of a
 *                           scheduled refresh starts when the refresh does, not seconds earlier
 *   { probe: 'restart' }    starts a new window now (a cold start's window opens with the page)
 *   { probe: 'read' }       answers { probe: 'read', max, p99, count, windowStartAt, ... } in ms
 *
 * Code in the same process may open a window itself with `globalThis.__eventLoopProbe.restart()`
 * (the simulated Electron main does when its window, the renderer thread, opens).
 * Without an IPC channel (a process started by hand) it does nothing.
 *
 * With the core in its worker thread (app/core-thread), the refresh's fetch goes out from
 * that thread, whose diagnostics channels are its own: the probe, preloaded there too (a
 * worker keeps the process's --import options), tells the main thread's probe about each
 * request over a BroadcastChannel, so the window still opens when the GET goes out.
 */
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';

const RELAY = 'fleet-desk-bench-event-loop-probe';

if (!isMainThread) {
  // A worker: report the requests it makes (path and identity) and their complete answers.
  const relay = new BroadcastChannel(RELAY);
  relay.unref();
  const ids = new WeakMap();
  let nextId = 1;
  subscribe('undici:request:create', (message) => {
    const request = message?.request;
    if (!request || typeof request.path !== 'string') return;
    const id = nextId++;
    ids.set(request, id);
    relay.postMessage({ kind: 'create', id, path: request.path });
  });
  subscribe('undici:request:trailers', (message) => {
    const id = message?.request ? ids.get(message.request) : undefined;
    if (id !== undefined) relay.postMessage({ kind: 'trailers', id, at: performance.timeOrigin + performance.now() });
  });
}

/** Timer resolution of the histogram (ms): fine enough for a 20 ms target, cheap enough to leave on. */
const RESOLUTION_MS = 2;

const epochNow = () => performance.timeOrigin + performance.now();

if (isMainThread && typeof process.send === 'function') {
  // From the first line of the process on: a cold start's window is the whole start-up.
  let histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let windowStartAt = epochNow();
  let armedFor = null;
  /** When the armed request went out, and when its answer's body was complete. */
  let requestAt = null;
  let answerAt = null;
  let watchedRequest = null;

  /**
   * CPU time of this (the main) thread so far, in ms (Linux: /proc, in clock ticks of 10 ms),
   * or null elsewhere. Tells a busy main thread from one that waited for a CPU.
   */
  const mainThreadCpuMs = () => {
    try {
      const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  };
  let windowCpuMs = mainThreadCpuMs();

  /**
   * The main thread's scheduler times so far in ms (Linux /proc schedstat, in ns): time on a
   * CPU, and time runnable but waiting for one; null elsewhere.
   */
  const schedTimes = () => {
    try {
      const [ran, waited] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
      return Number.isFinite(ran) && Number.isFinite(waited) ? { ran: ran / 1e6, waited: waited / 1e6 } : null;
    } catch {
      return null;
    }
  };
  /**
   * The longest stall between two ticks of a timer of the histogram's resolution, and how
   * much of it the main thread spent on a CPU (its own work, or garbage collection) versus
   * waiting for one (other threads and programs had both cores). Explains the max; it does
   * not change it.
   */
  let stallTimer = null;
  let longest = null;
  let windowSched = schedTimes();
  const watchStalls = () => {
    clearInterval(stallTimer);
    longest = null;
    windowSched = schedTimes();
    let lastAt = performance.now();
    let lastSched = windowSched;
    stallTimer = setInterval(() => {
      const at = performance.now();
      const sched = schedTimes();
      const ms = at - lastAt;
      if (ms > (longest?.ms ?? 0)) {
        longest = { ms, ranMs: sched && lastSched ? sched.ran - lastSched.ran : null, waitedMs: sched && lastSched ? sched.waited - lastSched.waited : null, at: performance.timeOrigin + at };
      }
      lastAt = at;
      lastSched = sched;
    }, RESOLUTION_MS);
    stallTimer.unref();
  };
  watchStalls();

  const restart = () => {
    histogram.disable();
    histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    windowStartAt = epochNow();
    windowCpuMs = mainThreadCpuMs();
    watchStalls();
  };

  globalThis.__eventLoopProbe = { restart };

  // Node's fetch (undici) announces each request here, synchronously, on this thread.
  subscribe('undici:request:create', (message) => {
    const path = message?.request?.path;
    if (armedFor === null || typeof path !== 'string' || !path.includes(armedFor)) return;
    armedFor = null;
    watchedRequest = message.request;
    restart();
    requestAt = windowStartAt;
  });
  subscribe('undici:request:trailers', (message) => {
    if (watchedRequest !== null && message?.request === watchedRequest) {
      answerAt = epochNow();
      watchedRequest = null;
    }
  });
  // The same from the core's worker thread (the message arrives when this thread is free
  // to read it; the answer's time is the worker's own clock reading).
  const relay = new BroadcastChannel(RELAY);
  relay.unref();
  relay.onmessage = ({ data }) => {
    if (data?.kind === 'create') {
      if (armedFor === null || typeof data.path !== 'string' || !data.path.includes(armedFor)) return;
      armedFor = null;
      watchedRequest = { relayed: data.id };
      restart();
      requestAt = windowStartAt;
    } else if (data?.kind === 'trailers' && watchedRequest?.relayed === data.id) {
      answerAt = data.at;
      watchedRequest = null;
    }
  };

  const ms = (ns) => ns / 1e6;
  process.on('message', (message) => {
    if (!message || typeof message !== 'object' || typeof message.probe !== 'string') return;
    if (message.probe === 'arm' && typeof message.path === 'string') {
      // Nothing to watch until the request goes out (and no timer to pay for meanwhile).
      histogram.disable();
      clearInterval(stallTimer);
      armedFor = message.path;
      requestAt = null;
      answerAt = null;
      process.send({ probe: 'armed' });
    } else if (message.probe === 'restart') {
      restart();
      process.send({ probe: 'restarted', windowStartAt });
    } else if (message.probe === 'read') {
      // Answer from a timer a little later: a delay that ended just before this message was
      // read is recorded by the histogram's own timer first.
      setTimeout(() => {
        const sched = schedTimes();
        process.send({
          probe: 'read',
          max: ms(histogram.max),
          p99: ms(histogram.percentile(99)),
          mean: ms(histogram.mean),
          count: histogram.count,
          resolutionMs: RESOLUTION_MS,
          mainThreadCpuMs: windowCpuMs === null ? null : mainThreadCpuMs() - windowCpuMs,
          windowStartAt,
          readAt: epochNow(),
          requestAt,
          answerAt,
          mainThreadWaitMs: sched && windowSched ? sched.waited - windowSched.waited : null,
          longestStall: longest && { ms: longest.ms, ranMs: longest.ranMs, waitedMs: longest.waitedMs, at: longest.at },
        });
      }, RESOLUTION_MS * 2 + 1);
    }
  });
  // The probe must never keep the process alive on its own.
  process.channel?.unref();
}
