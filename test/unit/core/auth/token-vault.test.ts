/** The token vault: secrets in the OS keychain, or in memory for this run when it cannot be used. */
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../../../src-main/core/errors';
import { accounts, createTokenVault, KEYCHAIN_SERVICE, type KeychainBackend } from '../../../../src-main/core/auth/token-vault';

/** A keychain in memory that records each call by account, and fails every call with `failWith` when given. */
function memoryKeychain(failWith?: Error) {
  const store = new Map<string, string>();
  const calls: string[] = [];
  const backend: KeychainBackend = {
    async getPassword(service, account) {
      calls.push(`get ${account}`);
      if (failWith) throw failWith;
      return store.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      calls.push(`set ${account}`);
      if (failWith) throw failWith;
      store.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      calls.push(`delete ${account}`);
      if (failWith) throw failWith;
      return store.delete(`${service}/${account}`);
    },
  };
  return { backend, store, calls };
}

describe('createTokenVault keeps secrets in the keychain', () => {
  it('uses the account names of the design', () => {
    expect([accounts.access('p1'), accounts.refresh('p1'), accounts.clientSecret('p1')]).toEqual(['p1', 'p1:refresh', 'p1:client-secret']);
  });

  it('stores secrets in the keychain under "Fleet Desk"', async () => {
    const { backend, store } = memoryKeychain();
    const vault = createTokenVault({ backend });
    await vault.set('p1', 'access-token-abc');
    expect(store.get(`${KEYCHAIN_SERVICE}/p1`)).toBe('access-token-abc');
    expect(await createTokenVault({ backend }).get('p1')).toBe('access-token-abc');
    await vault.delete('p1');
    expect(store.size).toBe(0);
    expect(await vault.get('p1')).toBeNull();
    expect(vault.inMemoryOnly).toBe(false);
    expect(vault.problem).toBeNull();
  });

  it('answers from memory what this run already set, without asking the keychain', async () => {
    const { backend, calls } = memoryKeychain();
    const vault = createTokenVault({ backend });
    await vault.set('p1', 'tok-memory-first-123456');
    expect(await vault.get('p1')).toBe('tok-memory-first-123456');
    expect(calls).toEqual(['set p1']);
  });

  it('registers secrets for scrubbing, also ones read back', async () => {
    const { backend, store } = memoryKeychain();
    store.set(`${KEYCHAIN_SERVICE}/p2`, 'stored-secret-xyz');
    const vault = createTokenVault({ backend });
    await vault.get('p2');
    await vault.set('p3', 'typed-secret-uvw');
    expect(scrubSecrets('stored-secret-xyz typed-secret-uvw')).toBe('[redacted] [redacted]');
  });
});

describe('createTokenVault falls back to memory when the keychain cannot be used', () => {
  it('falls back to memory when keytar cannot be loaded', async () => {
    const vault = createTokenVault({
      loadBackend: () => {
        throw new Error('Cannot find module keytar.node');
      },
    });
    await vault.set('p1', 'secret-in-memory');
    expect(await vault.get('p1')).toBe('secret-in-memory');
    expect(vault.inMemoryOnly).toBe(true);
    expect(vault.problem).toMatch(/^No usable keychain \(keytar could not be loaded: Cannot find module keytar.node\): you will have to sign in again next time\.$/);
  });

  it('falls back to memory when a call fails, keeping what was already set', async () => {
    const { backend } = memoryKeychain();
    let broken = false;
    const flaky: KeychainBackend = {
      ...backend,
      async getPassword(s, a) {
        if (broken) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
        return backend.getPassword(s, a);
      },
    };
    const vault = createTokenVault({ backend: flaky });
    await vault.set('p1', 'secret-before-failure');
    broken = true;
    expect(await vault.get('other')).toBeNull();
    expect(vault.inMemoryOnly).toBe(true);
    expect(vault.problem).toContain('Cannot autolaunch D-Bus');
    expect(await vault.get('p1')).toBe('secret-before-failure');
  });

  it('gives up on a keychain that hangs, within the timeout', async () => {
    let setCalls = 0;
    const hanging: KeychainBackend = {
      getPassword: () => new Promise(() => undefined),
      setPassword: () => {
        setCalls++;
        return new Promise(() => undefined);
      },
      deletePassword: () => new Promise(() => undefined),
    };
    const vault = createTokenVault({ backend: hanging, timeoutMs: 10 });
    expect(await vault.get('p1')).toBeNull();
    expect(vault.inMemoryOnly).toBe(true);
    expect(vault.problem).toContain('did not answer within 10 ms');
    await vault.set('p1', 'secret-after-hang');
    expect(setCalls).toBe(0); // the keychain is not asked again in this run
    expect(await vault.get('p1')).toBe('secret-after-hang');
    await vault.delete('p1');
    expect(await vault.get('p1')).toBeNull();
  });

  it('loads the keychain once and, once given up, never loads or asks it again this run', async () => {
    const failing = memoryKeychain(new Error('The keyring is locked'));
    let loads = 0;
    const vault = createTokenVault({
      loadBackend: () => {
        loads += 1;
        return failing.backend;
      },
    });
    expect(await vault.get('p1')).toBeNull();
    expect(await vault.get('p2')).toBeNull();
    await vault.set('p1', 'tok-after-giving-up-1234');
    await vault.delete('p1');
    expect(loads).toBe(1);
    expect(failing.calls).toEqual(['get p1']);
    expect(vault.problem).toBe('No usable keychain (The keyring is locked): you will have to sign in again next time.');
  });

  it('names the first line of the failure, trimmed, or "unknown error" when it says nothing', async () => {
    const spaced = createTokenVault({ backend: memoryKeychain(new Error('  locked by another app  \nstack detail')).backend });
    await spaced.get('p1');
    expect(spaced.problem).toBe('No usable keychain (locked by another app): you will have to sign in again next time.');
    const silent = createTokenVault({ backend: memoryKeychain(new Error('   ')).backend });
    await silent.get('p1');
    expect(silent.problem).toBe('No usable keychain (unknown error): you will have to sign in again next time.');
  });

  it('keeps the first reason it gave up for', async () => {
    let attempt = 0;
    const vault = createTokenVault({
      loadBackend: () => {
        attempt += 1;
        throw new Error(`load failure ${attempt}`);
      },
    });
    await vault.get('a');
    await vault.get('b');
    expect(vault.problem).toContain('load failure 1');
    expect(attempt).toBe(1);
  });
});
