/** A fake core with the serialized relay of a core in its worker (app/core-thread/serialized.ts), for shell tests. */
import { vi } from 'vitest';
import type { EventChannel } from '../../../../src-main/contract';
import type { SerializedEventSink, ThreadedCore } from '../../../../src-main/app/core-thread/serialized';
import { fakeCore, type FakeCore } from '../../web/fake-core';

export interface FakeThreadedCore extends FakeCore, ThreadedCore {
  serializedSinks: Set<SerializedEventSink>;
  /** Sends an event as the worker would: the JSON of { name, payload } as bytes. */
  emitSerialized(name: EventChannel, payload: unknown): Uint8Array;
}

export const bytesOf = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

export function fakeThreadedCore(): FakeThreadedCore {
  const core = fakeCore();
  const serializedSinks = new Set<SerializedEventSink>();
  return Object.assign(core, {
    serializedSinks,
    invokeSerialized: vi.fn(async (channel: unknown) => bytesOf({ ok: true, value: { answered: channel } })),
    subscribeSerialized(sink: SerializedEventSink) {
      serializedSinks.add(sink);
      return () => serializedSinks.delete(sink);
    },
    emitSerialized(name: EventChannel, payload: unknown) {
      const json = bytesOf({ name, payload });
      for (const sink of serializedSinks) sink(name, json);
      return json;
    },
  });
}
