/**
 * The worker thread's side: builds the core here, off the shell's main thread, and serves
 * the host (host.ts) over the worker's port. Everything heavy (fetching, parsing,
 * validating, fingerprinting, storing, alerts, exports, AEMP paging, the demo service,
 * tiles) runs in this thread; results and events leave it as JSON written here once.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { snapshotToWire } from '../../contract';
import type { AssetRowSnapshot, AssetRowSnapshotWire, EventChannel, ExportResult, FleetEvents, InvokeHandlers, Result } from '../../contract';
import { relayedKeychain, type KeychainMethod } from '../../core/auth/keychain-relay';
import type { KeychainBackend } from '../../core/auth/token-vault';
import { FleetError, scrubSecrets, toAppError } from '../../core/errors';
import { dispatchInvoke } from '../../core/ipc/validate-args';
import type { FleetDeskCore, FleetDeskOptions, PlatformHooks } from '../../core/ports';
import { garbageCollector, HeapRelease, ReleaseSchedule } from './heap-release';
import { lowerThisThreadPriority } from './thread-priority';
import { fleetErrorFrom, jsonBytes, transferOf, type CoreThreadData, type FromWorker, type PlatformCall, type ToWorker, type WithoutId } from './protocol';

/**
 * The asset list leaves this thread with its rows as columns (contract row-wire.ts; the
 * page reads them in src-renderer/src/lib/bridge.ts). A list the columns cannot hold goes
 * as it is: the page reads both forms.
 */
function rowListToWire(list: AssetRowSnapshot | null): AssetRowSnapshot | AssetRowSnapshotWire | null {
  if (!list || !Array.isArray(list.assets)) return list;
  try {
    return snapshotToWire(list);
  } catch {
    return list;
  }
}

function rowListResultToWire(result: Result<unknown>): Result<unknown> {
  return result.ok ? { ok: true, value: rowListToWire(result.value as AssetRowSnapshot | null) } : result;
}

/** Builds the core in this thread (createFleetDesk; tests pass a small fake). */
export type CoreFactory = (options: FleetDeskOptions & { keychain: KeychainBackend }) => Promise<FleetDeskCore>;

/** A Result as JSON bytes; a value JSON cannot write becomes an internal error, never a throw. */
function resultBytes(result: unknown, channel: unknown): Uint8Array {
  try {
    return jsonBytes(result);
  } catch (err) {
    const message = `Fleet Desk could not send the answer to "${String(channel)}": ${err instanceof Error ? err.message : String(err)}`;
    return jsonBytes({ ok: false, error: { kind: 'internal', message: scrubSecrets(message) } });
  }
}

export interface CoreWorkerOptions {
  /** How long the core stays quiet after a refresh before its garbage is collected (heap-release.ts); tests shorten it. */
  heapReleaseDelayMs?: number;
}

