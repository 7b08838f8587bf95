/**
 * A stand-in for the Electron main process in `npm run bench` (Electron cannot run on the
 * bench machine). Run as its own process with event-loop-probe.mjs preloaded:
 *
 *   node --import tsx --import ./event-loop-probe.mjs electron-main-sim.ts
 *
 * It starts the core exactly as src-main/electron/main.ts does (startFleetDesk: in its worker
 * thread by default, on the main thread with FLEET_CORE_THREAD=main) and wires it with the
 * shell's own relay code (registerIpc and forwardEvents from src-main/electron/ipc.ts). With
 * the worker, answers and events reach this thread as the worker's JSON bytes and are sent
 * on as they are; the renderer thread parses them as the preload does. Only
 * Electron's transport is replaced, by what Electron does on the main thread for each
 * message: a structured clone of the arguments (v8.serialize, the serializer Electron's IPC
 * uses) whose bytes go to the renderer. The renderer is a worker thread
 * (sim-renderer-thread.mjs) that decodes them on its own thread, as a renderer process does.
 *
 * Environment: FLEET_USER_DATA, FLEET_BASE_URL, FLEET_AEMP_URL, FLEET_TOKEN (as the web shell).
 * The benchmark talks to it over the child-process IPC channel: `{ sim: 'call', id, channel,
 * args }` runs a contract call (settings changes, status), `{ sim: 'renderer', id, control }`
 * asks the renderer thread (its state, small calls on and off).
 */
import { mkdirSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { MessageChannel, Worker } from 'node:worker_threads';
import { startFleetDesk } from '../../src-main/app/core-thread/start-core';
import { dispatchInvoke } from '../../src-main/core/ipc/validate-args';
import { EVENT_IPC, INVOKE_IPC, forwardEvents, registerIpc } from '../../src-main/electron/ipc';
import type { IpcMainInvokeEvent, WebContents } from 'electron';

type InvokeListener = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

/** The serialized bytes in an ArrayBuffer of their own, so they can be handed over without a copy. */
function transferable(bytes: Buffer): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

async function main(): Promise<void> {
  const userDataDir = process.env.FLEET_USER_DATA;
  if (!userDataDir) throw new Error('FLEET_USER_DATA is not set');
  mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
  const send = (message: unknown) => process.send?.(message);

  const desk = await startFleetDesk({ userDataDir, platform: { shell: 'electron', version: 'bench', openExternal: async () => {} }, env: process.env });

  // Electron's ipcMain, reduced to the one handler the shell registers.
  let onInvoke: InvokeListener | null = null;
  registerIpc({ handle: (_channel: string, listener: InvokeListener) => void (onInvoke = listener), removeHandler: () => {} }, desk, () => true);

  const { port1: toRenderer, port2: rendererEnd } = new MessageChannel();
  // A webContents whose send() does the main thread's share of Electron's IPC: the clone.
  const contents = {
    isDestroyed: () => false,
    send: (channel: string, ...args: unknown[]) => {
      const bytes = transferable(serialize([channel, ...args]));
      toRenderer.postMessage({ kind: 'event', bytes }, [bytes.buffer as ArrayBuffer]);
    },
  } as unknown as WebContents;
  forwardEvents(desk, () => contents);

  toRenderer.on('message', (message: { kind: string; id: number; bytes: Uint8Array }) => {
    if (message.kind !== 'invoke' || !onInvoke) return;
    const [, channel, args] = deserialize(message.bytes) as [string, string, unknown];
    void onInvoke({} as IpcMainInvokeEvent, channel, args).then((result) => {
      const bytes = transferable(serialize(result));
      toRenderer.postMessage({ kind: 'reply', id: message.id, bytes }, [bytes.buffer as ArrayBuffer]);
    });
  });

  // The window opens before the core starts, as in src-main/electron/main.ts. From here on
  // the main thread's delays are the dispatcher's (before, there is no window to wait on).
  (globalThis as { __eventLoopProbe?: { restart: () => void } }).__eventLoopProbe?.restart();
  const renderer = new Worker(new URL('./sim-renderer-thread.mjs', import.meta.url), {
    execArgv: [],
    workerData: { port: rendererEnd, invokeChannel: INVOKE_IPC, eventChannel: EVENT_IPC },
    transferList: [rendererEnd],
  });
  renderer.on('error', (err) => process.stderr.write(`The renderer thread failed: ${err.stack ?? err.message}\n`));
  let rendererWaiting: ((reply: unknown) => void)[] = [];
  renderer.on('message', (reply: unknown) => {
    const waiting = rendererWaiting;
    rendererWaiting = [];
    for (const done of waiting) done(reply);
  });

  process.on('message', (message: { sim?: string; id?: number; channel?: string; args?: unknown[]; control?: Record<string, unknown> }) => {
    if (message?.sim === 'call') {
      void dispatchInvoke(desk.handlers, message.channel, message.args ?? []).then((result) => send({ sim: 'called', id: message.id, result }));
    } else if (message?.sim === 'renderer' && message.control) {
      rendererWaiting.push((reply) => send({ sim: 'renderer', id: message.id, reply }));
      renderer.postMessage(message.control);
    } else if (message?.sim === 'stop') {
      void renderer
        .terminate()
        .then(() => desk.stop())
        .finally(() => process.exit(0));
    }
  });

  await desk.start();
  send({ sim: 'ready' });
}

main().catch((err: unknown) => {
  process.stderr.write(`The simulated Electron main failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
