/**
 * The renderer's only way to the main side. In Electron the preload exposes
 * `window.fleetDesk`; in the web shell there is no preload and the web bridge carries
 * the same contract over the loopback connection. Component tests install a fake
 * with `setBridge`.
 */
import type { AppError, Bridge, InvokeArgs, InvokeChannel, InvokeResult } from '@contract';
import { createWebBridge, type BridgeLoss, type WebBridge } from './web-bridge';

export type { BridgeLoss };

declare global {
  interface Window {
    fleetDesk?: Bridge;
  }
}

let current: Bridge | null = null;

export function setBridge(next: Bridge | null): void {
  current = next;
}

export function bridge(): Bridge {
  current ??= window.fleetDesk ?? createWebBridge();
  return current;
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