export function runCoreWorker(
  factory: CoreFactory,
  port: MessagePort | null = parentPort,
  data: CoreThreadData = workerData as CoreThreadData,
  options: CoreWorkerOptions = {},
): void {
  if (!port) throw new Error('The Fleet Desk core worker must run in a worker thread.');
  const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  // Below the main thread in the OS scheduler, so a refresh's long parse never keeps the
  // window waiting for a CPU (Linux; elsewhere, or when refused, the thread runs as it is).
  lowerThisThreadPriority((message) => console.error(message));

  // An error nothing caught ends this thread. Its message is scrubbed here, where the
  // core's secrets are registered, before the main thread sees it (Node would pass it on raw).
  process.on('uncaughtException', (err: unknown) => {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    post({ t: 'crashed', error: { kind: 'internal', message: scrubSecrets(message) } });
    process.exit(1);
  });

  // Requests to the main thread (keychain, platform hooks), answered by 'reply'.
  let nextRequest = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const ask = (message: WithoutId<Extract<FromWorker, { t: 'request' }>>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextRequest++;
      waiting.set(id, { resolve, reject });
      post({ ...message, id } as FromWorker);
    });

  const keychain = relayedKeychain((method: KeychainMethod, args) => ask({ t: 'request', area: 'keychain', method, args }));
  const hook =
    (method: PlatformCall) =>
    (...args: unknown[]) =>
      ask({ t: 'request', area: 'platform', method, args });
  const has = (name: PlatformCall) => data.hooks.includes(name);
  const platform: PlatformHooks = {
    shell: data.shell,
    version: data.version,
    openExternal: async (url) => void (await hook('openExternal')(url)),
    ...(has('saveFile') ? { saveFile: async (name: string, content: string, mime: string) => (await hook('saveFile')(name, content, mime)) as string | null } : {}),
    ...(has('showEmbed') ? { showEmbed: async (...args: Parameters<NonNullable<PlatformHooks['showEmbed']>>) => void (await hook('showEmbed')(...args)) } : {}),
    ...(has('hideEmbed') ? { hideEmbed: async () => void (await hook('hideEmbed')()) } : {}),
    // A notification is told, not awaited: a failure there is the main thread's to log.
    ...(has('notify') ? { notify: (n) => void hook('notify')(n).catch(() => {}) } : {}),
    ...(has('printPdf') ? { printPdf: async (name: string) => (await hook('printPdf')(name)) as ExportResult } : {}),
  };

  // A whole read's garbage is given back once the core has been quiet after the refresh (heap-release.ts).
  const releases = new ReleaseSchedule(new HeapRelease(garbageCollector()), options.heapReleaseDelayMs);

  let core: FleetDeskCore | null = null;
  let listening = false;
  const queued: ToWorker[] = [];

  const serve = async (message: ToWorker): Promise<void> => {
    if (!core) {
      queued.push(message);
      return;
    }
    switch (message.t) {
      case 'invoke': {
        const result = await dispatchInvoke(core.handlers, message.channel, message.args);
        const json = resultBytes(message.channel === 'assets:get' ? rowListResultToWire(result) : result, message.channel);
        post({ t: 'invoked', id: message.id, json }, transferOf(json));
        return;
      }
      case 'call': {
        try {
          const handler = core.handlers[message.channel as keyof InvokeHandlers] as ((...a: unknown[]) => Promise<unknown>) | undefined;
          if (typeof handler !== 'function') throw new FleetError('internal', `Fleet Desk cannot answer "${message.channel}".`);
          post({ t: 'done', id: message.id, ok: true, value: await handler(...message.args) });
        } catch (err) {
          post({ t: 'done', id: message.id, ok: false, error: toAppError(err) });
        }
        return;
      }
      case 'tile': {
        try {
          if (!core.tiles) throw new FleetError('not-found', 'This Fleet Desk has no base map.');
          const answer = await core.tiles.tile(message.address);
          // A copy of its own, so it can be handed over without copying again.
          const body = answer.body ? new Uint8Array(answer.body) : null;
          post({ t: 'tile', id: message.id, answer: { ...answer, body } }, body ? transferOf(body) : []);
        } catch (err) {
          post({ t: 'done', id: message.id, ok: false, error: toAppError(err) });
        }
        return;
      }
      case 'tile-route':
        core.tiles?.setRoute(message.route);
        return;
      case 'listen':
        listening = message.on;
        return;
      case 'start':
      case 'stop': {
        try {
          await (message.t === 'start' ? core.start() : core.stop());
          post({ t: 'done', id: message.id, ok: true, value: null });
        } catch (err) {
          post({ t: 'done', id: message.id, ok: false, error: toAppError(err) });
        }
        return;
      }
      case 'reply':
      case 'ping':
        return;
    }
  };

  port.on('message', (message: ToWorker) => {
    if (message.t === 'ping') {
      post({ t: 'pong' });
      return;
    }
    if (message.t === 'reply') {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (!entry) return;
      if (message.ok) entry.resolve(message.value);
      else entry.reject(message.error.kind === 'keychain' ? new Error(message.error.message) : fleetErrorFrom(message.error));
      return;
    }
    // 'listen' and 'tile-route' may come before the core is built; they are remembered in order.
    serve(message).catch((err: unknown) => console.error(scrubSecrets(`Fleet Desk core worker: ${err instanceof Error ? err.message : String(err)}`)));
  });

  factory({ userDataDir: data.userDataDir, env: data.env, platform, keychain }).then(
    (built) => {
      core = built;
      built.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
        if (name === 'status') releases.status((payload as FleetEvents['status']).state);
        // Nobody on the main thread listens: no JSON to write.
        if (!listening) return;
        let json: Uint8Array;
        try {
          json = jsonBytes({ name, payload: name === 'assets' ? rowListToWire(payload as FleetEvents['assets']) : payload });
        } catch (err) {
          console.error(scrubSecrets(`Fleet Desk: could not send the "${name}" event: ${err instanceof Error ? err.message : String(err)}`));
          return;
        }
        post({ t: 'event', name, json }, transferOf(json));
      });
      post({ t: 'ready' });
      for (const message of queued.splice(0)) void serve(message);
    },
    (err: unknown) => {
      // The start-up error's own words (e.g. which FLEET_* variable is malformed), scrubbed.
      const error = err instanceof FleetError ? toAppError(err) : { kind: 'internal' as const, message: scrubSecrets(err instanceof Error ? err.message : String(err)) };
      post({ t: 'failed', error });
    },
  );
}
