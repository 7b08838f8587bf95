/**
 * The map offer and the core agree at the edge: a part whose `assets=` query is exactly
 * the limit is one map (the core sends it), one character more is two maps (the core
 * would refuse it), and the offer's numbers are the parts' own sizes.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ASSETS_QUERY_CHARS } from '../../../../../src-main/contract';
import { subsetQuery } from '../../../../../src-main/core/embed/embed-service';
import { offerFor, offerText, splitForMaps } from '../../../../../src-renderer/src/lib/embed/split';

/** Ids `thing:1000`… (ten characters each) whose query is `length` characters long, the last id padded. */
function idsForQueryLength(length: number): string[] {
  const room = length - 'assets='.length;
  const count = Math.floor((room + 1) / 11);
  const ids = Array.from({ length: count }, (_, i) => `thing:${1000 + i}`);
  const short = room - (count * 11 - 1);
  if (short > 0) ids[ids.length - 1] = `thing:${'9'.repeat(4 + short)}`;
  return ids;
}

describe('one map or two, at the query limit', () => {
  it('builds ids whose query has exactly the asked length', () => {
    expect(`assets=${idsForQueryLength(MAX_ASSETS_QUERY_CHARS).join(',')}`).toHaveLength(MAX_ASSETS_QUERY_CHARS);
    expect(`assets=${idsForQueryLength(MAX_ASSETS_QUERY_CHARS + 1).join(',')}`).toHaveLength(MAX_ASSETS_QUERY_CHARS + 1);
  });

  it('keeps a query of exactly the limit in one map, which the core accepts', () => {
    const ids = idsForQueryLength(MAX_ASSETS_QUERY_CHARS);
    expect(splitForMaps(ids)).toEqual([ids]);
    expect(offerFor(ids)).toBeNull();
    expect(subsetQuery(ids)).toHaveLength(MAX_ASSETS_QUERY_CHARS);
  });

  it('splits a query one character over the limit, which the core refuses', () => {
    const ids = idsForQueryLength(MAX_ASSETS_QUERY_CHARS + 1);
    expect(() => subsetQuery(ids)).toThrow(/Too many assets for one map/);
    const offer = offerFor(ids)!;
    expect(offer.parts.map((p) => p.length)).toEqual([ids.length - 1, 1]);
    for (const part of offer.parts) expect(() => subsetQuery(part)).not.toThrow();
    expect(offerText(offer).headline).toContain(`at most ${ids.length - 1} of them`);
    expect(offerText(offer).splitLabel).toBe(`Open 2 maps of up to ${ids.length - 1}, one at a time`);
  });
});
