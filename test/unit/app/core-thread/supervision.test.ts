/**
 * The core's worker is supervised: a worker that exits or stops answering the liveness
 * ping is started again from the store after a floor; meanwhile the status bar says so
 * and the last relayed status and list are still served; a worker that keeps dying is left
 * stopped and the status bar asks for a restart. Against the fake core in a real worker.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventChannel } from '../../../../src-main/contract';
import { startCoreThread, type CoreThreadOptions } from '../../../../src-main/app/core-thread/host';
import { gaveUpText, RestartPolicy, SUPERVISION } from '../../../../src-main/app/core-thread/supervision';

const FAKE_WORKER = resolve(import.meta.dirname, 'fake-core-worker.ts');
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

type Core = Awaited<ReturnType<typeof startCoreThread>>;
const running: Core[] = [];

async function start(supervision: CoreThreadOptions['supervision']) {
  const core = await startCoreThread({
    userDataDir: '/nonexistent',
    platform: { shell: 'web', version: '1', openExternal: vi.fn(async () => {}) },
    env: {},
    workerEntry: FAKE_WORKER,
    loadKeychain: () => ({ getPassword: async () => null, setPassword: async () => {}, deletePassword: async () => false }),
    supervision,
  });
  running.push(core);
  const events: { name: EventChannel; payload: Record<string, unknown> }[] = [];
  core.subscribeSerialized((name, json) => events.push({ name, payload: (JSON.parse(text(json)) as { payload: Record<string, unknown> }).payload }));
  await core.start();
  return { core, events, statuses: () => events.filter((e) => e.name === 'status').map((e) => e.payload) };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((core) => core.stop().catch(() => {})));
});

async function until<T>(check: () => T | Promise<T>, what: string): Promise<NonNullable<T>> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never: ${what}`);
}

describe('a supervised core worker', () => {
  it('that exits is started again: the status bar says so, the last status and list are served meanwhile, then the new worker is started and answers', { timeout: 20_000 }, async () => {
    const { core, events, statuses } = await start({ restartFloorMs: 300 });
    await core.handlers['export:assetsCsv'](['thing:3']);
    const startsBefore = statuses().filter((s) => s.state === 'started').length;
    const dying = core.handlers['alerts:list']({} as never).catch((err: Error) => err);
    expect((await dying as Error).message).toMatch(/^Fleet Desk’s core stopped unexpectedly \(exit code 3\); it is being started again/);
    const said = await until(() => statuses().find((s) => typeof s.core === 'string'), 'the status bar told');
    expect(said).toMatchObject({ state: 'error', core: 'Fleet Desk’s core stopped (exit code 3); starting it again. The last loaded data stays on screen.' });
    // While no worker serves, the last status (with the word) and list are still answered here.
    expect(core.heldAnswer('status:get', [])!.map((part) => text(part)).join('')).toContain('starting it again');
    expect(core.heldAnswer('assets:get', [])!.map((part) => text(part)).join('')).toContain('thing:2');
    await expect(core.handlers['app:info']()).rejects.toThrow(/being started again/);
    // The new worker is started (the fake's start announces 'started'), then it answers.
    await until(() => statuses().filter((s) => s.state === 'started').length > startsBefore, 'a new worker started');
    expect(await core.handlers['app:info']()).toMatchObject({ shell: 'web' });
    expect(events.map((e) => e.name)).toContain('status');
  });

  it('that stops answering the liveness ping is ended and started again', { timeout: 20_000 }, async () => {
    const { core, statuses } = await start({ pingEveryMs: 50, unresponsiveMs: 400, restartFloorMs: 10 });
    const hung = core.handlers['alerts:rules']().catch((err: Error) => err);
    expect((await hung as Error).message).toMatch(/\(it stopped answering\); it is being started again/);
    expect(statuses().some((s) => s.core === 'Fleet Desk’s core stopped (it stopped answering); starting it again. The last loaded data stays on screen.')).toBe(true);
    await until(async () => core.handlers['app:info']().then(() => true, () => false), 'a new worker answers');
    expect(await core.handlers['app:info']()).toMatchObject({ shell: 'web' });
  });

  it('that keeps dying is left stopped after the deaths allowed in the window, and the status bar asks for a restart', { timeout: 20_000 }, async () => {
    const times = { restartFloorMs: 10, maxDeaths: 3, deathWindowMs: 60_000 };
    const { core, statuses } = await start(times);
    for (let death = 1; death < times.maxDeaths; death++) {
      await core.handlers['alerts:list']({} as never).catch(() => {});
      await until(async () => core.handlers['app:info']().then(() => true, () => false), `started again after death ${death}`);
    }
    await core.handlers['alerts:list']({} as never).catch(() => {});
    const gaveUp = gaveUpText({ ...SUPERVISION, ...times });
    expect(gaveUp).toBe('The core stopped 3 times in 1 minute; restart Fleet Desk. The last loaded data stays on screen and your offline data is kept.');
    await until(() => statuses().find((s) => s.core === gaveUp), 'the give-up told');
    await new Promise((r) => setTimeout(r, 200));
    await expect(core.handlers['app:info']()).rejects.toThrow(gaveUp);
  });
});

describe('the restart policy', () => {
  const times = { ...SUPERVISION, restartFloorMs: 1000, maxDeaths: 3, deathWindowMs: 600_000 };

  it('waits at least the floor, doubling with each recent death, and gives up at the limit', () => {
    const policy = new RestartPolicy(times);
    expect(policy.afterDeath(0)).toBe(1000);
    expect(policy.afterDeath(5_000)).toBe(2000);
    expect(policy.afterDeath(10_000)).toBeNull();
  });

  it('forgets deaths older than the window', () => {
    const policy = new RestartPolicy(times);
    policy.afterDeath(0);
    policy.afterDeath(1_000);
    expect(policy.afterDeath(700_000)).toBe(1000);
  });
});
