/**
 * The real core in its supervised worker, on the built-in demo service: a worker that is
 * ended is started again from the store; meanwhile the status bar says so and the last
 * relayed list is still served; the new worker announces its stored list (the page reads
 * the list `assets:detail` answers from) and a normal refresh works again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotFromWire, type AssetRowSnapshotWire, type EventChannel } from '../../../src-main/contract';
import { startCoreThread } from '../../../src-main/app/core-thread/host';

type Core = Awaited<ReturnType<typeof startCoreThread>>;
let base: string;
let core: Core;
const events: { name: EventChannel; payload: Record<string, unknown> }[] = [];
const decoder = new TextDecoder();

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-core-restart-'));
  core = await startCoreThread({
    userDataDir: join(base, 'data'),
    platform: { shell: 'web', version: 'test', openExternal: async () => {} },
    env: { FLEET_DEMO_ASSETS: '300', DBUS_SESSION_BUS_ADDRESS: '', PATH: process.env.PATH ?? '' },
    loadKeychain: () => {
      throw new Error('no keychain here');
    },
    supervision: { restartFloorMs: 200 },
  });
  core.subscribeSerialized((name, json) => events.push({ name, payload: (JSON.parse(decoder.decode(json)) as { payload: Record<string, unknown> }).payload }));
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await rm(base, { recursive: true, force: true });
});

const lists = () => events.filter((e) => e.name === 'assets').map((e) => snapshotFromWire(e.payload as unknown as AssetRowSnapshotWire));

async function until<T>(check: () => T, what: string): Promise<NonNullable<T>> {
  for (let i = 0; i < 600; i++) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

describe('the real core, supervised', () => {
  it('an ended worker is started again from the store, the page is sent the stored list again, and a normal refresh works', { timeout: 90_000 }, async () => {
    await core.start();
    await until(() => lists().some((l) => l?.assets.length === 300), 'the first list');
    // The start-up refresh is over (its status said so): the last list event is the whole list.
    await until(() => events.some((e) => e.name === 'status' && e.payload.state === 'online'), 'online');
    const listsBefore = lists().length;

    core.endWorker('ended by the test');
    const said = await until(() => events.find((e) => e.name === 'status' && typeof e.payload.core === 'string'), 'the status bar told');
    expect(said.payload).toMatchObject({ state: 'error', core: 'Fleet Desk’s core stopped (ended by the test); starting it again. The last loaded data stays on screen.' });
    // Meanwhile the last list is still served on this thread.
    const held = core.heldAnswer('assets:get', []);
    expect(held && decoder.decode(held[1])).toContain('thing:1');

    // The new worker announces the list it read from the store: the page reads it again.
    await until(() => lists().length > listsBefore, 'the stored list announced again');
    expect(lists().at(-1)?.assets).toHaveLength(300);
    expect(await core.handlers['assets:detail']('thing:1')).toMatchObject({ assetId: 'thing:1' });
    await core.handlers['assets:refresh']();
    const status = await core.handlers['status:get']();
    expect(status.error).toBeNull();
    expect(status.core).toBeUndefined();
  });
});
