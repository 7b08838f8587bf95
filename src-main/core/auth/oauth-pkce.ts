/**
 * The request half of the authorization-code flow (RFC 7636): the PKCE S256 verifier and
 * challenge, the `state` that ties the browser's answer to this request, and the authorize
 * page's address.
 */
import { createHash, randomBytes } from 'node:crypto';
import { FleetError } from '../errors';

export interface Pkce {
  verifier: string;
  challenge: string;
}

/** S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh verifier of 43 characters from 32 random bytes, and its challenge. */
export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** An unguessable `state` value that ties the browser's answer to this request. */
export function createState(): string {
  return randomBytes(24).toString('base64url');
}

export interface AuthorizeUrlParams {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scopes: string;
}

export function buildAuthorizeUrl(p: AuthorizeUrlParams): string {
  let url: URL;
  try {
    url = new URL(p.authorizeUrl);
  } catch {
    throw new FleetError('invalid-argument', `The authorize URL "${p.authorizeUrl}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FleetError('invalid-argument', 'The authorize URL must start with http:// or https://.');
  }
  const q = url.searchParams;
  q.set('response_type', 'code');
  q.set('client_id', p.clientId);
  q.set('redirect_uri', p.redirectUri);
  q.set('state', p.state);
  q.set('code_challenge', p.codeChallenge);
  q.set('code_challenge_method', 'S256');
  if (p.scopes.trim()) q.set('scope', p.scopes.trim());
  return url.toString();
}
