/**
 * The demo's OAuth settings and the per-server state of its authorization flow.
 * Tests switch the token-response variant with `setAuthVariant` to exercise every
 * shape real deployments use (docs/service.md, "Field notes: sign-in").
 */
import type { TokenBook } from '../tokens';

/** The client id the demo accepts; the same value as `DEMO_CLIENT_ID` in ../index.ts. */
export const DEMO_CLIENT_ID = 'fleet-desk-demo';
export const DEMO_SCOPES = 'assets:read fleet:read';
export const DEMO_APP_NAME = 'Fleet Desk';
/** Authorization codes live this long (demo clock). */
export const CODE_LIFETIME_MS = 60_000;
/** A pending authorize page stays answerable this long. */
export const PENDING_LIFETIME_MS = 10 * 60_000;

export interface AuthVariant {
  /** Name of the token type field in the token response, or none. */
  tokenTypeKey: 'token_type' | 'type' | 'none';
  /** Access token lifetime; null = long-lived (no `expires_in`). */
  expiresInSec: number | null;
  /** Send `expires_in` as a string ("3600"). */
  numbersAsStrings: boolean;
  withRefresh: boolean;
  /** When set, the token endpoint requires this `client_secret`. */
  requireSecret: string | null;
  /** When false, a request without `grant_type` is accepted (inferred from the fields). */
  requireGrantType: boolean;
}

export const DEFAULT_AUTH_VARIANT: AuthVariant = {
  tokenTypeKey: 'token_type',
  expiresInSec: 3600,
  numbersAsStrings: false,
  withRefresh: true,
  requireSecret: null,
  requireGrantType: true,
};

export interface PendingAuthorization {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string | null;
  challengeMethod: 'S256' | 'plain';
  scope: string;
  createdAt: number;
}

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  challengeMethod: 'S256' | 'plain';
  expiresAt: number;
}

export interface AuthState {
  variant: AuthVariant;
  pending: Map<string, PendingAuthorization>;
  codes: Map<string, IssuedCode>;
}

/**
 * Either side of one demo server: its route context or the `DemoService` handle that
 * `startDemoService` returns. Both carry the server's own TokenBook, which keys the state.
 */
export interface HasTokenBook {
  readonly tokens: TokenBook;
}

const states = new WeakMap<TokenBook, AuthState>();

export function authStateOf(demo: HasTokenBook): AuthState {
  let s = states.get(demo.tokens);
  if (!s) {
    s = { variant: { ...DEFAULT_AUTH_VARIANT }, pending: new Map(), codes: new Map() };
    states.set(demo.tokens, s);
  }
  return s;
}

/** Changes how this demo server's token endpoint behaves (fields not given stay). */
export function setAuthVariant(demo: HasTokenBook, variant: Partial<AuthVariant>): AuthVariant {
  const s = authStateOf(demo);
  s.variant = { ...s.variant, ...variant };
  return s.variant;
}
