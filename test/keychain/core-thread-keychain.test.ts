/**
 * The core in its worker thread on a real keychain: keytar stays on the main thread and the
 * worker's vault reaches it through the relay (src-main/core/auth/keychain-relay.ts). Run
 * through `npm run test:keychain` (a private Secret Service); outside it this fails on purpose.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreThread } from '../../src-main/app/core-thread/host';
import type { ThreadedCore } from '../../src-main/app/core-thread/serialized';
import { KEYCHAIN_SERVICE, type KeychainBackend } from '../../src-main/core/auth/token-vault';

const keytar = createRequire(import.meta.url)('keytar') as KeychainBackend;
let dir: string;
let core: ThreadedCore;

beforeAll(async () => {
  if (process.env.FLEET_KEYCHAIN_TEST !== '1' || !process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error('No private Secret Service: run these tests with `npm run test:keychain` (test/keychain/run-with-keyring.sh).');
  }
  dir = await mkdtemp(join(tmpdir(), 'fleet-core-thread-keychain-'));
  core = await startCoreThread({
    userDataDir: dir,
    platform: { shell: 'web', version: 'test', openExternal: async () => {} },
    env: { ...process.env, FLEET_DEMO_ASSETS: '20' },
  });
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await keytar.deletePassword(KEYCHAIN_SERVICE, 'demo').catch(() => false);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('core worker on a real keychain', () => {
  it('stores the demo profile’s token in the keychain through the main thread, and keeps using the keychain', async () => {
    await core.start();
    const stored = await keytar.getPassword(KEYCHAIN_SERVICE, 'demo');
    expect(stored).toMatch(/\S{6,}/);
    const status = await core.handlers['status:get']();
    expect(status.keychainProblem).toBeNull();
  }, 60_000);
});
