/**
 * The work one asset list may cost is bounded by entries, not only bytes: metric entries
 * per asset, issues recorded per asset and per list (the rest counted), nesting depth.
 * The whole read (normalizeAssetList) and the element-by-element reader honour the same
 * bounds. Metric entries over the whole list: test/integration/hostile/list-bounds.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AssetListReader } from '../../../../src-main/core/assets/asset-list-reader';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { nestingWithin, valueSpan } from '../../../../src-main/core/assets/json-array-spans';
import { FleetError } from '../../../../src-main/core/errors';
import { MAX_ISSUES_PER_ASSET, MAX_ISSUES_PER_LIST, MAX_LIST_NESTING, MAX_METRICS_PER_ASSET } from '../../../../src-main/core/limits';
import { floodedAssetJson, metricFloodList } from '../../../integration/hostile/metric-flood';

const NOW = new Date('2026-03-01T10:00:00Z');
const count = (n: number) => n.toLocaleString('en-US');

function refusal(read: () => unknown): FleetError {
  try {
    read();
  } catch (err) {
    if (err instanceof FleetError) return err;
    throw err;
  }
  throw new Error('the list was read, not refused');
}

describe('metric entries per asset', () => {
  const over = metricFloodList(1, MAX_METRICS_PER_ASSET + 1);

  it('a whole read refuses an asset over the bound, naming the asset and the bound', () => {
    const err = refusal(() => normalizeAssetList(JSON.parse(over), NOW));
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toBe(
      `Asset thing:1 from the service has ${count(MAX_METRICS_PER_ASSET + 1)} metrics, more than the ${count(MAX_METRICS_PER_ASSET)} Fleet Desk reads for one asset; the last loaded list is kept`,
    );
  });

  it('the reader refuses it too, and still reuses its last good list afterwards', () => {
    const reader = new AssetListReader();
    const good = metricFloodList(2, 3);
    expect(reader.read(good, NOW)?.parsed).toBe(2);
    expect(refusal(() => reader.read(over, NOW)).message).toContain(`more than the ${count(MAX_METRICS_PER_ASSET)} Fleet Desk reads for one asset`);
    // What the reader remembers is still the good list: read again, nothing is parsed.
    expect(reader.read(good, NOW)).toMatchObject({ reused: 2, parsed: 0 });
  });

  it('an asset at the bound is read', () => {
    const { assets } = normalizeAssetList(JSON.parse(metricFloodList(1, MAX_METRICS_PER_ASSET)), NOW);
    expect(assets).toHaveLength(1);
  });
});

describe('issues recorded', () => {
  it('per asset: the first ones, then one entry counting the rest', () => {
    const entries = MAX_ISSUES_PER_ASSET + 234;
    const [asset] = normalizeAssetList(JSON.parse(`[${floodedAssetJson(1, entries)}]`), NOW).assets;
    expect(asset.issues).toHaveLength(MAX_ISSUES_PER_ASSET + 1);
    expect(asset.issues[0].message).toBe('Metric m0 dropped: m0 is true, expected an object');
    expect(asset.issues.at(-1)?.message).toBe(`and ${count(234)} more issues`);
    expect(asset.metrics).toEqual({});
  });

  it('per list: once the list has recorded its share, later assets only count theirs (whole read and reader)', () => {
    const full = MAX_ISSUES_PER_LIST / MAX_ISSUES_PER_ASSET;
    const text = metricFloodList(full + 2, MAX_ISSUES_PER_ASSET);
    for (const read of [() => normalizeAssetList(JSON.parse(text), NOW), () => new AssetListReader().read(text, NOW)!]) {
      const { assets } = read();
      const recorded = assets.reduce((n, a) => n + a.issues.filter((i) => !i.message.startsWith('and ')).length, 0);
      expect(recorded).toBe(MAX_ISSUES_PER_LIST);
      expect(assets.at(-1)?.issues).toEqual([{ metric: '', path: '', message: `and ${count(MAX_ISSUES_PER_ASSET)} more issues` }]);
    }
  });

  it('a reused asset counts its recorded issues into the list again', () => {
    const full = MAX_ISSUES_PER_LIST / MAX_ISSUES_PER_ASSET;
    const text = metricFloodList(full + 1, MAX_ISSUES_PER_ASSET);
    const reader = new AssetListReader();
    reader.read(text, NOW);
    const again = reader.read(text, NOW)!;
    expect(again.reused).toBeGreaterThan(0);
    const recorded = again.assets.reduce((n, a) => n + a.issues.filter((i) => !i.message.startsWith('and ')).length, 0);
    expect(recorded).toBeLessThanOrEqual(MAX_ISSUES_PER_LIST);
  });
});

describe('nesting depth', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('a whole text deeper than the bound is told apart from one at the bound, brackets in strings aside', () => {
    expect(nestingWithin(nested(MAX_LIST_NESTING))).toBe(true);
    expect(nestingWithin(nested(MAX_LIST_NESTING + 1))).toBe(false);
    expect(nestingWithin(`["${'['.repeat(100)}"]`)).toBe(true);
  });

  it('the reader leaves an element deeper than the bound to the whole read', () => {
    const deep = (levels: number) => `[{"assetId":"thing:1","type":"thing","name":"x","metrics":{"x":{"value":${nested(levels)}}}}]`;
    // The list, the asset, metrics and the entry are four levels.
    expect(new AssetListReader().read(deep(MAX_LIST_NESTING - 4), NOW)).not.toBeNull();
    expect(new AssetListReader().read(deep(MAX_LIST_NESTING - 3), NOW)).toBeNull();
    expect(valueSpan(nested(3), 0, 2)).toBeNull();
  });
});
