/**
 * `window.fleetDesk` in Electron, built over ipcRenderer. Only `invoke` and `on` are
 * exposed; channel and event names are checked against the contract's tables, and the
 * raw IPC event never reaches the page.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../contract';
import { EVENT_IPC, INVOKE_IPC } from '../core/ipc/channels';
import type { EventChannel, Bridge, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Result } from '../contract';


const invokeChannels: ReadonlySet<string> = new Set(INVOKE_CHANNELS);
const eventChannels: ReadonlySet<string> = new Set(EVENT_CHANNELS);

export function createPreloadBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): Bridge {
  return {
    async invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>> {
      if (typeof channel !== 'string' || !invokeChannels.has(channel)) {
        return { ok: false, error: { kind: 'invalid-argument', message: `Fleet Desk does not know the request "${String(channel)}".` } };
      }
      try {
        return (await ipc.invoke(INVOKE_IPC, channel, args)) as Result<InvokeResult<C>>;
      } catch {
        return { ok: false, error: { kind: 'internal', message: `Fleet Desk's main process did not answer "${channel}".` } };
      }
    },
    on<E extends EventChannel>(name: E, listener: (payload: FleetEvents[E]) => void): () => void {
      if (typeof name !== 'string' || !eventChannels.has(name) || typeof listener !== 'function') return () => {};
      const handler = (_event: IpcRendererEvent, eventName: unknown, payload: unknown) => {
        if (eventName === name) listener(payload as FleetEvents[E]);
      };
      ipc.on(EVENT_IPC, handler);
      return () => {
        ipc.removeListener(EVENT_IPC, handler);
      };
    },
  };
}
