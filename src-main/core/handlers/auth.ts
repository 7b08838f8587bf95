/**
 * Handlers for profiles and sign-in. Every argument from the renderer is checked;
 * no result or event ever carries a token or client secret. Saving, deleting and
 * switching profiles answer nothing the 'profiles:changed' event carries (a save answers
 * the profile's id only): that event is the one copy of the profiles every page follows.
 */
import type { ConnectionTest, ProfileInput, ProfilesState, SignInState } from '../../contract';
import type { CoreContext, HandlerGroup } from '../ports';
import { FleetError, registerSecret, toAppError } from '../errors';
import { startSignInFlow, type SignInFlow } from '../auth/oauth-flow';
import { probeConnection, type ProbeFetch } from '../auth/probe';
import { addressChange } from '../auth/address-change';
import { validateProfileInput, type ProfileStore } from '../auth/profiles';
import type { SessionManager } from '../auth/session';
import type { TokenVault } from '../auth/token-vault';
import type { FetchLike, TokenEndpoint } from '../auth/oauth-token-endpoint';

export type AuthChannels =
  | 'profiles:list'
  | 'profiles:save'
  | 'profiles:delete'
  | 'profiles:switch'
  | 'profiles:test'
  | 'auth:signIn'
  | 'auth:cancel'
  | 'auth:pasteToken'
  | 'auth:signOut';

export interface AuthHandlerDeps {
  ctx: Pick<CoreContext, 'emit' | 'platform'>;
  profiles: ProfileStore;
  vault: TokenVault;
  sessions: SessionManager;
  endpointFor(profileId: string): Promise<TokenEndpoint | null>;
  /** Deletes a profile's offline database (StoreFactory.remove). */
  removeOfflineData?: (profileId: string) => void | Promise<void>;
  /** Deletes what else belongs to a deleted profile (its alert rules). */
  forgetProfile?: (profileId: string) => void | Promise<void>;
  /** Told after the active profile changed (switch, or deletion of the active one). */
  onActiveProfileChanged?: (profileId: string) => void | Promise<void>;
  /** For "Test connection" and pasted tokens (tests); default global fetch. */
  probeFetch?: ProbeFetch;
  fetch?: FetchLike;
  /** Sign-in wait before giving up; default 5 minutes. */
  signInTimeoutMs?: number;
  now?: () => Date;
}

// Arguments arrive checked by the IPC table (core/ipc/validate-args.ts): ids, tokens (trimmed) and flags are used as given.

