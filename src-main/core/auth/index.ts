/**
 * The sign-in area assembled: vault + profiles + per-profile sessions, for the
 * composition root. See `createAuthModule`.
 */
import type { ProfilesState } from '../../contract';
import type { PinnedTokenSource } from '../ports';
import type { FetchLike, TokenEndpoint } from './oauth-token-endpoint';
import { profileTokenOrigins } from './address-change';
import { createProfileStore, type BuiltInUrls, type ProfileStore } from './profiles';
import { createSession, createSessionManager, type Schedule, type SessionManager } from './session';
import { accounts, createTokenVault, type TokenVault, type TokenVaultOptions } from './token-vault';
import { createAuthEvents, type AuthEvents } from './auth-events';

export { DEMO_PROFILE_ID, ENV_PROFILE_ID } from './profiles';
export type { ProfileStore, ProfileRecord, BuiltInUrls } from './profiles';
export type { TokenVault } from './token-vault';
export type { Session, SessionManager } from './session';
export type { TokenSet } from './oauth-token-response';
export type { AuthEvents, AuthEventMap } from './auth-events';

export interface AuthModuleOptions {
  userDataDir: string;
  /** The built-in demo service's URLs (baseUrl ends in /v1, aemp, authorize, token, clientId, scopes). */
  demo: BuiltInUrls;
  /** FLEET_BASE_URL, FLEET_AEMP_URL, FLEET_TOKEN, FLEET_AUTHORIZE_URL, FLEET_TOKEN_URL, FLEET_CLIENT_ID, FLEET_CLIENT_SECRET, FLEET_SCOPES; default process.env. */
  env?: Record<string, string | undefined>;
  /** A ready vault (tests), else one is created with `vaultOptions`. */
  vault?: TokenVault;
  vaultOptions?: TokenVaultOptions;
  /** For the token endpoint (tests); default global fetch. */
  fetch?: FetchLike;
  now?: () => number;
  schedule?: Schedule;
}

export interface AuthModule {
  vault: TokenVault;
  profiles: ProfileStore;
  sessions: SessionManager;
  /** The token endpoint of a profile (with its client secret from the vault), or null without OAuth settings. */
  endpointFor(profileId: string): Promise<TokenEndpoint | null>;
  /**
   * A TokenSource that always follows the active profile (for the HTTP client), pinned
   * to that profile's base-URL and AEMP-URL origins.
   */
  activeTokenSource: PinnedTokenSource;
  /** Puts a known token into a profile (e.g. a token the built-in demo issued at startup). */
  seedToken(profileId: string, accessToken: string): Promise<void>;
  /** `signed-in` / `signed-out` of any profile (the refresh schedule follows them: core/sync/follow-auth.ts). */
  events: AuthEvents;
  /** Subscribes to profile list / active / signed-in changes. */
  onProfilesChanged(listener: (state: ProfilesState) => void): () => void;
  dispose(): void;
}

export async function createAuthModule(o: AuthModuleOptions): Promise<AuthModule> {
  const vault = o.vault ?? createTokenVault(o.vaultOptions);
  const profiles = await createProfileStore({ userDataDir: o.userDataDir, vault, demo: o.demo, env: o.env });

  async function endpointFor(profileId: string): Promise<TokenEndpoint | null> {
    const p = profiles.get(profileId);
    if (!p || !p.tokenUrl || !p.clientId) return null;
    const clientSecret = p.hasClientSecret ? await vault.get(accounts.clientSecret(p.id)) : null;
    return { tokenUrl: p.tokenUrl, clientId: p.clientId, clientSecret, fetch: o.fetch };
  }

  const events = createAuthEvents();
  const sessions = createSessionManager((profileId) =>
    createSession({
      profileId,
      vault,
      endpoint: () => endpointFor(profileId),
      onSignedIn: (id, signedIn) => {
        profiles.setSignedIn(id, signedIn);
        events.emit(signedIn ? 'signed-in' : 'signed-out', { profileId: id });
      },
      now: o.now,
      schedule: o.schedule,
    }),
  );

  return {
    vault,
    profiles,
    sessions,
    events,
    endpointFor,
    activeTokenSource: {
      getToken: () => sessions.get(profiles.activeId).getToken(),
      handleUnauthorized: () => sessions.get(profiles.activeId).handleUnauthorized(),
      allowedOrigins: () => profileTokenOrigins(profiles.connection()),
    },
    seedToken: (profileId, accessToken) => sessions.get(profileId).store({ accessToken, refreshToken: null, expiresInSec: null, tokenType: null }),
    onProfilesChanged: (listener) => profiles.onChange(listener),
    dispose: () => sessions.disposeAll(),
  };
}
