import { describe, expect, it } from 'vitest';
import { offerAfterRefusal, offerFor, offerText, partRangeText, splitForMaps } from '../../../../../src-renderer/src/lib/embed/split';
import { MAX_ASSET_IDS, MAX_ASSETS_QUERY_CHARS } from '../../../../../src-main/contract';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `thing:${from + i}`);
const query = (part: string[]) => `assets=${part.join(',')}`;

describe('splitForMaps', () => {
  it('keeps every part within the query length the core accepts, in order, nothing lost', () => {
    const all = ids(10_000);
    const parts = splitForMaps(all);
    for (const p of parts) expect(query(p).length).toBeLessThanOrEqual(MAX_ASSETS_QUERY_CHARS);
    // Each part is as full as the limit allows: one more id would not fit.
    for (let i = 0; i < parts.length - 1; i++) expect(query([...parts[i], parts[i + 1][0]]).length).toBeGreaterThan(MAX_ASSETS_QUERY_CHARS);
    expect(parts.flat()).toEqual(all);
    expect(parts.length).toBeGreaterThan(50); // about 160 ids like thing:1234 fit one address
  });

  it('also respects the id count limit, and drops repeats', () => {
    expect(splitForMaps(ids(7), { maxIds: 3, maxQueryChars: 10_000 }).map((p) => p.length)).toEqual([3, 3, 1]);
    expect(splitForMaps(['thing:1', 'thing:1', 'thing:2'])).toEqual([['thing:1', 'thing:2']]);
    expect(MAX_ASSET_IDS).toBe(5000);
  });

  it('offers nothing when one map is enough', () => {
    expect(offerFor(ids(20))).toBeNull();
  });
});

describe('the offer in words', () => {
  it('says the numbers plainly', () => {
    const offer = offerFor(ids(10_000))!;
    const most = Math.max(...offer.parts.map((p) => p.length));
    const words = offerText(offer);
    expect(words.headline).toBe(`Your selection has 10,000 assets; one map can show at most ${most} of them.`);
    expect(words.why).toMatch(/web address/);
    expect(words.splitLabel).toBe(`Open ${offer.parts.length} maps of up to ${most}, one at a time`);
    expect(partRangeText(offer.parts, 1)).toBe(`assets ${most + 1}–${offer.parts[0].length + offer.parts[1].length} of 10,000`);
  });

  it('after the service refused a map, offers maps of half the size', () => {
    const offer = offerAfterRefusal(ids(300), 150)!;
    expect(offer.parts.map((p) => p.length)).toEqual([75, 75, 75, 75]);
    expect(offerText(offer).headline).toBe('The service refused a map of 150 assets: its request was too long.');
    expect(offerText(offer).splitLabel).toBe('Open 4 maps of 75, one at a time');
    expect(offerAfterRefusal(['thing:1'], 1)).toBeNull();
  });
});
