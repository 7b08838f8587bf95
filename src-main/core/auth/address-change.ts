/**
 * What an edit of a profile's addresses does to its sign-in: the rules that decide when a
 * stored token or client secret may no longer follow the profile, and the notices that
 * tell the dispatcher why it was signed out.
 */
import { originOf, type Profile } from '../../contract';
import { tokenOrigins } from '../http/token-origins';

type Addresses = Pick<Profile, 'baseUrl' | 'aempUrl' | 'tokenUrl'>;

/** The origins a profile's access token is sent to: its base URL's and its AEMP URL's. */
export function profileTokenOrigins(p: Pick<Profile, 'baseUrl' | 'aempUrl'>): string[] {
  return tokenOrigins([p.baseUrl, p.aempUrl]);
}

export interface AddressChange {
  /** Origins the access token would go to that it did not go to before. */
  newOrigins: string[];
  /** The token URL's origin is another one (or the token URL came or went). */
  tokenOriginChanged: boolean;
  /** A stored token would go to a new origin: the profile must sign in again. */
  signsOut: boolean;
}

/**
 * What an edit does to where the profile's secrets go. A sign-in belongs to the
 * service it was made with: the access token may not follow a new base or AEMP
 * origin, nor the refresh token a new token-URL origin.
 */
export function addressChange(before: Addresses, after: Addresses): AddressChange {
  const had = new Set(profileTokenOrigins(before));
  const newOrigins = profileTokenOrigins(after).filter((o) => !had.has(o));
  const tokenBefore = originOf(before.tokenUrl);
  const tokenAfter = originOf(after.tokenUrl);
  const tokenOriginChanged = tokenBefore !== tokenAfter;
  // Without a token URL before there is no refresh token; without one after, none is sent.
  const refreshMoves = tokenOriginChanged && tokenBefore !== null && tokenAfter !== null;
  return { newOrigins, tokenOriginChanged, signsOut: newOrigins.length > 0 || refreshMoves };
}

const hostOf = (origin: string) => new URL(origin).host;

/** What the profile's card says after an edit signed it out. */
export function signedOutNotice(name: string, change: AddressChange, tokenUrl: string): string {
  const moved = [...change.newOrigins];
  const tokenOrigin = originOf(tokenUrl);
  if (change.tokenOriginChanged && tokenOrigin && !moved.includes(tokenOrigin)) moved.push(tokenOrigin);
  const hosts = moved.map(hostOf).join(', ');
  return `“${name}” was signed out because its address changed (now ${hosts}): a sign-in is only ever sent to the service it was made with. Sign in again or paste a token.`;
}

/** What the profile's card says after an edit dropped its client secret. */
export function secretDroppedNotice(tokenUrl: string): string {
  const origin = originOf(tokenUrl);
  return origin
    ? `Its client secret was removed because the token URL moved to ${hostOf(origin)}; type it again if that service needs one.`
    : 'Its client secret was removed because the profile no longer has a token URL.';
}
