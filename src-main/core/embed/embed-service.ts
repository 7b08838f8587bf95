import { randomUUID } from 'node:crypto';
import { ASSET_ID_PATTERN, MAX_ASSETS_QUERY_CHARS } from '../../contract';
import type { AssetSnapshot, EmbedRequest, EmbedSession } from '../../contract';
import { FleetError } from '../errors';
import { parseJsonBody } from '../http/http-client';
import type { Connection, HttpClient } from '../ports';
import { checkEmbedUrl, embedPolicy, isEmbedUrlAllowed, type EmbedPolicy } from './embed-policy';
import { embedExpiry, pickEmbedUrl } from './embed-url';

export { ASSET_ID_PATTERN };
/** Longest `assets=` query we send (declared in the contract: the renderer splits selections by it). */
export { MAX_ASSETS_QUERY_CHARS };
/** An asset's own URL from the list is reused only while it stays valid this much longer. */
export const MIN_REMAINING_VALIDITY_MS = 5 * 60 * 1000;

export interface OpenEmbedOptions {
  /** The last asset list, for an asset's own embed URL. */
  snapshot?: AssetSnapshot | null;
  newId?: () => string;
}

function checkAssetIds(ids: readonly unknown[]): string[] {
  if (ids.length === 0) throw new FleetError('invalid-argument', 'Select at least one asset to show on the map');
  const unique = new Set<string>();
  for (const id of ids) {
    if (typeof id !== 'string' || !ASSET_ID_PATTERN.test(id)) {
      throw new FleetError('invalid-argument', `"${String(id).slice(0, 40)}" is not an asset id (expected thing:<number> or area:<number>)`);
    }
    unique.add(id);
  }
  return [...unique];
}

/** How many ids of about this length fit into the query limit. */
function maxIdsForLimit(ids: string[]): number {
  const averageLength = ids.reduce((sum, id) => sum + id.length, 0) / ids.length;
  return Math.max(1, Math.floor((MAX_ASSETS_QUERY_CHARS - 'assets='.length + 1) / (averageLength + 1)));
}

function tooMany(ids: string[], detail = ''): FleetError {
  return new FleetError(
    'bad-request',
    `Too many assets for one map (${ids.length} selected); select at most ${maxIdsForLimit(ids)}${detail}`,
  );
}

export function subsetQuery(ids: string[]): string {
  const query = `assets=${ids.join(',')}`;
  if (query.length > MAX_ASSETS_QUERY_CHARS) throw tooMany(ids);
  return query;
}

async function requestEmbedUrl(http: HttpClient, url: string, ids: string[] | null, policy: EmbedPolicy): Promise<string> {
  let res;
  try {
    res = await http.get({ url });
  } catch (err) {
    if (ids && err instanceof FleetError && (err.status === 414 || (err.status === 400 && ids.length > 1))) {
      throw tooMany(ids, ` (the service refused the request: ${err.status})`);
    }
    throw err;
  }
  const json = parseJsonBody(res);
  const embed = pickEmbedUrl(json);
  if (!embed) throw new FleetError('bad-payload', 'The service answered without a map URL', { path: '$.mapEmbed' });
  return checkEmbedUrl(embed, policy);
}

function session(kind: EmbedRequest['kind'], assetIds: string[], url: string, now: Date, newId: () => string): EmbedSession {
  return {
    id: newId(),
    kind,
    assetIds,
    url,
    expiresAt: embedExpiry(url, now).toISOString(),
    requestedAt: now.toISOString(),
  };
}

/**
 * Gets a fresh embed URL for the branch, a subset or one asset. Only a URL on the
 * service's own site or an origin added to the profile is ever handed out (embed-policy).
 */
export async function openEmbed(
  http: HttpClient,
  connection: Connection,
  request: EmbedRequest,
  now: Date,
  options: OpenEmbedOptions = {},
): Promise<EmbedSession> {
  const newId = options.newId ?? randomUUID;
  const base = `${connection.baseUrl}/branch/current`;
  const policy = embedPolicy(connection);
  switch (request.kind) {
    case 'branch': {
      const url = await requestEmbedUrl(http, `${base}/urls`, null, policy);
      return session('branch', [], url, now, newId);
    }
    case 'subset': {
      if (!Array.isArray(request.assetIds)) throw new FleetError('invalid-argument', 'No assets selected for the map');
      const ids = checkAssetIds(request.assetIds);
      const url = await requestEmbedUrl(http, `${base}/batch/assetUrls?${subsetQuery(ids)}`, ids, policy);
      return session('subset', ids, url, now, newId);
    }
    case 'asset': {
      const [id] = checkAssetIds([request.assetId]);
      const snapshot = options.snapshot;
      const own = snapshot?.assets.find((a) => a.assetId === id)?.embedUrl;
      // A listed URL on another site (a poisoned list) is not reused: the service is asked again.
      if (snapshot && own && isEmbedUrlAllowed(own, policy)) {
        // Without a readable exp the URL counts from when the list was fetched, not from now.
        const fetchedAt = new Date(snapshot.fetchedAt);
        const expiresAt = embedExpiry(own, Number.isNaN(fetchedAt.getTime()) ? new Date(0) : fetchedAt);
        if (expiresAt.getTime() - now.getTime() > MIN_REMAINING_VALIDITY_MS) {
          return { id: newId(), kind: 'asset', assetIds: [id], url: own, expiresAt: expiresAt.toISOString(), requestedAt: now.toISOString() };
        }
      }
      const url = await requestEmbedUrl(http, `${base}/batch/assetUrls?${subsetQuery([id])}`, [id], policy);
      return session('asset', [id], url, now, newId);
    }
    default:
      throw new FleetError('invalid-argument', 'Unknown kind of map');
  }
}
