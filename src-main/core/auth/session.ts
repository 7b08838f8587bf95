/**
 * One profile's sign-in session: a `TokenSource` backed by the vault. On a 401 it uses
 * the refresh token once (single-flight: concurrent 401s share one refresh); without
 * one, or when the refresh is refused, the profile is marked signed out. When the
 * service said how long the token lives, it is refreshed shortly before it runs out.
 */
import type { TokenSource } from '../ports';
import { FleetError } from '../errors';
import { refreshTokens, type TokenEndpoint } from './oauth-token-endpoint';
import type { TokenSet } from './oauth-token-response';
import { accounts, type TokenVault } from './token-vault';

export type Schedule = (fn: () => void, ms: number) => () => void;

const defaultSchedule: Schedule = (fn, ms) => {
  const t = setTimeout(fn, Math.min(ms, 2_147_000_000));
  t.unref?.();
  return () => clearTimeout(t);
};

export interface SessionOptions {
  profileId: string;
  vault: TokenVault;
  /** Where to refresh; null when the profile has no token URL (pasted tokens). */
  endpoint: () => Promise<TokenEndpoint | null>;
  /** Told whenever the profile becomes signed in or signed out. */
  onSignedIn: (profileId: string, signedIn: boolean) => void;
  now?: () => number;
  schedule?: Schedule;
  /** Refresh this long before `expires_in` runs out; default 60 s. */
  refreshLeadMs?: number;
  /** Wait before trying a refresh again after a network failure; default 30 s. */
  refreshRetryMs?: number;
  refresh?: (endpoint: TokenEndpoint, refreshToken: string) => Promise<TokenSet>;
}

export interface Session extends TokenSource {
  readonly profileId: string;
  /** Stores a new token set (after sign-in, paste or refresh). */
  store(tokens: TokenSet): Promise<void>;
  /** Deletes the tokens and marks the profile signed out. */
  signOut(): Promise<void>;
  /** When the access token runs out (epoch ms), if known. */
  readonly expiresAt: number | null;
  dispose(): void;
}

export function createSession(o: SessionOptions): Session {
  const now = o.now ?? Date.now;
  const schedule = o.schedule ?? defaultSchedule;
  const lead = o.refreshLeadMs ?? 60_000;
  const retryMs = o.refreshRetryMs ?? 30_000;
  const refresh = o.refresh ?? refreshTokens;
  let expiresAt: number | null = null;
  let cancelTimer: (() => void) | null = null;
  let inFlight: Promise<boolean> | null = null;
  let generation = 0;

  function plan(expiresInSec: number | null): void {
    cancelTimer?.();
    cancelTimer = null;
    expiresAt = expiresInSec === null ? null : now() + expiresInSec * 1000;
    if (expiresInSec === null) return;
    const wait = Math.max(0, expiresInSec * 1000 - lead);
    cancelTimer = schedule(() => {
      cancelTimer = null;
      void tryRefresh(false);
    }, wait);
  }

  async function markSignedOut(): Promise<void> {
    generation++;
    cancelTimer?.();
    cancelTimer = null;
    expiresAt = null;
    await o.vault.delete(accounts.access(o.profileId));
    await o.vault.delete(accounts.refresh(o.profileId));
    o.onSignedIn(o.profileId, false);
  }

  /** One refresh at a time. `signOutWithout` = sign out when no refresh is possible. */
  function tryRefresh(signOutWithout: boolean): Promise<boolean> {
    inFlight ??= (async () => {
      const started = generation;
      const refreshToken = await o.vault.get(accounts.refresh(o.profileId));
      const endpoint = refreshToken ? await o.endpoint() : null;
      // Signed out while we looked (e.g. the profile was re-pointed): this refresh
      // token and the token URL read just now may belong to different services.
      if (generation !== started) return false;
      if (!refreshToken || !endpoint) {
        if (signOutWithout) await markSignedOut();
        return false;
      }
      try {
        const tokens = await refresh(endpoint, refreshToken);
        if (generation !== started) return false; // signed out meanwhile
        // Servers that do not rotate refresh tokens answer without one: keep ours.
        await store({ ...tokens, refreshToken: tokens.refreshToken ?? refreshToken });
        return true;
      } catch (err) {
        const refused = err instanceof FleetError && (err.kind === 'auth-flow' || err.kind === 'unauthorized' || err.kind === 'bad-payload');
        if (refused) {
          await markSignedOut();
          return false;
        }
        // Network trouble: keep the tokens; try again a little later (a 401 also does).
        if (expiresAt !== null && generation === started) {
          cancelTimer?.();
          cancelTimer = schedule(() => {
            cancelTimer = null;
            void tryRefresh(false);
          }, retryMs);
        }
        return false;
      }
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function store(tokens: TokenSet): Promise<void> {
    generation++;
    await o.vault.set(accounts.access(o.profileId), tokens.accessToken);
    if (tokens.refreshToken) await o.vault.set(accounts.refresh(o.profileId), tokens.refreshToken);
    else await o.vault.delete(accounts.refresh(o.profileId));
    plan(tokens.expiresInSec);
    o.onSignedIn(o.profileId, true);
  }

  return {
    profileId: o.profileId,
    get expiresAt() {
      return expiresAt;
    },
    async getToken() {
      if (inFlight) await inFlight;
      else if (expiresAt !== null && now() >= expiresAt) await tryRefresh(false);
      return o.vault.get(accounts.access(o.profileId));
    },
    handleUnauthorized() {
      return tryRefresh(true);
    },
    store,
    async signOut() {
      await markSignedOut();
    },
    dispose() {
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}

export interface SessionManager {
  get(profileId: string): Session;
  /** Stops timers (and forgets the session) for a deleted profile. */
  drop(profileId: string): void;
  disposeAll(): void;
}

export function createSessionManager(make: (profileId: string) => Session): SessionManager {
  const sessions = new Map<string, Session>();
  return {
    get(profileId) {
      let s = sessions.get(profileId);
      if (!s) {
        s = make(profileId);
        sessions.set(profileId, s);
      }
      return s;
    },
    drop(profileId) {
      sessions.get(profileId)?.dispose();
      sessions.delete(profileId);
    },
    disposeAll() {
      for (const s of sessions.values()) s.dispose();
      sessions.clear();
    },
  };
}
