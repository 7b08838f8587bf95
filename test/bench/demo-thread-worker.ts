/**
 * The bench's demo service in a thread of its own, at the core thread's nice value
 * (demo-thread.ts starts it). Messages: `{ advance: share }` moves the clock so about that
 * share of the assets report anew and answers the share that did; `{ close: true }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../src-main/app/core-thread/thread-priority';
import { startDemoService } from '../../src-main/demo';
import { BENCH_CLOCK_MS, stepForShare } from './core-figures';

const { assetCount } = workerData as { assetCount: number };
const priority = lowerThisThreadPriority(() => undefined);
let clock = BENCH_CLOCK_MS;
const demo = await startDemoService({ assetCount, now: () => clock });

parentPort!.on('message', async (message: { advance?: number; close?: boolean }) => {
  if (message.advance !== undefined) {
    const step = stepForShare(demo, clock, message.advance);
    const units = demo.sim.equipment;
    const changed = units.filter((u) => demo.sim.reportedAt(u, clock + step) !== demo.sim.reportedAt(u, clock)).length;
    clock += step;
    parentPort!.postMessage({ advanced: changed / units.length });
  } else if (message.close) {
    await demo.close();
    parentPort!.postMessage({ closed: true });
  }
});
parentPort!.postMessage({
  ready: { baseUrl: demo.baseUrl, aempUrl: demo.aempUrl, demoToken: demo.demoToken, niced: priority.lowered },
});
