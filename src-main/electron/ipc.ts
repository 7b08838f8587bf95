/**
 * The one ipcMain channel: `fleet:invoke` carries every contract call, checked for a
 * trusted sender (our window's main frame on our app page) and then validated by
 * `dispatchInvoke`. Events go back on `fleet:event`.
 */
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { AppError, EventChannel, FleetEvents, Result } from '../contract';
import type { FleetDeskCore } from '../core/ports';
import { EVENT_IPC, INVOKE_IPC } from '../core/ipc/channels';
import { dispatchInvoke } from '../core/ipc/validate-args';
import { isAllowedNavigation } from './navigation';
import { isSerializedCore } from '../app/core-thread/serialized';

export { EVENT_IPC, INVOKE_IPC };

const UNTRUSTED: AppError = { kind: 'forbidden', message: 'Fleet Desk refused a request that did not come from its own window.' };

export type SenderCheck = (event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>) => boolean;

/**
 * Trusts only the main frame of the current app window, showing the app page
 * (`appUrl`: the packaged index.html, or the dev server in development).
 */
export function trustedSender(getWindow: () => BrowserWindow | null, appUrl: string): SenderCheck {
  return (event) => {
    const win = getWindow();
    if (!win || win.isDestroyed()) return false;
    const contents = win.webContents;
    if (event.sender !== contents) return false;
    const frame = event.senderFrame;
    if (!frame || frame !== contents.mainFrame || frame.parent !== null) return false;
    return isAllowedNavigation(frame.url, appUrl);
  };
}

/**
 * The answer to one call: a `Result` object, or (the core in its worker) the Result's UTF-8
 * JSON as the worker wrote it, which the preload parses (src-main/preload/bridge.ts): in one
 * piece, or in parts the main thread holds (the asset list), joined by the preload.
 */
export type InvokeReply = Result<unknown> | Uint8Array | readonly Uint8Array[];

export function registerIpc(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, core: FleetDeskCore, isTrustedSender: SenderCheck): () => void {
  const serialized = isSerializedCore(core) ? core : null;
  ipcMain.handle(INVOKE_IPC, async (event: IpcMainInvokeEvent, channel: unknown, args: unknown): Promise<InvokeReply> => {
    if (!isTrustedSender(event)) return { ok: false, error: UNTRUSTED };
    // Checked and run in the core's thread; the answer is passed on unparsed. One the main
    // thread holds goes as its parts: joining a large list here would hold this thread.
    if (serialized) return serialized.heldAnswer?.(channel, args) ?? serialized.invokeSerialized(channel, args);
    return dispatchInvoke(core.handlers, channel, args);
  });
  return () => ipcMain.removeHandler(INVOKE_IPC);
}

/**
 * Sends every core event to the window's renderer while it exists. From the core's worker
 * an event is the UTF-8 JSON of `{ name, payload }`, sent as those bytes (the preload
 * parses them); from an in-thread core, the payload object.
 */
export function forwardEvents(core: FleetDeskCore, target: () => WebContents | null): () => void {
  if (isSerializedCore(core)) {
    return core.subscribeSerialized((name, json) => {
      const contents = target();
      if (contents && !contents.isDestroyed()) contents.send(EVENT_IPC, name, json);
    });
  }
  return core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(EVENT_IPC, name, payload);
  });
}
