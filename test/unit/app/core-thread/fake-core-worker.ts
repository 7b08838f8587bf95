/**
 * A core worker for the host's protocol tests: the real worker runtime (runCoreWorker)
 * around a small fake core whose handlers exercise the boundary (values, errors, events in
 * order, big payloads, the keychain relay, platform hooks, a crash).
 */
import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { resourceLimits } from 'node:worker_threads';
import { DEFAULT_SETTINGS } from '../../../../src-main/contract';
import type { EventSink, InvokeHandlers } from '../../../../src-main/contract';
import { FleetError, registerSecret } from '../../../../src-main/core/errors';
import { runCoreWorker } from '../../../../src-main/app/core-thread/worker';

runCoreWorker(async ({ env, platform, keychain }) => {
  if (env?.FAKE_FAIL) throw new Error(`FLEET_BASE_URL is not a URL: "${env.FAKE_FAIL}"`);
  const sinks = new Set<EventSink>();
  const emit: EventSink = (name, payload) => {
    for (const sink of sinks) sink(name, payload);
  };
  const unanswered = new Promise<never>(() => {});
  /** How many event payloads were written as JSON in this thread. */
  let written = 0;
  const handlers = {
    'app:info': async () => ({ shell: platform.shell, version: platform.version, platform: process.platform, demo: false }),
    'settings:get': async () => DEFAULT_SETTINGS,
    'status:get': async () => ({ written }) as never,
    'assets:get': async () => ({ answeredBy: 'the worker' }) as never,
    // This thread's own task id and nice value, as the OS has them (Linux).
    'assets:detail': async () => {
      const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
      return { threadId, nice: getPriority(threadId) } as never;
    },
    // This thread's heap limits, and its new space after `mb` MB of short-lived objects (a whole read's churn).
    'aemp:cached': async (mb: number) => {
      let kept: number[][] = [];
      for (let i = 0; i < Number(mb) * 16; i++) {
        kept.push(new Array<number>(8000).fill(i));
        if (kept.length > 64) kept = [];
      }
      const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
      return { limits: resourceLimits, newSpaceMb: (newSpace?.physical_space_size ?? 0) / (1024 * 1024), kept: kept.length } as never;
    },
    // A whole read's garbage: 160 MB held until the answer, then dropped; with 'settle', the refresh's status says it is over.
    'export:positionsGeoJson': async (ids: string[]) => {
      const read = Array.from({ length: 200 }, (_, i) => new Array<number>(100_000).fill(i + 0.5));
      if (ids[0] === 'settle') emit('status', { state: 'online', seq: -3 } as never);
      return { held: read.length } as never;
    },
    // The heap this thread uses, read after the work already queued for this turn of the loop
    // (a message that arrives while the port is being read is handled before that work).
    'aemp:history': async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return { usedMb: getHeapStatistics().used_heap_size / (1024 * 1024) } as never;
    },
    // A profile switch: the list the main thread kept is another profile's now.
    'profiles:switch': async () => {
      emit('assets', { profileId: 'p', rows: ['kept'] } as never);
      emit('profiles:changed', { activeId: 'q' } as never);
      return null as never;
    },
    // Errors keep their kind, status and wait across the boundary.
    'aemp:list': async () => {
      throw new FleetError('rate-limited', 'The fleet service asks to wait 5 s.', { status: 429, retryAfterMs: 5000 });
    },
    // Events in order: `count` status events, then the answer.
    'trail:get': async (_id: string, count: number) => {
      for (let i = 0; i < count; i++) {
        const payload = { state: 'ok', seq: i };
        emit('status', { ...payload, toJSON: () => (written++, payload) } as never);
      }
      return [];
    },
    // A big event: an asset list of `count` assets.
    'export:assetsCsv': async (ids: string[]) => {
      const assets = Array.from({ length: Number(ids[0].split(':')[1]) }, (_, i) => ({ assetId: `thing:${i}`, name: `Asset ${i} ${'x'.repeat(200)}` }));
      emit('assets', { profileId: 'p', fetchedAt: '2026-01-01T00:00:00Z', source: 'network', assets } as never);
      return { fileName: 'x.csv', saved: null, content: null, mimeType: 'text/csv' } as never;
    },
    // The keychain relay: store, read back, delete.
    'auth:pasteToken': async (profileId: string, token: string) => {
      await keychain.setPassword('Fleet Desk', profileId, token);
      const back = await keychain.getPassword('Fleet Desk', profileId);
      const deleted = await keychain.deletePassword('Fleet Desk', `${profileId}:refresh`);
      return { back, deleted } as never;
    },
    // The relay refuses another program's entries.
    'auth:signOut': async () => {
      await keychain.getPassword('Other program', 'account');
    },
    // Platform hooks, answered on the main thread.
    'embed:show': async (sessionId: string, bounds: { x: number; y: number; width: number; height: number }) => {
      await platform.showEmbed?.(`https://embed.example/${sessionId}`, sessionId, bounds);
    },
    'auth:signIn': async (url: string) => {
      await platform.openExternal(url);
    },
    'print:pdf': async (fileName: string) => (platform.printPdf ? platform.printPdf(fileName) : ({ hasPrint: false } as never)),
    'export:alertsCsv': async () => ({ hasSave: typeof platform.saveFile === 'function', hasNotify: typeof platform.notify === 'function' }) as never,
    // Keeps the worker's thread busy (a refresh's long parse) until the main thread says so.
    'assets:refresh': async () => {
      emit('assets', { profileId: 'p', rows: ['before the refresh'] } as never);
      emit('settings', { units: 'metric' } as never);
      emit('status', { state: 'syncing', seq: -1 } as never);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const flag = new Int32Array(env?.FAKE_BUSY_FLAG as unknown as SharedArrayBuffer);
      for (let i = 0; i < 600 && Atomics.load(flag, 0) === 0; i++) Atomics.wait(flag, 0, 0, 50);
      emit('assets:changed', { profileId: 'p', rows: ['changed'], removed: [] } as never);
      emit('status', { state: 'ok', seq: -2 } as never);
    },
    // Never answers (a call waiting when the worker crashes).
    'auth:cancel': () => unanswered,
    // Ends the worker's process as a fatal error would (out of memory, say).
    'alerts:list': async () => {
      setTimeout(() => process.exit(3), 0);
      return unanswered;
    },
    // Keeps the worker's thread busy for ever: it never answers the host's ping again.
    'alerts:rules': async () => {
      for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    },
    // Crashes the worker thread, with a secret it knows in the error.
    'profiles:test': async () => {
      registerSecret('worker-only-secret-9d2e7');
      setTimeout(() => {
        throw new Error('the fake core fell over holding worker-only-secret-9d2e7');
      }, 0);
      return unanswered;
    },
  } as unknown as InvokeHandlers;
  return {
    handlers,
    tiles: {
      tile: async (address: { z: number; x: number; y: number }) => ({
        status: 200,
        body: Buffer.from(`tile ${address.z}/${address.x}/${address.y}`),
        contentType: 'image/png',
        maxAgeSec: 60,
        source: 'cache',
      }),
      setRoute: (route: string) => emit('map:base', { route } as never),
    },
    subscribe(sink: EventSink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    start: async () => emit('status', { state: 'started' } as never),
    stop: async () => platform.notify?.({ title: 'core stopped', body: '', tag: 'core-stopped', assetId: null, rule: null }),
  };
}, undefined, undefined, { heapReleaseDelayMs: 20 });
