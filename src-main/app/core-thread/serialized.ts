/**
 * What a shell's relay uses when the core runs in its worker: calls answered and events
 * sent as JSON the worker already wrote (UTF-8 bytes), passed on as they are. A core
 * without these (the in-thread core, test fakes) is relayed with objects, as before.
 */
import type { EventChannel } from '../../contract';
import type { FleetDeskCore } from '../../core/ports';

/** One event as the UTF-8 JSON of `{ name, payload }`. */
export type SerializedEventSink = (name: EventChannel, json: Uint8Array) => void;

export interface SerializedCore {
  /**
   * Checks and runs a renderer's call in the core's thread (core/ipc/validate-args) and
   * resolves with its `Result` as UTF-8 JSON. Never rejects: a stopped or crashed core
   * answers with an error Result that says so.
   */
  invokeSerialized(channel: unknown, args: unknown): Promise<Uint8Array>;
  /**
   * The Result of a call the main thread holds from the events it relayed (`status:get`,
   * `assets:get` while no event since may have changed the list), as UTF-8 JSON in parts to
   * send one after another (views over the relayed event, never copied); null when the
   * worker must answer. The parts must not be changed or transferred. (A core that holds
   * nothing may leave it out.)
   */
  heldAnswer?(channel: unknown, args: unknown): readonly Uint8Array[] | null;
  /** Adds an event listener that gets each event as JSON bytes (never parsed on this thread). */
  subscribeSerialized(sink: SerializedEventSink): () => void;
}

export type ThreadedCore = FleetDeskCore & SerializedCore;

export function isSerializedCore(core: FleetDeskCore): core is ThreadedCore {
  const c = core as Partial<SerializedCore>;
  return typeof c.invokeSerialized === 'function' && typeof c.subscribeSerialized === 'function';
}

/** The bytes as a Buffer over the same memory (no copy), for sockets and HTTP answers. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
