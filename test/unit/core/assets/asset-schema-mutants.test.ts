/**
 * The asset list check: fast paths, copy-on-write and cleaned text, pinned by the
 * mutation survivors of asset-schema.ts.
 */
import { describe, expect, it } from 'vitest';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { MAX_FIELD_CHARS } from '../../../../src-main/core/limits';

const NOW = new Date('2026-03-01T00:00:00Z');
const AT = '2026-02-28T10:00:00Z';
const entry = (value: unknown) => ({ value, meta: { collectedOn: AT, source: 's', other: {} } });
const long = 'x'.repeat(MAX_FIELD_CHARS + 200);

describe('normalizeAssetList fast paths', () => {
  it('passes a valid metrics object through as it is, without a copy', () => {
    const metrics = { fuel: entry(40), speed: entry(3), note: { value: 'n', meta: { collectedOn: AT, source: '', other: { a: 1 } } } };
    for (const cleanText of [true, false]) {
      const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics }], NOW, { cleanText });
      expect(assets[0].metrics).toBe(metrics);
      expect(assets[0].issues).toEqual([]);
    }
  });

  it('completes every metric that lacks source or other, also after a complete one', () => {
    const bare = (value: number) => ({ value, meta: { collectedOn: AT } });
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics: { a: bare(1), b: entry(2), c: bare(3) } }], NOW, { cleanText: false });
    expect(assets[0].metrics).toEqual({
      a: { value: 1, meta: { collectedOn: AT, source: '', other: {} } },
      b: entry(2),
      c: { value: 3, meta: { collectedOn: AT, source: '', other: {} } },
    });
  });

  it('reads an asset without a metrics field as one without metrics, with no issue', () => {
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1' }], NOW);
    expect(assets[0]).toMatchObject({ metrics: null, lastUpdate: null, issues: [] });
  });

  it('refuses an id or a collection time given as a list that reads like text', () => {
    const { assets, skipped } = normalizeAssetList(
      [
        { assetId: ['thing:1'], type: 'thing', name: 'T1' },
        { assetId: 'thing:2', type: 'thing', name: 'T2', metrics: { fuel: { value: 4, meta: { collectedOn: [AT], source: 's', other: {} } } } },
      ],
      NOW,
    );
    expect(skipped).toEqual([{ index: 0, path: '$[0].assetId', reason: expect.stringMatching(/^assetId is .+, expected text$/) }]);
    expect(assets[0].metrics).toEqual({});
    expect(assets[0].issues).toEqual([
      { metric: 'fuel', path: '$[1].metrics.fuel.meta.collectedOn', message: expect.stringMatching(/^Metric fuel dropped: collectedOn is .+, expected an ISO 8601 timestamp$/) },
    ]);
  });

  it('says what the category was instead of text', () => {
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', category: 7 }], NOW);
    expect(assets[0].category).toBeUndefined();
    expect(assets[0].issues).toEqual([{ metric: 'category', path: '$[0].category', message: 'category is the number 7, expected text; not shown' }]);
  });
});

describe('normalizeAssetList cleaned text', () => {
  it('keeps every cleaned field, the first one included, and names the metric a note belongs to', () => {
    const raw = { name: long, category: long, assetId: 'thing:1', type: 'thing', metrics: { fuel: entry(40), b: entry(long), c: entry(long) } };
    const { assets } = normalizeAssetList([raw], NOW);
    const a = assets[0];
    expect(a.name.length).toBeLessThan(long.length);
    expect(a.category?.length).toBeLessThan(long.length);
    expect(Object.keys(a.metrics ?? {})).toEqual(['fuel', 'b', 'c']);
    expect(a.metrics?.fuel).toBe(raw.metrics.fuel);
    expect(String(a.metrics?.b.value).length).toBeLessThan(long.length);
    expect(String(a.metrics?.c.value).length).toBeLessThan(long.length);
    expect(a.issues.map((i) => i.metric).sort()).toEqual(['b', 'c', 'category', 'name']);
    // The input is not changed in place.
    expect(raw.name).toBe(long);
  });

  it('renames a metric whose name was cut, keeping the metrics before and after it', () => {
    for (const order of ['long-first', 'long-last'] as const) {
      const metrics = order === 'long-first' ? { [long]: entry(1), fuel: entry(40) } : { fuel: entry(40), [long]: entry(1) };
      const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics }], NOW);
      const names = Object.keys(assets[0].metrics ?? {});
      expect(names).toHaveLength(2);
      expect(names).toContain('fuel');
      expect(names).not.toContain(long);
      expect(names.find((n) => n !== 'fuel')?.length).toBeLessThan(long.length);
    }
  });

  it('lists exactly twenty cleaned texts without a "more" line', () => {
    const metrics = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`m${i}`, entry(long)]));
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics }], NOW);
    expect(assets[0].issues).toHaveLength(20);
    expect(assets[0].issues.every((i) => i.metric.startsWith('m'))).toBe(true);
  });
});
