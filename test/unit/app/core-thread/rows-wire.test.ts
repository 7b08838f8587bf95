/**
 * The asset list leaves the core's thread with its rows as columns (contract row-wire.ts),
 * for the page to read in one place; what the main thread holds and relays is that form,
 * and a listener on the main thread that wants objects gets rows.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROW_COLUMNS_FORM, snapshotFromWire, type AssetRowSnapshot, type FleetEvents } from '../../../../src-main/contract';
import { joinParts, startCoreThread } from '../../../../src-main/app/core-thread/host';
import type { ThreadedCore } from '../../../../src-main/app/core-thread/serialized';
import { rowSnapshot } from './rows-wire-fixture';

const FAKE_WORKER = resolve(import.meta.dirname, 'fake-rows-worker.ts');
const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as { ok?: boolean; value?: unknown; name?: string; payload?: unknown };

const started: ThreadedCore[] = [];
async function start() {
  const core = await startCoreThread({ userDataDir: '/nonexistent', platform: { shell: 'web', version: '1', openExternal: vi.fn(async () => {}) }, env: {}, workerEntry: FAKE_WORKER });
  started.push(core);
  return core;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((core) => core.stop().catch(() => {})));
});

describe('the asset list from the core’s thread', () => {
  it('answers assets:get with the rows as columns, which read back as the rows', async () => {
    const core = await start();
    const answer = decode(await core.invokeSerialized('assets:get', []));
    expect(answer.ok).toBe(true);
    expect((answer.value as { assets: { form: string } }).assets.form).toBe(ROW_COLUMNS_FORM);
    expect(snapshotFromWire(answer.value as AssetRowSnapshot)).toEqual(rowSnapshot());
  });

  it('relays the announced list as columns, holds that for assets:get, and gives object listeners rows', async () => {
    const core = await start();
    const relayed: { name: string; payload: unknown }[] = [];
    core.subscribeSerialized((name, json) => relayed.push(decode(json) as never));
    const objects: FleetEvents['assets'][] = [];
    core.subscribe((name, payload) => name === 'assets' && objects.push(payload as FleetEvents['assets']));
    await core.handlers['assets:refresh']();
    await vi.waitFor(() => expect(objects).toHaveLength(1));
    expect((relayed[0].payload as { assets: { form: string } }).assets.form).toBe(ROW_COLUMNS_FORM);
    expect(objects[0]).toEqual(rowSnapshot());
    const held = decode(joinParts(core.heldAnswer!('assets:get', [])!));
    expect(snapshotFromWire(held.value as AssetRowSnapshot)).toEqual(rowSnapshot());
  });

  it('sends a list the columns cannot hold as it is, so nothing is lost on the way', async () => {
    const core = await start();
    const relayed: unknown[] = [];
    core.subscribeSerialized((_name, json) => relayed.push(decode(json).payload));
    await core.handlers['assets:detail']('any');
    await vi.waitFor(() => expect(relayed).toHaveLength(1));
    expect((relayed[0] as AssetRowSnapshot).assets).toEqual([{ assetId: 'odd:1' }]);
    expect(decode(await core.invokeSerialized('assets:get', [])).value).toMatchObject({ assets: [{ assetId: 'odd:1' }] });
  });
});
