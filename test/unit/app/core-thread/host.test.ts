/**
 * The core's worker thread and its host (src-main/app/core-thread): calls, errors, events,
 * the serialized relay, the keychain relay, platform hooks, a crash and stop, against a
 * fake core running in a real worker thread (fake-core-worker.ts).
 */
import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeychainBackend } from '../../../../src-main/core/auth/token-vault';
import { FleetError } from '../../../../src-main/core/errors';
import type { PlatformHooks } from '../../../../src-main/core/ports';
import { CORE_YOUNG_GENERATION_MB, startCoreThread, type CoreThreadOptions } from '../../../../src-main/app/core-thread/host';
import type { ThreadedCore } from '../../../../src-main/app/core-thread/serialized';
import { CORE_THREAD_NICE } from '../../../../src-main/app/core-thread/thread-priority';

const FAKE_WORKER = resolve(import.meta.dirname, 'fake-core-worker.ts');
const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

function fakeKeychain() {
  const entries = new Map<string, string>();
  const backend: KeychainBackend = {
    getPassword: vi.fn(async (service: string, account: string) => entries.get(`${service}/${account}`) ?? null),
    setPassword: vi.fn(async (service: string, account: string, password: string) => void entries.set(`${service}/${account}`, password)),
    deletePassword: vi.fn(async (service: string, account: string) => entries.delete(`${service}/${account}`)),
  };
  return backend;
}

function platform(extra: Partial<PlatformHooks> = {}): PlatformHooks {
  return { shell: 'electron', version: '9.9.9', openExternal: vi.fn(async () => {}), ...extra };
}

type HostCore = Awaited<ReturnType<typeof startCoreThread>>;
const started: ThreadedCore[] = [];
async function start(options: Partial<CoreThreadOptions> = {}): Promise<HostCore> {
  const core = await startCoreThread({
    userDataDir: '/nonexistent',
    platform: platform(),
    env: {},
    workerEntry: FAKE_WORKER,
    loadKeychain: fakeKeychain,
    ...options,
  });
  started.push(core);
  return core;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(started.splice(0).map((core) => core.stop().catch(() => {})));
});

