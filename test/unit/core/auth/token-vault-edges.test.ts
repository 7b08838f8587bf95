/** The token vault at its edges (mutation survivors). */
import { describe, expect, it } from 'vitest';
import { createTokenVault, type KeychainBackend } from '../../../../src-main/core/auth/token-vault';

function countingBackend(failWith?: Error) {
  const calls: string[] = [];
  const store = new Map<string, string>();
  const backend: KeychainBackend = {
    async getPassword(_s, account) {
      calls.push(`get ${account}`);
      if (failWith) throw failWith;
      return store.get(account) ?? null;
    },
    async setPassword(_s, account, password) {
      calls.push(`set ${account}`);
      if (failWith) throw failWith;
      store.set(account, password);
    },
    async deletePassword(_s, account) {
      calls.push(`delete ${account}`);
      if (failWith) throw failWith;
      return store.delete(account);
    },
  };
  return { backend, calls, store };
}

describe('token vault edges', () => {
  it('answers from memory what this run already set, without asking the keychain', async () => {
    const { backend, calls } = countingBackend();
    const vault = createTokenVault({ backend });
    await vault.set('p1', 'tok-memory-first-123456');
    expect(await vault.get('p1')).toBe('tok-memory-first-123456');
    expect(calls).toEqual(['set p1']);
  });

  it('loads the keychain once and, once given up, never loads or asks it again this run', async () => {
    const failing = countingBackend(new Error('The keyring is locked'));
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
    const spaced = createTokenVault({ backend: countingBackend(new Error('  locked by another app  \nstack detail')).backend });
    await spaced.get('p1');
    expect(spaced.problem).toBe('No usable keychain (locked by another app): you will have to sign in again next time.');
    const silent = createTokenVault({ backend: countingBackend(new Error('   ')).backend });
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
