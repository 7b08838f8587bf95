/**
 * The connection status carries the vault's keychain problem, live: a keychain that fails
 * in the middle of a run is reported by a status event at once, not at the next profile
 * switch.
 */
import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../../src-main/contract';
import { createTokenVault, type KeychainBackend } from '../../../../src-main/core/auth/token-vault';
import { followKeychain } from '../../../../src-main/core/sync/follow-keychain';
import { RefreshScheduler } from '../../../../src-main/core/sync/refresh-scheduler';

function setup() {
  let broken = false;
  const backend: KeychainBackend = {
    getPassword: async () => {
      if (broken) throw new Error('The keyring was locked');
      return null;
    },
    setPassword: async () => {
      if (broken) throw new Error('The keyring was locked');
    },
    deletePassword: async () => false,
  };
  const vault = createTokenVault({ backend });
  const scheduler = new RefreshScheduler({ refresh: async () => 'ok', intervalSec: () => 60, profileId: () => 'branch-1' });
  const events: SyncStatus[] = [];
  scheduler.onStatus((status) => events.push(status));
  return { vault, scheduler, events, breakKeychain: () => (broken = true) };
}

describe('followKeychain', () => {
  it('re-sends the status with the vault’s reason when the keychain fails mid-run', async () => {
    const { vault, scheduler, events, breakKeychain } = setup();
    followKeychain(vault, scheduler);
    await vault.set('branch-1', 'token-value-abcdef-1');
    expect(scheduler.status().keychainProblem).toBeNull();
    expect(events).toEqual([]);

    breakKeychain();
    await vault.set('branch-1', 'token-value-abcdef-2');
    expect(events).toHaveLength(1);
    expect(events[0].keychainProblem).toBe(vault.problem);
    expect(events[0].keychainProblem).toBe('No usable keychain (The keyring was locked): you will have to sign in again next time.');
  });

  it('carries a problem the vault already had when it starts following', async () => {
    const { vault, scheduler, breakKeychain } = setup();
    breakKeychain();
    await vault.get('branch-1');
    followKeychain(vault, scheduler);
    expect(scheduler.status().keychainProblem).toBe(vault.problem);
  });

  it('stops following when told to', async () => {
    const { vault, scheduler, events, breakKeychain } = setup();
    const stop = followKeychain(vault, scheduler);
    stop();
    breakKeychain();
    await vault.get('branch-1');
    expect(events).toEqual([]);
  });
});
