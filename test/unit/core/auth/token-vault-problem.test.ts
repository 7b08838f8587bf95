/**
 * The vault says when it gives up the keychain, at any moment of the run (not only at a
 * profile switch), and the reason it gives is fit to show: no secret in it.
 */
import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../../../src-main/core/errors';
import { createTokenVault, type KeychainBackend } from '../../../../src-main/core/auth/token-vault';

/** A keychain that works until `fail` is called, then fails every call with `message`. */
function breakingBackend() {
  let failure: string | null = null;
  const store = new Map<string, string>();
  const check = () => {
    if (failure !== null) throw new Error(failure);
  };
  const backend: KeychainBackend = {
    async getPassword(_s, account) {
      check();
      return store.get(account) ?? null;
    },
    async setPassword(_s, account, password) {
      check();
      store.set(account, password);
    },
    async deletePassword(_s, account) {
      check();
      return store.delete(account);
    },
  };
  return { backend, fail: (message: string) => (failure = message) };
}

describe('token vault: keychain trouble later in the run', () => {
  it('tells its listeners once, with the reason, when a keychain that worked fails mid-run', async () => {
    const keychain = breakingBackend();
    const vault = createTokenVault({ backend: keychain.backend });
    const heard: string[] = [];
    vault.onProblem((problem) => heard.push(problem));
    await vault.set('p1', 'first-token-value-1234');
    expect(await vault.get('p2')).toBeNull();
    expect(heard).toEqual([]);

    keychain.fail('The keyring was locked');
    await vault.set('p1', 'second-token-value-5678');
    await vault.delete('p3');
    expect(heard).toEqual(['No usable keychain (The keyring was locked): you will have to sign in again next time.']);
    expect(vault.problem).toBe(heard[0]);
    // The session keeps its token in memory.
    expect(await vault.get('p1')).toBe('second-token-value-5678');
  });

  it('stops telling a listener that unsubscribed', async () => {
    const keychain = breakingBackend();
    const vault = createTokenVault({ backend: keychain.backend });
    const heard: string[] = [];
    const stop = vault.onProblem((problem) => heard.push(problem));
    stop();
    keychain.fail('gone');
    await vault.get('p1');
    expect(vault.problem).not.toBeNull();
    expect(heard).toEqual([]);
  });

  it('keeps a secret out of the reason it reports (the reason is shown to the dispatcher)', async () => {
    const secret = 'tok-in-error-text-998877';
    registerSecret(secret);
    const keychain = breakingBackend();
    const vault = createTokenVault({ backend: keychain.backend });
    keychain.fail(`could not store ${secret} for p1`);
    await vault.set('p1', 'another-token-value-4321');
    expect(vault.problem).not.toBeNull();
    expect(vault.problem).not.toContain(secret);
    expect(vault.problem).toContain('could not store');
  });
});
