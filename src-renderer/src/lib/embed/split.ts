/**
 * Splitting a large selection into several maps. One map of a selection is limited twice:
 * by the number of ids the main side accepts in one call (MAX_ASSET_IDS) and by the length
 * of the service's request line, since the subset endpoint takes the ids in its query
 * string (MAX_ASSETS_QUERY_CHARS, the same check the core makes before asking). Both come
 * from the contract, so this split and the core's refusal use the same numbers. Pure.
 */
import { MAX_ASSET_IDS, MAX_ASSETS_QUERY_CHARS } from '@contract';
import { formatNumber } from '../format/numbers';

export interface MapLimits {
  maxIds: number;
  maxQueryChars: number;
}

export const MAP_LIMITS: MapLimits = { maxIds: MAX_ASSET_IDS, maxQueryChars: MAX_ASSETS_QUERY_CHARS };

const QUERY_PREFIX = 'assets=';

/**
 * The selection cut into consecutive parts that each fit one map: `assets=` plus the ids
 * joined by commas within maxQueryChars, and at most maxIds ids. Repeated ids are dropped.
 */
export function splitForMaps(ids: readonly string[], limits: MapLimits = MAP_LIMITS): string[][] {
  const maxIds = Math.max(1, Math.floor(limits.maxIds));
  const parts: string[][] = [];
  let part: string[] = [];
  let length = QUERY_PREFIX.length;
  for (const id of new Set(ids)) {
    const added = id.length + (part.length > 0 ? 1 : 0);
    if (part.length > 0 && (part.length >= maxIds || length + added > limits.maxQueryChars)) {
      parts.push(part);
      part = [];
      length = QUERY_PREFIX.length;
    }
    length += id.length + (part.length > 0 ? 1 : 0);
    part.push(id);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

export interface SplitOffer {
  /** The whole selection, in order, without repeats. */
  ids: string[];
  parts: string[][];
  /** Why one map is not enough. */
  reason: 'too-many' | 'refused';
  /** For 'refused': how many assets the service refused in one map. */
  refusedCount?: number;
}

export function offerFor(ids: readonly string[], limits: MapLimits = MAP_LIMITS): SplitOffer | null {
  const parts = splitForMaps(ids, limits);
  return parts.length > 1 ? { ids: parts.flat(), parts, reason: 'too-many' } : null;
}

/** After the service refused a map of `refused` assets (its URL limit is lower than ours): halve the parts. */
export function offerAfterRefusal(ids: readonly string[], refused: number, limits: MapLimits = MAP_LIMITS): SplitOffer | null {
  if (refused < 2) return null;
  const parts = splitForMaps(ids, { ...limits, maxIds: Math.min(limits.maxIds, Math.floor(refused / 2)) });
  return { ids: parts.flat(), parts, reason: 'refused', refusedCount: refused };
}

const n = (count: number) => formatNumber(count, 0);
const assets = (count: number) => `${n(count)} asset${count === 1 ? '' : 's'}`;

/** Largest part size: what "a map can show at most" means for this selection. */
export function largestPart(offer: SplitOffer): number {
  return offer.parts.reduce((max, p) => Math.max(max, p.length), 0);
}

/** The offer in words, numbers said plainly. */
export function offerText(offer: SplitOffer): { headline: string; why: string; splitLabel: string } {
  const most = largestPart(offer);
  const count = offer.parts.length;
  const headline =
    offer.reason === 'refused'
      ? `The service refused a map of ${assets(offer.refusedCount ?? 0)}: its request was too long.`
      : `Your selection has ${assets(offer.ids.length)}; one map can show at most ${n(most)} of them.`;
  const why =
    offer.reason === 'refused'
      ? `Smaller maps of at most ${assets(most)} each should pass.`
      : `The service takes the asset ids in the map's web address, and that address has room for about ${n(most)} ids.`;
  const even = offer.parts.every((p) => p.length === most);
  const splitLabel = `Open ${n(count)} maps of ${even ? '' : 'up to '}${n(most)}, one at a time`;
  return { headline, why, splitLabel };
}

/** "Assets 164–326 of 10,000" for part `index` (0-based). */
export function partRangeText(parts: readonly (readonly string[])[], index: number): string {
  let start = 0;
  for (let i = 0; i < index; i++) start += parts[i].length;
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  return `assets ${n(start + 1)}–${n(start + parts[index].length)} of ${n(total)}`;
}
