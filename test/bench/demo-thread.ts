/**
 * Starts the demo service for the renderer figures in a worker thread reniced like the
 * core's (nice 10 on Linux). For a dispatcher the service is another machine: building a
 * 25 MB answer (about 250 ms of CPU at 10,000 assets, 1.3 s at 50,000) never competes with
 * the app for the workstation's cores. On this 2-core bench machine it would, and the
 * shell's main thread would wait for a CPU behind the service's work; at a lower priority
 * the service still answers at once when a core is free.
 */
import { Worker } from 'node:worker_threads';

export interface DemoThread {
  baseUrl: string;
  aempUrl: string;
  demoToken: string;
  /** Whether the thread runs reniced (false off Linux or when refused). */
  niced: boolean;
  /** Moves the demo's clock so about `share` of the assets report anew; the share that did. */
  advance(share: number): Promise<number>;
  close(): Promise<void>;
}

type Reply = { ready: Omit<DemoThread, 'advance' | 'close'> } | { advanced: number } | { closed: true };

export async function startDemoThread(assetCount: number): Promise<DemoThread> {
  const worker = new Worker(new URL('./demo-thread-boot.mjs', import.meta.url), { workerData: { assetCount } });
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      worker.once('error', onError);
      worker.once('message', (reply: Reply) => {
        worker.off('error', onError);
        resolve(reply);
      });
    });
  const first = await next();
  if (!('ready' in first)) throw new Error('The demo thread did not start');
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <T>(message: object, pick: (reply: Reply) => T): Promise<T> => {
    const answer = queue.then(async () => {
      const reply = next();
      worker.postMessage(message);
      return pick(await reply);
    });
    queue = answer.catch(() => undefined);
    return answer;
  };
  return {
    ...first.ready,
    advance: (share) => ask({ advance: share }, (r) => ('advanced' in r ? r.advanced : Number.NaN)),
    close: async () => {
      await ask({ close: true }, () => undefined);
      await worker.terminate();
    },
  };
}
