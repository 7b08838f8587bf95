/**
 * The assembled core reports a keychain that fails in the middle of a run: the status
 * event is sent again with the vault's reason at once, without waiting for a profile
 * switch or a restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventChannel, FleetEvents, SyncStatus } from '../../../src-main/contract';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { KeychainBackend } from '../../../src-main/core/auth/token-vault';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { webPlatformHooks } from '../../../src-main/web/cli-options';
import { makeTempDir } from '../../soak/harness';

/** A keychain in memory that works until `lock()`, then refuses every call. */
function lockableKeychain() {
  const entries = new Map<string, string>();
  let locked = false;
  const check = () => {
    if (locked) throw new Error('The keyring was locked');
  };
  const backend: KeychainBackend = {
    getPassword: async (_s, account) => (check(), entries.get(account) ?? null),
    setPassword: async (_s, account, password) => {
      check();
      entries.set(account, password);
    },
    deletePassword: async (_s, account) => (check(), entries.delete(account)),
  };
  return { backend, lock: () => (locked = true) };
}

let core: FleetDeskCore | null = null;
let remove: (() => Promise<void>) | null = null;
afterEach(async () => {
  await core?.stop();
  await remove?.();
  core = null;
  remove = null;
});

describe('keychain trouble during a run', () => {
  it('re-sends the status with the vault’s reason as soon as the keychain fails', async () => {
    let dir: string;
    ({ dir, remove } = await makeTempDir('fleet-keychain-problem-'));
    const keychain = lockableKeychain();
    core = await createFleetDesk({ userDataDir: dir, platform: webPlatformHooks('0.0.0-test'), env: { FLEET_DEMO_ASSETS: '5' }, keychain: keychain.backend });
    const statuses: SyncStatus[] = [];
    core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
      if (name === 'status') statuses.push(payload as SyncStatus);
    });
    await core.start();
    await core.handlers['assets:refresh']();
    expect((await core.handlers['status:get']()).keychainProblem).toBeNull();

    keychain.lock();
    statuses.length = 0;
    // Signing out deletes the profile's secrets: the first keychain call after the lock.
    await core.handlers['auth:signOut']('demo', true);
    const expected = 'No usable keychain (The keyring was locked): you will have to sign in again next time.';
    expect(statuses.map((s) => s.keychainProblem)).toContain(expected);
    expect(statuses.at(-1)?.keychainProblem).toBe(expected);
    expect((await core.handlers['status:get']()).keychainProblem).toBe(expected);
  }, 60_000);
});
