/**
 * The token vault: a small facade over the OS keychain (keytar), so the backend can
 * change in one file. Secrets are stored under the service name `Fleet Desk` with the
 * account `<profileId>` (access token), `<profileId>:refresh` and
 * `<profileId>:client-secret`, and the dispatch room's sign-in secret (password, token or
 * nkey seed) as `<profileId>:room-secret`.
 *
 * When the keychain cannot be used (keytar fails to load, a call fails, or a call hangs
 * on a locked keyring), the vault switches to an in-memory map for the rest of this run.
 * Secrets are never written to disk by this module.
 */
import { createRequire } from 'node:module';
import { registerSecret, scrubSecrets } from '../errors';

export const KEYCHAIN_SERVICE = 'Fleet Desk';

/** The subset of keytar the vault uses (a fake in tests). */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface TokenVault {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** True once the keychain was given up for this run. */
  readonly inMemoryOnly: boolean;
  /**
   * Why the keychain is not used, in words for the dispatcher (the one text every place
   * of the UI shows), or null while it works.
   */
  readonly problem: string | null;
  /**
   * Tells `listener` when the vault gives up the keychain, whenever in the run that
   * happens (a keychain locked mid-run included). Returns a function that stops telling.
   */
  onProblem(listener: (problem: string) => void): () => void;
}

export interface TokenVaultOptions {
  /** Upper bound for every keychain call; default 3000 ms. */
  timeoutMs?: number;
  /** A backend to use instead of keytar (tests). */
  backend?: KeychainBackend;
  /** Loader for keytar; default loads the native module lazily. */
  loadBackend?: () => KeychainBackend;
}

/** Account names for one profile's secrets. */
export const accounts = {
  access: (profileId: string) => profileId,
  refresh: (profileId: string) => `${profileId}:refresh`,
  clientSecret: (profileId: string) => `${profileId}:client-secret`,
  roomSecret: (profileId: string) => `${profileId}:room-secret`,
};

/** Loads the native keytar module (the vault does this lazily; core-thread hosts keep it on the main thread). */
export function loadKeytar(): KeychainBackend {
  const require = createRequire(import.meta.url);
  const mod = require('keytar') as KeychainBackend & { default?: KeychainBackend };
  return typeof mod.getPassword === 'function' ? mod : (mod.default as KeychainBackend);
}

class KeychainTimeout extends Error {
  constructor(ms: number) {
    super(`the keychain did not answer within ${ms} ms (is it locked?)`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new KeychainTimeout(ms)), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export function describeKeychainProblem(reason: string): string {
  return `No usable keychain (${reason}): you will have to sign in again next time.`;
}

export function createTokenVault(options: TokenVaultOptions = {}): TokenVault {
  const timeoutMs = options.timeoutMs ?? 3000;
  const memory = new Map<string, string>();
  let backend: KeychainBackend | null = options.backend ?? null;
  let problem: string | null = null;
  const listeners = new Set<(problem: string) => void>();

  function giveUp(err: unknown): void {
    if (problem) return;
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    // The reason reaches the renderer: a keychain error quoting a secret must not carry it there.
    const said = scrubSecrets(describeKeychainProblem(reason.trim() || 'unknown error'));
    problem = said;
    backend = null;
    for (const listener of listeners) listener(said);
  }

  function usable(): KeychainBackend | null {
    if (problem) return null;
    if (!backend) {
      try {
        backend = (options.loadBackend ?? loadKeytar)();
      } catch (err) {
        giveUp(err instanceof Error ? new Error(`keytar could not be loaded: ${err.message}`) : err);
        return null;
      }
    }
    return backend;
  }

  /** Runs a keychain call; on failure switches to memory and returns `fallback()`. */
  async function attempt<T>(call: (b: KeychainBackend) => Promise<T>, fallback: () => T): Promise<T> {
    const b = usable();
    if (!b) return fallback();
    try {
      return await withTimeout(Promise.resolve().then(() => call(b)), timeoutMs);
    } catch (err) {
      giveUp(err);
      return fallback();
    }
  }

  return {
    get inMemoryOnly() {
      return problem !== null;
    },
    get problem() {
      return problem;
    },
    onProblem(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async get(account) {
      if (memory.has(account)) return memory.get(account) ?? null;
      const secret = await attempt(
        (b) => b.getPassword(KEYCHAIN_SERVICE, account),
        () => memory.get(account) ?? null,
      );
      registerSecret(secret);
      return secret;
    },
    async set(account, secret) {
      registerSecret(secret);
      // Keep it in memory while the keychain is in use too: if the keychain fails later
      // in this run, the signed-in session does not suddenly lose its token.
      memory.set(account, secret);
      await attempt(
        (b) => b.setPassword(KEYCHAIN_SERVICE, account, secret),
        () => undefined,
      );
    },
    async delete(account) {
      memory.delete(account);
      await attempt(
        (b) => b.deletePassword(KEYCHAIN_SERVICE, account).then(() => undefined),
        () => undefined,
      );
    },
  };
}
