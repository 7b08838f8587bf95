import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../../../src-main/core/errors';
import { accounts, createTokenVault, KEYCHAIN_SERVICE, type KeychainBackend } from '../../../../src-main/core/auth/token-vault';

function memoryBackend() {
  const store = new Map<string, string>();
  const calls: string[] = [];
  const backend: KeychainBackend = {
    async getPassword(service, account) {
      calls.push(`get ${service}/${account}`);
      return store.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      calls.push(`set ${service}/${account}`);
      store.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      calls.push(`delete ${service}/${account}`);
      return store.delete(`${service}/${account}`);
    },
  };
  return { backend, store, calls };
}

describe('token vault', () => {
  it('uses the account names of the design', () => {
    expect([accounts.access('p1'), accounts.refresh('p1'), accounts.clientSecret('p1')]).toEqual(['p1', 'p1:refresh', 'p1:client-secret']);
  });

  it('stores secrets in the keychain under "Fleet Desk"', async () => {
    const { backend, store } = memoryBackend();
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

  it('registers secrets for scrubbing, also ones read back', async () => {
    const { backend, store } = memoryBackend();
    store.set(`${KEYCHAIN_SERVICE}/p2`, 'stored-secret-xyz');
    const vault = createTokenVault({ backend });
    await vault.get('p2');
    await vault.set('p3', 'typed-secret-uvw');
    expect(scrubSecrets('stored-secret-xyz typed-secret-uvw')).toBe('[redacted] [redacted]');
  });

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
    const { backend } = memoryBackend();
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
});
