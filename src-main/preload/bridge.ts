/**
 * `window.fleetDesk` in Electron, built over ipcRenderer. Only `invoke` and `on` are
 * exposed; channel and event names are checked against the contract's tables, and the
 * raw IPC event never reaches the page.
 *
 * With the core in its worker thread, answers and events arrive as the JSON the worker
 * wrote (UTF-8 bytes; the main process only relays them): they are parsed here, so the
 * page still gets objects. Objects the main process sends itself (menu commands, the
 * embed view's events) arrive as they are.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../contract';
import { EVENT_IPC, INVOKE_IPC } from '../core/ipc/channels';
import type { EventChannel, Bridge, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Result } from '../contract';


const invokeChannels: ReadonlySet<string> = new Set(INVOKE_CHANNELS);
const decoder = new TextDecoder();

/** UTF-8 JSON sent in parts (a character may be cut between two), as its text. */
function textOfParts(parts: readonly ArrayBufferView[]): string {
  const partDecoder = new TextDecoder();
  let text = '';
  for (const part of parts) text += partDecoder.decode(part, { stream: true });
  return text + partDecoder.decode();
}

/** JSON written on the main side (bytes, bytes in parts, or text) as the value it stands for; anything else as it is. */
function fromWire(data: unknown): unknown {
  if (typeof data === 'string') return JSON.parse(data);
  if (ArrayBuffer.isView(data)) return JSON.parse(decoder.decode(data));
  if (Array.isArray(data) && data.length > 0 && data.every((part) => ArrayBuffer.isView(part))) return JSON.parse(textOfParts(data));
  return data;
}

/** An event's payload: the serialized message `{ name, payload }`, or the payload object itself. */
function eventPayload(data: unknown): unknown {
  return typeof data === 'string' || ArrayBuffer.isView(data) ? (fromWire(data) as { payload: unknown }).payload : data;
}
const eventChannels: ReadonlySet<string> = new Set(EVENT_CHANNELS);

export function createPreloadBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): Bridge {
  return {
    async invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>> {
      if (typeof channel !== 'string' || !invokeChannels.has(channel)) {
        return { ok: false, error: { kind: 'invalid-argument', message: `Fleet Desk does not know the request "${String(channel)}".` } };
      }
      try {
        return fromWire(await ipc.invoke(INVOKE_IPC, channel, args)) as Result<InvokeResult<C>>;
      } catch {
        return { ok: false, error: { kind: 'internal', message: `Fleet Desk's main process did not answer "${channel}".` } };
      }
    },
    on<E extends EventChannel>(name: E, listener: (payload: FleetEvents[E]) => void): () => void {
      if (typeof name !== 'string' || !eventChannels.has(name) || typeof listener !== 'function') return () => {};
      const handler = (_event: IpcRendererEvent, eventName: unknown, payload: unknown) => {
        if (eventName !== name) return;
        let value: unknown;
        try {
          value = eventPayload(payload);
        } catch {
          return; // not JSON: nothing the page could use
        }
        listener(value as FleetEvents[E]);
      };
      ipc.on(EVENT_IPC, handler);
      return () => {
        ipc.removeListener(EVENT_IPC, handler);
      };
    },
  };
}
