/**
 * The renderer's only way to the main side. In Electron the preload exposes
 * `window.fleetDesk`; in the web shell there is no preload and the web bridge carries
 * the same contract over the loopback connection. Component tests install a fake
 * with `setBridge`.
 */
import { snapshotFromWire } from '@contract';
import type { AppError, AssetRowSnapshot, AssetRowSnapshotWire, Bridge, EventChannel, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Result } from '@contract';
import { createWebBridge, type BridgeLoss, type WebBridge } from './web-bridge';

export type { BridgeLoss };

declare global {
  interface Window {
    fleetDesk?: Bridge;
  }
}

let current: Bridge | null = null;

/** Who hears of a list event the page could not read (the assets store shows it). */
const unreadableListeners = new Set<(error: AppError) => void>();

/** Calls `listener` with the reason whenever an 'assets' event cannot be read (it is not delivered). */
export function onUnreadableList(listener: (error: AppError) => void): () => void {
  unreadableListeners.add(listener);
  return () => {
    unreadableListeners.delete(listener);
  };
}

export function setBridge(next: Bridge | null): void {
  current = next && readingRowColumns(next);
}

export function bridge(): Bridge {
  current ??= readingRowColumns(window.fleetDesk ?? createWebBridge());
  return current;
}

/** A message's asset list as the snapshot it stands for (contract row-wire.ts). */
function snapshotOf(value: unknown): AssetRowSnapshot | null {
  return snapshotFromWire(value as AssetRowSnapshot | AssetRowSnapshotWire | null);
}

/**
 * The one place the page reads the asset list's wire form (contract row-wire.ts): from a
 * core in its worker the `assets:get` answer and the 'assets' event carry the rows as
 * columns; they leave here as AssetRowSnapshot, in both shells. A list that cannot be read
 * is a failed call (the store shows why and keeps its list) or an event not delivered.
 * Everything else of `raw` (the web bridge's loss and address calls) stays as it is.
 */
function readingRowColumns(raw: Bridge): Bridge {
  function invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>> {
    // Every other call is the raw bridge's own promise (no extra turn before its answer).
    if (channel !== 'assets:get') return raw.invoke(channel, ...args);
    return raw.invoke(channel, ...args).then((result): Result<InvokeResult<C>> => {
      if (!result.ok) return result;
      try {
        return { ok: true, value: snapshotOf(result.value) as InvokeResult<C> };
      } catch (err) {
        return { ok: false, error: { kind: 'bad-payload', message: err instanceof Error ? err.message : String(err) } };
      }
    });
  }
  function on<E extends EventChannel>(name: E, listener: (payload: FleetEvents[E]) => void): () => void {
    if (name !== 'assets') return raw.on(name, listener);
    return raw.on(name, (payload) => {
      let snapshot: AssetRowSnapshot | null;
      try {
        snapshot = snapshotOf(payload);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        console.error(`Fleet Desk: ${message}`);
        for (const tell of [...unreadableListeners]) tell({ kind: 'bad-payload', message });
        return;
      }
      if (snapshot) listener(snapshot as FleetEvents[E]);
    });
  }
  return Object.assign({}, raw, { invoke, on });
}

function isWebBridge(b: Bridge): b is WebBridge {
  return typeof (b as Partial<WebBridge>).onLoss === 'function' && typeof (b as Partial<WebBridge>).useAddress === 'function';
}

/**
 * Follows the web shell's reachability (web bridge only: Electron's IPC cannot go stale).
 * Calls `listener` with the current loss at once, then on every change.
 */
export function watchBridgeLoss(listener: (loss: BridgeLoss | null) => void): () => void {
  const b = bridge();
  if (!isWebBridge(b)) return () => {};
  listener(b.loss());
  return b.onLoss(listener);
}

/** Opens Fleet Desk at a pasted address (web bridge only); null when taken, else why not. */
export function useNewAddress(text: string): string | null {
  const b = bridge();
  return isWebBridge(b) ? b.useAddress(text) : 'Only the browser version of Fleet Desk opens an address.';
}

/** An error the main side reported, with its kind kept for the UI. */
export class BridgeError extends Error {
  readonly error: AppError;
  constructor(error: AppError) {
    super(error.message);
    this.name = 'BridgeError';
    this.error = error;
  }
}

/** Invokes a channel and unwraps the result; failures throw `BridgeError`. */
export async function call<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<InvokeResult<C>> {
  const result = await bridge().invoke(channel, ...args);
  if (!result.ok) throw new BridgeError(result.error);
  return result.value;
}

/** The AppError behind anything a call threw (for showing it). */
export function errorOf(err: unknown): AppError {
  if (err instanceof BridgeError) return err.error;
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err) };
}
