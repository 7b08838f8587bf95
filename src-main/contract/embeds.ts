/** The service's embeddable map sessions. */

import type { EmbedRequest } from './schemas';

/**
 * Longest `assets=` query sent for a map of a selection: the subset endpoint takes the ids
 * in the query string, and long request lines are refused by proxies and servers (414).
 * With ids like `thing:1234` this is about 160 assets per map.
 */
export const MAX_ASSETS_QUERY_CHARS = 1800;

export interface EmbedSession {
  id: string;
  kind: EmbedRequest['kind'];
  assetIds: string[];
  url: string;
  /** From the JWS `exp`, or requestedAt + 1 h when the URL carries none. */
  expiresAt: string;
  requestedAt: string;
}