export function createAuthHandlers(deps: AuthHandlerDeps): HandlerGroup<AuthChannels> {
  const { ctx, profiles, sessions } = deps;
  const now = deps.now ?? (() => new Date());
  let flow: { profileId: string; flow: SignInFlow | null; cancelled: boolean } | null = null;

  profiles.onChange((state) => ctx.emit('profiles:changed', state));

  const emitState = (s: SignInState) => ctx.emit('auth:state', s);

  async function activeChanged(before: string): Promise<void> {
    if (profiles.activeId !== before) await deps.onActiveProfileChanged?.(profiles.activeId);
  }

  function cancelFlow(): void {
    if (!flow) return;
    flow.cancelled = true;
    flow.flow?.cancel();
  }

  return {
    async 'profiles:list'(): Promise<ProfilesState> {
      return profiles.list();
    },

    async 'profiles:save'(input: ProfileInput): Promise<string> {
      const valid = validateProfileInput(input);
      const before = valid.id && !profiles.isBuiltIn(valid.id) ? profiles.get(valid.id) : null;
      if (!before || !addressChange(before, valid).signsOut) return (await profiles.save(input)).id;
      // Re-pointed: end the session first (its timers, an in-flight refresh, a sign-in
      // under way), so nothing pairs the old sign-in with the new addresses.
      const wasSignedIn = profiles.list().profiles.find((p) => p.id === before.id)?.signedIn ?? false;
      if (flow?.profileId === before.id) cancelFlow();
      await sessions.get(before.id).signOut();
      return (await profiles.save(input, { wasSignedIn })).id;
    },

    async 'profiles:delete'(pid: string): Promise<void> {
      const before = profiles.activeId;
      await profiles.delete(pid);
      sessions.drop(pid);
      await deps.removeOfflineData?.(pid);
      await deps.forgetProfile?.(pid);
      await activeChanged(before);
    },

    async 'profiles:switch'(pid: string): Promise<void> {
      const before = profiles.activeId;
      await profiles.switch(pid);
      await activeChanged(before);
    },

    async 'profiles:test'(input: ProfileInput, typed?: string | null): Promise<ConnectionTest> {
      const valid = validateProfileInput(input);
      const probe = (token: string | null) => probeConnection({ baseUrl: valid.baseUrl, token, fetch: deps.probeFetch });
      if (typed !== undefined && typed !== null) {
        registerSecret(typed);
        const test = await probe(typed);
        return { ...test, message: `Tested with the typed token (it is not saved). ${test.message}` };
      }
      const saved = valid.id ? profiles.get(valid.id) : null;
      if (!saved) return probe(null);
      // The saved sign-in goes only to the origins it was made for, never to a draft's new host.
      const moved = addressChange(saved, valid).newOrigins;
      if (moved.length === 0) return probe(await sessions.get(saved.id).getToken());
      const test = await probe(null);
      const hosts = moved.map((o) => new URL(o).host).join(', ');
      return {
        ...test,
        message: `Tested without the saved sign-in, because this draft sends requests to ${hosts} and the sign-in belongs to the saved address. ${test.message} To test with a token, type one for the test.`,
      };
    },

    async 'auth:pasteToken'(pid: string, candidate: string): Promise<ConnectionTest> {
      const profile = profiles.require(pid);
      registerSecret(candidate);
      const test = await probeConnection({ baseUrl: profile.baseUrl, token: candidate, fetch: deps.probeFetch });
      // A token the service rejected is not saved; a working one replaces what was there.
      if (test.ok) await sessions.get(pid).store({ accessToken: candidate, refreshToken: null, expiresInSec: null, tokenType: null });
      return test;
    },

    async 'auth:signIn'(pid: string): Promise<SignInState> {
      const profile = profiles.require(pid);
      if (!profile.authorizeUrl || !profile.tokenUrl || !profile.clientId) {
        throw new FleetError('invalid-argument', `The profile "${profile.name}" has no sign-in page configured (authorize URL, token URL and client id). Paste a token instead.`);
      }
      const endpoint = await deps.endpointFor(pid);
      if (!endpoint) throw new FleetError('invalid-argument', `The profile "${profile.name}" has no token URL.`);
      cancelFlow();
      const mine: { profileId: string; flow: SignInFlow | null; cancelled: boolean } = { profileId: pid, flow: null, cancelled: false };
      flow = mine;
      try {
        mine.flow = await startSignInFlow({
          ...endpoint,
          fetch: deps.fetch ?? endpoint.fetch,
          authorizeUrl: profile.authorizeUrl,
          scopes: profile.scopes,
          timeoutMs: deps.signInTimeoutMs,
          openExternal: (url) => deps.ctx.platform.openExternal(url),
          onAuthorizeUrl: (authorizeUrl) =>
            emitState({ state: 'waiting-for-browser', profileId: pid, authorizeUrl, startedAt: now().toISOString() }),
          onExchanging: () => emitState({ state: 'exchanging', profileId: pid }),
        });
        if (mine.cancelled) mine.flow.cancel();
        const tokens = await mine.flow.tokens;
        if (mine.cancelled) throw new FleetError('cancelled', 'Sign-in was cancelled.');
        await sessions.get(pid).store(tokens);
        const done: SignInState = { state: 'signed-in', profileId: pid };
        emitState(done);
        return done;
      } catch (err) {
        if (err instanceof FleetError && err.kind === 'cancelled') {
          const idle: SignInState = { state: 'idle' };
          if (flow === mine) emitState(idle);
          return idle;
        }
        const failed: SignInState = { state: 'failed', profileId: pid, error: toAppError(err) };
        emitState(failed);
        return failed;
      } finally {
        if (flow === mine) flow = null;
      }
    },

    async 'auth:cancel'(): Promise<void> {
      cancelFlow();
    },

    async 'auth:signOut'(pid: string, keep: boolean): Promise<void> {
      profiles.require(pid);
      if (flow?.profileId === pid) cancelFlow();
      await sessions.get(pid).signOut();
      if (!keep) await deps.removeOfflineData?.(pid);
    },
  };
}
