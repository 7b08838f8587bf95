/** The keychain relay's main-thread end: only the vault's three calls, on Fleet Desk's entries, with text arguments. */
import { describe, expect, it, vi } from 'vitest';
import { answerKeychainRequest, keychainFailure, relayedKeychain } from '../../../../src-main/core/auth/keychain-relay';
import type { KeychainBackend } from '../../../../src-main/core/auth/token-vault';
import { scrubSecrets } from '../../../../src-main/core/errors';

function backend(): KeychainBackend {
  return {
    getPassword: vi.fn(async () => 'kept-secret-7f3a9c'),
    setPassword: vi.fn(async () => {}),
    deletePassword: vi.fn(async () => true),
  };
}

describe('keychain relay', () => {
  it('runs the vault’s calls on the real backend and registers the secrets that pass, so this thread’s logs scrub them', async () => {
    const real = backend();
    expect(await answerKeychainRequest(() => real, 'getPassword', ['Fleet Desk', 'demo'])).toBe('kept-secret-7f3a9c');
    expect(scrubSecrets('token kept-secret-7f3a9c leaked')).not.toContain('kept-secret-7f3a9c');
    await answerKeychainRequest(() => real, 'setPassword', ['Fleet Desk', 'demo', 'typed-secret-51bd0e']);
    expect(real.setPassword).toHaveBeenCalledWith('Fleet Desk', 'demo', 'typed-secret-51bd0e');
    expect(scrubSecrets('typed-secret-51bd0e')).not.toContain('typed-secret-51bd0e');
    expect(await answerKeychainRequest(() => real, 'deletePassword', ['Fleet Desk', 'demo:refresh'])).toBe(true);
  });

  it('refuses other calls, other programs’ entries and arguments that are not text, without touching the keychain', async () => {
    const real = backend();
    await expect(answerKeychainRequest(() => real, 'findCredentials', ['Fleet Desk'])).rejects.toThrow('the keychain has no call "findCredentials"');
    await expect(answerKeychainRequest(() => real, 'getPassword', ['Other program', 'x'])).rejects.toThrow('only for "Fleet Desk" entries');
    await expect(answerKeychainRequest(() => real, 'getPassword', ['Fleet Desk', 7])).rejects.toThrow('wants 2 text arguments');
    await expect(answerKeychainRequest(() => real, 'setPassword', ['Fleet Desk', 'demo'])).rejects.toThrow('wants 3 text arguments');
    expect(real.getPassword).not.toHaveBeenCalled();
    expect(real.setPassword).not.toHaveBeenCalled();
  });

  it('says keytar could not be loaded in the words the vault reports', async () => {
    const fail = () => {
      throw new Error('libsecret missing');
    };
    await expect(answerKeychainRequest(fail, 'getPassword', ['Fleet Desk', 'demo'])).rejects.toThrow('keytar could not be loaded: libsecret missing');
    expect(keychainFailure(new Error('first line\nsecond'))).toBe('first line');
  });

  it('gives the worker a backend whose calls travel as requests', async () => {
    const request = vi.fn(async (method: string) => (method === 'getPassword' ? 'x' : method === 'deletePassword'));
    const relayed = relayedKeychain(request as never);
    expect(await relayed.getPassword('Fleet Desk', 'a')).toBe('x');
    expect(await relayed.deletePassword('Fleet Desk', 'a')).toBe(true);
    await relayed.setPassword('Fleet Desk', 'a', 'b');
    expect(request.mock.calls).toEqual([
      ['getPassword', ['Fleet Desk', 'a']],
      ['deletePassword', ['Fleet Desk', 'a']],
      ['setPassword', ['Fleet Desk', 'a', 'b']],
    ]);
  });
});
