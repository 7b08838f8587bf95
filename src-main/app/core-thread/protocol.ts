/**
 * The messages between the shell's main thread (host.ts) and the core's worker thread
 * (worker.ts), over the worker's one port. Order is the port's order: events and answers
 * arrive as they were sent.
 *
 * Big things cross as JSON already written in the worker, as UTF-8 bytes in an
 * ArrayBuffer handed over (transferred, not copied): a call's `Result` for the shells'
 * relay and every event (`{"name":…,"payload":…}`, the web shell's message as it goes on
 * the wire). The main thread passes those bytes on untouched and never parses them.
 */
import type { AppError, EventChannel } from '../../contract';
import { FleetError } from '../../core/errors';
import type { TileAddress } from '../../core/tiles/tile-address';
import type { TileAnswer } from '../../core/tiles/tile-service';

/** Platform hooks the worker may call back on the main thread. */
export const PLATFORM_CALLS = ['openExternal', 'saveFile', 'showEmbed', 'hideEmbed', 'notify', 'printPdf'] as const;
export type PlatformCall = (typeof PLATFORM_CALLS)[number];

/** What the main thread tells the worker at start (plain data only). */
export interface CoreThreadData {
  userDataDir: string;
  env: Record<string, string | undefined>;
  shell: 'electron' | 'web';
  version: string;
  /** The platform hooks the shell has (the worker offers the core only these). */
  hooks: PlatformCall[];
}

// ---------------------------------------------------------------- main → worker

export type ToWorker =
  /** A renderer's call: validated and dispatched in the worker, answered with the Result as JSON bytes. */
  | { t: 'invoke'; id: number; channel: unknown; args: unknown }
  /** A main-side caller of `handlers[channel]` (already typed): answered with the value itself. */
  | { t: 'call'; id: number; channel: string; args: unknown[] }
  | { t: 'tile'; id: number; address: TileAddress }
  | { t: 'tile-route'; route: string }
  /** Whether anyone on the main thread listens to events (none: the worker writes none). */
  | { t: 'listen'; on: boolean }
  | { t: 'start'; id: number }
  | { t: 'stop'; id: number }
  /** The host's liveness check: answered with 'pong' as soon as the worker's loop is free. */
  | { t: 'ping' }
  /** The answer to a worker's request (keychain, platform hook). */
  | { t: 'reply'; id: number; ok: true; value: unknown }
  | { t: 'reply'; id: number; ok: false; error: AppError };

// ---------------------------------------------------------------- worker → main

export type FromWorker =
  | { t: 'ready' }
  | { t: 'pong' }
  | { t: 'failed'; error: AppError }
  /** The worker is about to end on an error nothing caught (its message scrubbed here, where the core's secrets are known). */
  | { t: 'crashed'; error: AppError }
  /** The Result of an `invoke`, as UTF-8 JSON. */
  | { t: 'invoked'; id: number; json: Uint8Array }
  | { t: 'done'; id: number; ok: true; value: unknown }
  | { t: 'done'; id: number; ok: false; error: AppError }
  | { t: 'tile'; id: number; answer: Omit<TileAnswer, 'body'> & { body: Uint8Array | null } }
  /** One event, as the UTF-8 JSON of `{ name, payload }`. */
  | { t: 'event'; name: EventChannel; json: Uint8Array }
  | { t: 'request'; id: number; area: 'keychain'; method: string; args: string[] }
  | { t: 'request'; id: number; area: 'platform'; method: PlatformCall; args: unknown[] };

/** A message without its id (the sender numbers it), member by member. */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

const encoder = new TextEncoder();

/** JSON text as UTF-8 bytes in an ArrayBuffer of their own (so it can be transferred). */
export function jsonBytes(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** The transfer list for bytes made by `jsonBytes`. */
export function transferOf(bytes: Uint8Array): ArrayBuffer[] {
  return [bytes.buffer as ArrayBuffer];
}

/** An error that crossed the boundary, as the FleetError it was (kind, message, path, status, retry). */
export function fleetErrorFrom(error: AppError): FleetError {
  return new FleetError(error.kind, error.message, { path: error.path, status: error.status, retryAfterMs: error.retryAfterMs });
}
