/**
 * A core worker for the asset list's wire form (rows-wire.test.ts): the real worker runtime
 * (runCoreWorker) around a fake core holding a list of real rows (the core's row builder).
 */
import type { AssetRowSnapshot, EventSink, InvokeHandlers } from '../../../../src-main/contract';
import { runCoreWorker } from '../../../../src-main/app/core-thread/worker';
import { rowSnapshot } from './rows-wire-fixture';

runCoreWorker(async () => {
  const sinks = new Set<EventSink>();
  let list: AssetRowSnapshot = rowSnapshot();
  const handlers = {
    'assets:get': async () => list,
    // Announces the list, as a refresh does.
    'assets:refresh': async () => {
      for (const sink of sinks) sink('assets', list);
    },
    // Announces a list whose rows the columns cannot hold (no issues field).
    'assets:detail': async () => {
      list = { ...list, assets: [{ assetId: 'odd:1' } as never] };
      for (const sink of sinks) sink('assets', list);
      return null as never;
    },
  } as unknown as InvokeHandlers;
  return {
    handlers,
    subscribe(sink: EventSink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    async start() {},
    async stop() {},
  };
});