describe('the core in its worker thread', () => {
  it('answers calls through the same handlers, built from the shell’s platform', async () => {
    const core = await start();
    expect(await core.handlers['app:info']()).toEqual({ shell: 'electron', version: '9.9.9', platform: process.platform, demo: false });
  });

  it.runIf(process.platform === 'linux')('runs the core’s thread below the calling thread’s priority, leaving the calling thread as it was', async () => {
    const ownThread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    const before = getPriority(ownThread);
    const core = await start();
    const worker = (await core.handlers['assets:detail']('any')) as unknown as { threadId: number; nice: number };
    expect(worker.threadId).not.toBe(ownThread);
    expect(worker.nice).toBe(CORE_THREAD_NICE);
    expect(getPriority(ownThread)).toBe(before);
  });

  it('runs the core with a small young generation, so a whole read’s short-lived objects leave at most 8 MB of new space', async () => {
    const core = await start();
    const worker = (await core.handlers['aemp:cached']('200' as never)) as unknown as { limits: { maxYoungGenerationSizeMb: number }; newSpaceMb: number };
    expect(worker.limits.maxYoungGenerationSizeMb).toBe(CORE_YOUNG_GENERATION_MB);
    // V8's default lets the new space grow to 32 MB (two 16 MB semi-spaces) and keep it.
    expect(worker.newSpaceMb).toBeLessThanOrEqual(8);
  }, 30_000);

  it('gives a whole read’s garbage back once the refresh’s status says it is over, not before', async () => {
    const core = await start();
    const usedMb = async () => ((await core.handlers['aemp:history']('x', 'Location', 'z', 'w')) as unknown as { usedMb: number }).usedMb;
    await core.handlers['export:positionsGeoJson'](['busy'], 1);
    // 160 MB dropped while no refresh settled: V8 keeps it until its own memory reducer runs, seconds later.
    expect(await usedMb()).toBeGreaterThan(120);
    await core.handlers['export:positionsGeoJson'](['settle'], 1);
    // The fake core's release comes 20 ms after the status (RELEASE_DELAY_MS in the app); at most ~2 s of asking.
    let used = await usedMb();
    for (let i = 0; i < 200 && used >= 64; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      used = await usedMb();
    }
    expect(used).toBeLessThan(64);
  });

  it('keeps an error’s kind, message, status and wait across the boundary', async () => {
    const core = await start();
    const err = await core.handlers['aemp:list']('2.0').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FleetError);
    expect(err).toMatchObject({ kind: 'rate-limited', message: 'The fleet service asks to wait 5 s.', status: 429, retryAfterMs: 5000 });
    expect(decode(await core.invokeSerialized('aemp:list', ['2.0']))).toEqual({
      ok: false,
      error: { kind: 'rate-limited', message: 'The fleet service asks to wait 5 s.', status: 429, retryAfterMs: 5000 },
    });
  });

  it('checks a renderer’s call in the worker before the core sees it (validate-args)', async () => {
    const core = await start();
    expect(decode(await core.invokeSerialized('shell:exec', []))).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(decode(await core.invokeSerialized('trail:get', ['thing:1', -1]))).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(decode(await core.invokeSerialized('trail:get', ['thing:1', 1]))).toEqual({ ok: true, value: [] });
  });

  it('delivers events in the order the core sent them, before the answer of the call that caused them', async () => {
    const core = await start();
    const seen: string[] = [];
    core.subscribeSerialized((name, json) => seen.push(`${name}:${(decode(json) as { payload: { seq: number } }).payload.seq}`));
    const objects: number[] = [];
    core.subscribe((name, payload) => name === 'status' && objects.push((payload as unknown as { seq: number }).seq));
    await core.invokeSerialized('trail:get', ['thing:1', 50]);
    seen.push('answer');
    expect(seen).toEqual([...Array.from({ length: 50 }, (_, i) => `status:${i}`), 'answer']);
    expect(objects).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('hands a big event and a big answer to the shell as JSON bytes, never parsed on the main thread', async () => {
    const core = await start();
    let event: Uint8Array | null = null;
    core.subscribeSerialized((name, json) => name === 'assets' && (event = json));
    const parse = vi.spyOn(JSON, 'parse');
    const stringify = vi.spyOn(JSON, 'stringify');
    const answer = await core.invokeSerialized('export:assetsCsv', [['thing:20000']]);
    expect(parse).not.toHaveBeenCalled();
    expect(stringify).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(event).toBeInstanceOf(Uint8Array);
    expect(event!.byteLength).toBeGreaterThan(4_000_000);
    const message = decode(event!) as { name: string; payload: { assets: { assetId: string }[] } };
    expect(message.name).toBe('assets');
    expect(message.payload.assets).toHaveLength(20_000);
    expect(message.payload.assets[19_999].assetId).toBe('thing:19999');
    expect(decode(answer)).toMatchObject({ ok: true, value: { fileName: 'x.csv' } });
  });

  it('writes no event JSON while nobody on the main thread listens', async () => {
    const core = await start();
    const seen: number[] = [];
    await core.invokeSerialized('trail:get', ['thing:1', 3]);
    const off = core.subscribeSerialized((_name, json) => seen.push((decode(json) as { payload: { seq: number } }).payload.seq));
    await core.invokeSerialized('trail:get', ['thing:1', 2]);
    off();
    await core.invokeSerialized('trail:get', ['thing:1', 4]);
    expect(seen).toEqual([0, 1]);
    // Only the two events someone listened to were written as JSON in the worker.
    expect(await core.handlers['status:get']()).toEqual({ written: 2 });
  });

  /** A core whose worker thread is blocked in a refresh (a long parse) until `release()`. */
  async function busyCore() {
    const flag = new SharedArrayBuffer(4);
    const core = await start({ env: { FAKE_BUSY_FLAG: flag as unknown as string } });
    const seen: unknown[] = [];
    core.subscribeSerialized((_name, json) => seen.push(decode(json)));
    const busy = core.invokeSerialized('assets:refresh', []);
    await vi.waitFor(() => expect(seen).toContainEqual({ name: 'status', payload: { state: 'syncing', seq: -1 } }), { timeout: 4000 });
    const release = async () => {
      Atomics.store(new Int32Array(flag), 0, 1);
      Atomics.notify(new Int32Array(flag), 0);
      await busy;
    };
    return { core, release };
  }

  it('answers status:get on the main thread from the last status event while the worker is busy', async () => {
    const { core, release } = await busyCore();
    // The worker's thread is blocked until released: only the main thread can answer this.
    expect(decode(await core.invokeSerialized('status:get', []))).toEqual({ ok: true, value: { state: 'syncing', seq: -1 } });
    await release();
    expect(decode(await core.invokeSerialized('status:get', []))).toEqual({ ok: true, value: { state: 'ok', seq: -2 } });
    // Wrong arguments still go to the worker's check.
    expect(decode(await core.invokeSerialized('status:get', ['x']))).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
  });

  it('answers assets:get on the main thread from the last asset list relayed while no event since may have changed it', async () => {
    const { core, release } = await busyCore();
    // The worker is blocked: a page opened now gets the list the last 'assets' event carried
    // (a settings or status event since does not change it).
    expect(decode(await core.invokeSerialized('assets:get', []))).toEqual({ ok: true, value: { profileId: 'p', rows: ['before the refresh'] } });
    await release();
    // A change was announced since: the worker answers.
    expect(decode(await core.invokeSerialized('assets:get', []))).toEqual({ ok: true, value: { answeredBy: 'the worker' } });
    // A profile switch after a list: the kept list is not served for the new profile.
    await core.invokeSerialized('profiles:switch', ['q']);
    expect(decode(await core.invokeSerialized('assets:get', []))).toEqual({ ok: true, value: { answeredBy: 'the worker' } });
    // Wrong arguments still go to the worker's check.
    expect(decode(await core.invokeSerialized('assets:get', ['x']))).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
  });

  it('holds the asset list’s answer as parts over the relayed event’s own bytes (never copied on the main thread)', async () => {
    const flag = new SharedArrayBuffer(4);
    const core = await start({ env: { FAKE_BUSY_FLAG: flag as unknown as string } });
    const events: { name: string; json: Uint8Array }[] = [];
    core.subscribeSerialized((name, json) => events.push({ name, json }));
    const busy = core.invokeSerialized('assets:refresh', []);
    const release = async () => {
      Atomics.store(new Int32Array(flag), 0, 1);
      Atomics.notify(new Int32Array(flag), 0);
      await busy;
    };
    try {
      await vi.waitFor(() => expect(events.some((e) => e.name === 'status')).toBe(true), { timeout: 4000 });
      const relayed = events.find((e) => e.name === 'assets')!.json;
      const parts = core.heldAnswer('assets:get', [])!;
      // The last part is a view over the event the relays sent, not a copy of it.
      expect(parts.at(-1)!.buffer).toBe(relayed.buffer);
      expect(parts.reduce((n, p) => n + p.byteLength, 0)).toBeLessThan(relayed.byteLength + 32);
      expect(decode(Buffer.concat(parts))).toEqual({ ok: true, value: { profileId: 'p', rows: ['before the refresh'] } });
      // The same answer whole for relays that need one buffer (Electron's IPC).
      expect(decode(await core.invokeSerialized('assets:get', []))).toEqual({ ok: true, value: { profileId: 'p', rows: ['before the refresh'] } });
      // status:get too; arguments the worker would refuse are not answered here.
      expect(decode(Buffer.concat(core.heldAnswer('status:get', [])!))).toEqual({ ok: true, value: { state: 'syncing', seq: -1 } });
      expect(core.heldAnswer('assets:get', ['x'])).toBeNull();
      expect(core.heldAnswer('app:info', [])).toBeNull();
    } finally {
      await release();
    }
    // A change announced since: nothing held, the worker answers.
    expect(core.heldAnswer('assets:get', [])).toBeNull();
  });

  it('relays the vault’s keychain calls to the main thread’s keychain, and refuses other programs’ entries', async () => {
    const keychain = fakeKeychain();
    const core = await start({ loadKeychain: () => keychain });
    expect(await core.handlers['auth:pasteToken']('branch-1', 'tok-abcdef-123456')).toEqual({ back: 'tok-abcdef-123456', deleted: false });
    expect(keychain.setPassword).toHaveBeenCalledWith('Fleet Desk', 'branch-1', 'tok-abcdef-123456');
    expect(keychain.deletePassword).toHaveBeenCalledWith('Fleet Desk', 'branch-1:refresh');
    await expect(core.handlers['auth:signOut']('branch-1', true)).rejects.toThrow('the keychain is used only for "Fleet Desk" entries');
    expect(keychain.getPassword).toHaveBeenCalledTimes(1);
  });

  it('tells the vault when keytar cannot be loaded on the main thread', async () => {
    const core = await start({
      loadKeychain: () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file');
      },
    });
    await expect(core.handlers['auth:pasteToken']('branch-1', 'tok-abcdef-123456')).rejects.toThrow('keytar could not be loaded: libsecret-1.so.0');
  });

  it('runs platform hooks on the main thread, and offers the core only the hooks the shell has', async () => {
    const showEmbed = vi.fn(async () => {});
    const openExternal = vi.fn(async () => {
      throw new FleetError('invalid-argument', 'Fleet Desk only opens http:// and https:// addresses in the browser.');
    });
    const core = await start({ platform: platform({ showEmbed, openExternal }) });
    await core.handlers['embed:show']('s-1', { x: 1, y: 2, width: 300, height: 200 });
    expect(showEmbed).toHaveBeenCalledWith('https://embed.example/s-1', 's-1', { x: 1, y: 2, width: 300, height: 200 });
    await expect(core.handlers['auth:signIn']('file:///etc/passwd')).rejects.toMatchObject({ kind: 'invalid-argument', message: expect.stringContaining('only opens http') });
    expect(openExternal).toHaveBeenCalledWith('file:///etc/passwd');
    expect(await core.handlers['export:alertsCsv']({ unacknowledgedOnly: false, rule: null })).toEqual({ hasSave: false, hasNotify: false });
    expect(await core.handlers['print:pdf']('utilization.pdf')).toEqual({ hasPrint: false });
  });

  it('relays Save as PDF to the shell that prints, with the file name, and hands back where it went', async () => {
    const printPdf = vi.fn(async (fileName: string) => ({ fileName: `/home/d/${fileName}`, mimeType: 'application/pdf', count: 0 }));
    const core = await start({ platform: platform({ printPdf }) });
    expect(await core.handlers['print:pdf']('utilization.pdf')).toEqual({ fileName: '/home/d/utilization.pdf', mimeType: 'application/pdf', count: 0 });
    expect(printPdf).toHaveBeenCalledWith('utilization.pdf');
  });

  it('passes tiles through with their bytes and the route the shell sets', async () => {
    const core = await start();
    const answer = await core.tiles!.tile({ z: 3, x: 4, y: 5 } as never);
    expect(answer).toMatchObject({ status: 200, contentType: 'image/png', maxAgeSec: 60, source: 'cache' });
    expect(answer.body?.toString()).toBe('tile 3/4/5');
    const events: unknown[] = [];
    core.subscribe((name, payload) => events.push([name, payload]));
    core.tiles!.setRoute('/api/tiles/key/{z}/{x}/{y}.png');
    await core.handlers['app:info']();
    expect(events).toEqual([['map:base', { route: '/api/tiles/key/{z}/{x}/{y}.png' }]]);
  });

  it('rejects with the core’s own start-up error when the worker cannot build the core', async () => {
    await expect(start({ env: { FAKE_FAIL: 'nope' } })).rejects.toThrow('FLEET_BASE_URL is not a URL: "nope"');
  });

  it('answers every waiting call, and every later one until a new worker serves, with a clear error when the worker crashes', async () => {
    const core = await start();
    const waiting = core.handlers['auth:cancel']();
    const waitingSerialized = core.invokeSerialized('auth:cancel', []);
    void core.handlers['profiles:test']({} as never).catch(() => {});
    const err = (await waiting.catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^Fleet Desk’s core stopped unexpectedly \(the fake core fell over holding .+\); it is being started again, try again in a moment\. Your offline data is kept\.$/);
    // The worker knew the secret; the main thread did not: it was scrubbed before it crossed.
    expect(err.message).not.toContain('worker-only-secret-9d2e7');
    expect(decode(await waitingSerialized)).toMatchObject({ ok: false, error: { kind: 'internal', message: expect.stringContaining('core stopped unexpectedly') } });
    await expect(core.handlers['app:info']()).rejects.toThrow(/core stopped unexpectedly/);
    expect(decode(await core.invokeSerialized('app:info', []))).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('stops the core, then ends the worker: later calls are refused', async () => {
    const notify = vi.fn();
    const core = await start({ platform: platform({ notify }) });
    await core.start();
    await core.stop();
    expect(notify).toHaveBeenCalledWith({ title: 'core stopped', body: '', tag: 'core-stopped', assetId: null, rule: null });
    await expect(core.handlers['app:info']()).rejects.toThrow('Fleet Desk’s core has stopped.');
    await core.stop(); // twice is harmless
  });
});
