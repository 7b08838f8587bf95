/**
 * The main thread's side of the core's worker: `startCoreThread` starts the worker, which
 * builds the whole core (createFleetDesk), and gives the shell the same `FleetDeskCore`
 * (handlers, tiles, subscribe, start, stop) plus the serialized relay of serialized.ts. The
 * main thread only relays: it answers the worker's keychain calls with keytar (which stays
 * on this thread) and its platform hooks (browser, save dialog, embed view, notifications).
 *
 * When the worker fails to start, `startCoreThread` rejects with the core's own error. When
 * it crashes, exits or stops answering the liveness ping later, every call waiting on it is
 * answered with an error that says so (the shell never hangs on a dead core), the status
 * bar says so, the last relayed status and list keep being served, and a fresh worker is
 * started from the store (supervision.ts), which announces the stored list again so the
 * page and `assets:detail` agree. A core that keeps dying is left stopped, and the status
 * bar asks for a restart of Fleet Desk.
 */
import { Worker } from 'node:worker_threads';
import { INVOKE_CHANNELS, snapshotFromWire } from '../../contract';
import type { AppError, AssetRowSnapshot, AssetRowSnapshotWire, EventChannel, EventSink, FleetEvents, InvokeHandlers } from '../../contract';
import { answerKeychainRequest, keychainFailure } from '../../core/auth/keychain-relay';
import { loadKeytar, type KeychainBackend } from '../../core/auth/token-vault';
import { FleetError, scrubSecrets, toAppError } from '../../core/errors';
import type { FleetDeskOptions } from '../../core/ports';
import type { TileAddress } from '../../core/tiles/tile-address';
import type { TileAnswer, TileProvider } from '../../core/tiles/tile-service';
import { fleetErrorFrom, jsonBytes, PLATFORM_CALLS, type CoreThreadData, type FromWorker, type PlatformCall, type ToWorker, type WithoutId } from './protocol';
import type { SerializedCore, SerializedEventSink, ThreadedCore } from './serialized';
import { gaveUpText, restartingText, RestartPolicy, SUPERVISION, type SupervisionTimes } from './supervision';
import { coreWorkerFile, workerLaunch } from './worker-entry';

export interface CoreThreadOptions extends FleetDeskOptions {
  /** The worker's entry file (tests run a fake core); default the bundled or source core-worker. */
  workerEntry?: string;
  /** Loads the real keychain on this thread; default keytar. */
  loadKeychain?: () => KeychainBackend;
  /** How long `stop` waits for the core to close before the worker is ended anyway; default 10 s. */
  stopTimeoutMs?: number;
  /** The liveness ping and restart policy; default SUPERVISION (tests shorten it). */
  supervision?: Partial<SupervisionTimes>;
}

interface Pending {
  resolve: (message: FromWorker) => void;
  reject: (err: FleetError) => void;
}

const decoder = new TextDecoder();

const encoder = new TextEncoder();
const RESULT_START = encoder.encode('{"ok":true,"value":');

/**
 * The Result of a call from a relayed event's bytes, without parsing or copying: a Result's
 * start, then a view over the event's payload and its closing brace. The worker writes an
 * event as JSON.stringify({ name, payload }). Null if the bytes are not that event in that form.
 */
export function resultPartsFromEvent(name: EventChannel, json: Uint8Array): readonly Uint8Array[] | null {
  // Event names are plain words (the contract's EVENT_CHANNELS): no escaping needed.
  const start = encoder.encode(`{"name":"${name}","payload":`);
  if (json.byteLength <= start.byteLength || !start.every((byte, i) => json[i] === byte)) return null;
  return [RESULT_START, json.subarray(start.byteLength)];
}

/** Parts as one buffer (a copy), for a relay that sends one. */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** The Result of `status:get` from a relayed status event, as one buffer (see resultPartsFromEvent). */
export function statusResultFromEvent(json: Uint8Array): Uint8Array | null {
  const parts = resultPartsFromEvent('status', json);
  return parts && joinParts(parts);
}

/**
 * Events after which the last relayed asset list is still what `assets:get` would answer.
 * Any other event (a change of the list, a profile switch, a sign-out…) may change it.
 */
const KEEPS_ASSET_LIST: ReadonlySet<EventChannel> = new Set<EventChannel>(['status', 'aemp:progress', 'alerts:new', 'alerts:counts', 'alerts:focus', 'map:base', 'settings', 'embed:expired', 'sites:changed', 'utilization:progress']);

