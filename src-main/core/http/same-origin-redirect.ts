/**
 * The redirect rule of every request Fleet Desk sends by itself: a redirect is followed
 * only to the origin the request went to, at most MAX_REDIRECTS times. Another site
 * could be anything reachable from this machine (a loopback admin page, a login page)
 * and whatever it answered would be taken as the service's or the tile server's.
 */
import { parseUrl } from './parse-url';

export { MAX_REDIRECTS } from '../limits';

/** The answers that carry a Location to follow. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Where a redirect may lead: the same origin only (else what was refused, for the message). */
export function sameOriginTarget(location: string | null | undefined, from: string): { url: string } | { refused: string } {
  if (!location) return { refused: 'no address' };
  const target = parseUrl(location, from);
  if (!target) return { refused: 'an unreadable address' };
  return target.origin === new URL(from).origin ? { url: target.href } : { refused: target.host || target.protocol };
}
