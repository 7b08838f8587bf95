/**
 * The keychain across a thread boundary. keytar stays on the shell's main thread (loaded
 * on a second thread, it hung GLib); the core's vault, in its worker, gets a
 * `KeychainBackend` whose calls travel to the main thread and are answered there by the
 * real keytar facade. The vault's own logic (timeouts, falling back to memory, registering
 * secrets) is unchanged: it only sees another backend.
 */
import { registerSecret, scrubSecrets } from '../errors';
import { KEYCHAIN_SERVICE, type KeychainBackend } from './token-vault';

export const KEYCHAIN_METHODS = ['getPassword', 'setPassword', 'deletePassword'] as const;
export type KeychainMethod = (typeof KEYCHAIN_METHODS)[number];

/** Sends one keychain call to where keytar lives; resolves with its value or rejects with its error. */
export type KeychainRequest = (method: KeychainMethod, args: string[]) => Promise<unknown>;

/** The worker's backend: every call is a request to the main thread. */
export function relayedKeychain(request: KeychainRequest): KeychainBackend {
  return {
    getPassword: async (service, account) => {
      const value = await request('getPassword', [service, account]);
      return typeof value === 'string' ? value : null;
    },
    setPassword: async (service, account, password) => {
      await request('setPassword', [service, account, password]);
    },
    deletePassword: async (service, account) => (await request('deletePassword', [service, account])) === true,
  };
}

/**
 * The main thread's end: runs one relayed call on the real backend. Only the vault's three
 * calls, only on Fleet Desk's own keychain entries, and only with string arguments: a worker
 * cannot use this to read another program's secrets. The secrets that pass are registered
 * here too, so this thread's logs scrub them as the worker's do.
 */
export async function answerKeychainRequest(backend: () => KeychainBackend, method: unknown, args: unknown): Promise<unknown> {
  if (!KEYCHAIN_METHODS.includes(method as KeychainMethod)) throw new Error(`the keychain has no call "${String(method)}"`);
  const expected = method === 'setPassword' ? 3 : 2;
  if (!Array.isArray(args) || args.length !== expected || !args.every((a) => typeof a === 'string')) {
    throw new Error(`the keychain call "${String(method)}" wants ${expected} text arguments`);
  }
  const [service, account, password] = args as string[];
  if (service !== KEYCHAIN_SERVICE) throw new Error(`the keychain is used only for "${KEYCHAIN_SERVICE}" entries`);
  let keytar: KeychainBackend;
  try {
    keytar = backend();
  } catch (err) {
    throw new Error(`keytar could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (method === 'setPassword') {
    registerSecret(password);
    return keytar.setPassword(service, account, password);
  }
  if (method === 'deletePassword') return keytar.deletePassword(service, account);
  const secret = await keytar.getPassword(service, account);
  registerSecret(secret);
  return secret;
}

/** A keychain failure's message for the other thread (first line, scrubbed). */
export function keychainFailure(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return scrubSecrets(text.split('\n')[0].trim() || 'unknown keychain error');
}