/**
 * The core thread's young generation (MB; V8 splits it into two semi-spaces and a new
 * large-object space). V8's default lets the new space grow during a whole read of the list
 * and keeps it committed afterwards; a cap keeps the process smaller at no cost to a typical
 * refresh (figures: docs/decisions/core-heap-settings.md).
 */
export const CORE_YOUNG_GENERATION_MB = 12;

const crashError = (reason: string, restarting: boolean) =>
  new FleetError(
    'internal',
    scrubSecrets(
      restarting
        ? `Fleet Desk’s core stopped unexpectedly (${reason}); it is being started again, try again in a moment. Your offline data is kept.`
        : `Fleet Desk’s core stopped unexpectedly (${reason}). Restart Fleet Desk; your offline data is kept.`,
    ),
  );

/** The status before any was relayed, for the status bar's word on a stopped core. */
const NO_STATUS = { profileId: '', lastSyncAt: null, nextAttemptAt: null, error: null, tokenInMemoryOnly: false, notice: null };

export interface SupervisedCore {
  /** Ends the current worker as a death (the liveness check does; tests use it to kill one). */
  endWorker(reason: string): void;
}

export async function startCoreThread(options: CoreThreadOptions): Promise<ThreadedCore & Required<SerializedCore> & SupervisedCore> {
  const platform = options.platform;
  const hooks = PLATFORM_CALLS.filter((name) => typeof platform[name] === 'function');
  const data: CoreThreadData = {
    userDataDir: options.userDataDir,
    env: { ...(options.env ?? process.env) },
    shell: platform.shell,
    version: platform.version,
    hooks,
  };
  const launch = workerLaunch(options.workerEntry ?? coreWorkerFile());
  const times: SupervisionTimes = { ...SUPERVISION, ...options.supervision };
  const policy = new RestartPolicy(times);
  let worker!: Worker;

  let nextId = 1;
  const pending = new Map<number, Pending>();
  /** Set while no worker serves (being started again, or given up): every call is answered with it. */
  let gone: FleetError | null = null;
  let stopping = false;
  /** `start` was called: a worker started again is started too (which announces the stored list). */
  let coreStarted = false;
  let tileRoute: string | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  const objectSinks = new Set<EventSink>();
  const serializedSinks = new Set<SerializedEventSink>();
  let listening = false;

  const post = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

  const request = (message: WithoutId<Extract<ToWorker, { t: 'invoke' | 'call' | 'tile' | 'start' | 'stop' }>>): Promise<FromWorker> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<FromWorker>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      post({ ...message, id } as ToWorker);
    });
  };

  const valueOf = (message: FromWorker): unknown => {
    if (message.t !== 'done') throw new FleetError('internal', 'Fleet Desk’s core answered out of turn.');
    if (!message.ok) throw fleetErrorFrom(message.error);
    return message.value;
  };

  const updateListening = () => {
    const on = objectSinks.size + serializedSinks.size > 0;
    if (on === listening) return;
    listening = on;
    lastStatus = null;
    lastStatusJson = null;
    lastAssets = null;
    // A worker started again is told when it is ready.
    if (!gone) post({ t: 'listen', on });
  };

  /**
   * The sync status as of the last status event relayed: the core announces every change
   * of it (core/sync/refresh-scheduler.ts), so `status:get` is answered here, on the main
   * thread, even while the worker is busy with a refresh. Only while events are relayed.
   */
  let lastStatus: readonly Uint8Array[] | null = null;
  /** The last status event itself, which the status bar's word on a stopped core is added to. */
  let lastStatusJson: Uint8Array | null = null;
  /**
   * The asset list as of the last 'assets' event, while no event since may have changed it:
   * a page opened during a refresh gets its first rows here instead of waiting for the
   * worker's long task (the cold start's first paint). Held as parts over the event's own
   * bytes: a copy of a large list would cost this thread memory and time.
   */
  let lastAssets: readonly Uint8Array[] | null = null;

  const deliver = (name: EventChannel, json: Uint8Array) => {
    // The relays (below) and these views share the event's bytes: nobody changes or transfers them.
    if (name === 'status') {
      lastStatus = resultPartsFromEvent('status', json);
      lastStatusJson = json;
    }
    if (name === 'assets') lastAssets = resultPartsFromEvent('assets', json);
    else if (!KEEPS_ASSET_LIST.has(name)) lastAssets = null;
    for (const sink of serializedSinks) {
      try {
        sink(name, json);
      } catch (err) {
        console.error(scrubSecrets(`Fleet Desk: an event listener failed: ${err instanceof Error ? err.message : String(err)}`));
      }
    }
    if (objectSinks.size === 0) return;
    // Only listeners that want objects (not the shells' relays) cost a parse here; the asset
    // list comes with its rows as columns (contract row-wire.ts) and is read back into rows.
    const parsed = (JSON.parse(decoder.decode(json)) as { payload: FleetEvents[EventChannel] }).payload;
    const payload = name === 'assets' ? (snapshotFromWire(parsed as AssetRowSnapshot | AssetRowSnapshotWire) as FleetEvents['assets']) : parsed;
    for (const sink of objectSinks) {
      try {
        sink(name, payload);
      } catch (err) {
        console.error(scrubSecrets(`Fleet Desk: an event listener failed: ${err instanceof Error ? err.message : String(err)}`));
      }
    }
  };

  let keychain: KeychainBackend | null = null;
  const loadKeychain = () => (keychain ??= (options.loadKeychain ?? loadKeytar)());

  /** A keychain call or a platform hook, asked by the worker: answered here, on the main thread. */
  const answer = async (message: Extract<FromWorker, { t: 'request' }>): Promise<void> => {
    let reply: ToWorker;
    if (message.area === 'keychain') {
      try {
        reply = { t: 'reply', id: message.id, ok: true, value: await answerKeychainRequest(loadKeychain, message.method, message.args) };
      } catch (err) {
        reply = { t: 'reply', id: message.id, ok: false, error: { kind: 'keychain', message: keychainFailure(err) } };
      }
    } else {
      try {
        const method: PlatformCall = message.method;
        if (!hooks.includes(method)) throw new FleetError('internal', `This Fleet Desk window cannot "${String(method)}".`);
        const fn = platform[method] as (...args: unknown[]) => unknown;
        reply = { t: 'reply', id: message.id, ok: true, value: (await fn.apply(platform, message.args)) ?? null };
      } catch (err) {
        reply = { t: 'reply', id: message.id, ok: false, error: toAppError(err) };
      }
    }
    if (!gone) post(reply);
  };

  /**
   * The status bar says what happened to the core: the last relayed status with the text in
   * its `core` field (and state 'error'), relayed like the core's own, so `status:get` answers it too.
   */
  const announceCore = (text: string) => {
    let base: Record<string, unknown> = NO_STATUS;
    if (lastStatusJson) {
      try {
        base = (JSON.parse(decoder.decode(lastStatusJson)) as { payload: Record<string, unknown> }).payload;
      } catch {
        // The core's own status is JSON it wrote; if not, the status bar still gets the text.
      }
    }
    deliver('status', jsonBytes({ name: 'status', payload: { ...base, state: 'error', core: text } }));
  };

  /** The worker is gone on its own: calls answered, the status bar told, a fresh one started (or not). */
  const died = (reason: string) => {
    const wait = policy.afterDeath(Date.now());
    const err = crashError(reason, wait !== null);
    gone = err;
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
    if (wait === null) {
      gone = new FleetError('internal', gaveUpText(times));
      announceCore(gaveUpText(times));
      return;
    }
    announceCore(restartingText(scrubSecrets(reason)));
    restartTimer = setTimeout(() => {
      restartTimer = null;
      void restart();
    }, wait);
  };

  /**
   * Starts a worker and serves it; resolves once it is ready. A worker that fails to start
   * rejects (the first one: startCoreThread rejects with the core's own error); one that
   * ends later, or stops answering the ping, is a death (`died`).
   */
  const spawn = (): Promise<void> => {
    const w = new Worker(launch.code, {
      eval: launch.eval,
      workerData: data,
      resourceLimits: { maxYoungGenerationSizeMb: CORE_YOUNG_GENERATION_MB },
    });
    worker = w;
    let ready = false;
    let ended = false;
    let heardAt = Date.now();
    let settle: { resolve: () => void; reject: (err: FleetError) => void } | null = null;
    const started = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));

    const end = (err: FleetError, reason: string) => {
      if (ended) return;
      ended = true;
      clearInterval(ping);
      void w.terminate();
      if (!ready) {
        settle?.reject(err);
        settle = null;
        return;
      }
      if (stopping) {
        gone = err;
        for (const waiting of pending.values()) waiting.reject(err);
        pending.clear();
        return;
      }
      died(reason);
    };
    endCurrent = (reason) => end(crashError(reason, true), reason);

    // Pinged once ready: building the core (opening the store, say) is judged by 'failed' and 'exit'.
    let ping: ReturnType<typeof setInterval> | undefined;
    const watch = () => {
      ping = setInterval(() => {
        if (Date.now() - heardAt > times.unresponsiveMs) end(crashError('it stopped answering', true), 'it stopped answering');
        else w.postMessage({ t: 'ping' } satisfies ToWorker);
      }, times.pingEveryMs);
      ping.unref();
    };

    w.on('message', (message: FromWorker) => {
      heardAt = Date.now();
      switch (message.t) {
        case 'ready':
          ready = true;
          watch();
          settle?.resolve();
          settle = null;
          return;
        case 'pong':
          return;
        case 'failed':
          end(fleetErrorFrom(message.error), message.error.message);
          return;
        case 'crashed':
          end(crashError(message.error.message, true), message.error.message);
          return;
        case 'event':
          deliver(message.name, message.json);
          return;
        case 'request':
          void answer(message);
          return;
        default: {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          waiting?.resolve(message);
        }
      }
    });
    w.on('error', (err) => end(crashError(err.message.split('\n')[0], true), err.message.split('\n')[0]));
    w.on('exit', (code) =>
      end(stopping ? new FleetError('internal', 'Fleet Desk’s core has stopped.') : crashError(`exit code ${code}`, true), `exit code ${code}`),
    );
    return started;
  };
  let endCurrent: (reason: string) => void = () => {};

  /** A fresh worker after a death: built from the store, told what the last one was told, started. */
  const restart = async (): Promise<void> => {
    if (stopping) return;
    try {
      await spawn();
    } catch (err) {
      died(err instanceof Error ? err.message : String(err));
      return;
    }
    if (stopping) return;
    gone = null;
    if (listening) post({ t: 'listen', on: true });
    if (tileRoute !== null) post({ t: 'tile-route', route: tileRoute });
    // Starting it announces the stored list and status: the page reads the list the new core holds.
    if (coreStarted) await request({ t: 'start' }).catch(() => {});
  };

  await spawn();

  const call = async (channel: string, args: unknown[]): Promise<unknown> => valueOf(await request({ t: 'call', channel, args }));
  const handlers = Object.fromEntries(INVOKE_CHANNELS.map((channel) => [channel, (...args: unknown[]) => call(channel, args)])) as unknown as InvokeHandlers;

  const tiles: TileProvider = {
    async tile(address: TileAddress): Promise<TileAnswer> {
      const message = await request({ t: 'tile', address });
      if (message.t !== 'tile') return valueOf(message) as never;
      const { body, ...rest } = message.answer;
      return { ...rest, body: body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null };
    },
    setRoute(route: string) {
      tileRoute = route;
      if (!gone) post({ t: 'tile-route', route });
    },
  };

  const errorBytes = (error: AppError) => jsonBytes({ ok: false, error });

  const heldAnswer = (channel: unknown, args: unknown): readonly Uint8Array[] | null => {
    // Checked as validate-args would (both take no arguments); anything else goes to the worker.
    // Also while no worker serves: the last good status and list stay what the page is given.
    if (!Array.isArray(args) || args.length !== 0) return null;
    if (channel === 'status:get') return lastStatus;
    if (channel === 'assets:get') return lastAssets;
    return null;
  };

  return {
    handlers,
    tiles,
    subscribe(sink) {
      objectSinks.add(sink);
      updateListening();
      return () => {
        objectSinks.delete(sink);
        updateListening();
      };
    },
    subscribeSerialized(sink) {
      serializedSinks.add(sink);
      updateListening();
      return () => {
        serializedSinks.delete(sink);
        updateListening();
      };
    },
    heldAnswer,
    async invokeSerialized(channel, args) {
      const held = heldAnswer(channel, args);
      if (held) return joinParts(held);
      try {
        const message = await request({ t: 'invoke', channel, args });
        if (message.t === 'invoked') return message.json;
        return errorBytes(toAppError(valueOf(message)));
      } catch (err) {
        return errorBytes(toAppError(err));
      }
    },
    endWorker(reason: string) {
      endCurrent(reason);
    },
    async start() {
      coreStarted = true;
      valueOf(await request({ t: 'start' }));
    },
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      if (gone) {
        await worker.terminate();
        return;
      }
      const timer = setTimeout(() => void worker.terminate(), options.stopTimeoutMs ?? 10_000);
      try {
        valueOf(await request({ t: 'stop' }));
      } catch (err) {
        // Ended by the timeout: the worker is gone, which is what stop wants.
        if (err !== gone) throw err;
      } finally {
        clearTimeout(timer);
        await worker.terminate();
      }
    },
  };
}
