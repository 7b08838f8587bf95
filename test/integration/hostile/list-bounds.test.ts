/**
 * Hostile asset lists under the byte limit but costly by their entries (millions of
 * invalid metric entries) are refused by the per-list bounds with a message for people,
 * and the last good list stays: in memory, in the store, and on the page (no list event).
 * Both ways of reading honour the bounds: the element reader, and the whole read it leaves
 * a text to (a lone surrogate sends it there).
 */
import { describe, expect, it } from 'vitest';
import type { AssetSnapshot } from '../../../src-main/contract';
import { AssetRepository } from '../../../src-main/core/assets/asset-repository';
import { refreshAssets } from '../../../src-main/core/handlers/assets';
import { MAX_ASSET_LIST_BYTES, MAX_METRIC_CELLS_PER_LIST, MAX_METRICS_PER_ASSET } from '../../../src-main/core/limits';
import type { CoreContext, HttpRequest, OfflineStore } from '../../../src-main/core/ports';
import { DEFAULT_SETTINGS } from '../../../src-main/core/settings/settings-schema';
import { goodList, metricFloodList } from './metric-flood';

const NOW = new Date('2026-03-01T10:00:00Z');
const GOOD = 20;
const count = (n: number) => n.toLocaleString('en-US');

/** A core context answering the good list first, then `hostile`. */
function desk(hostile: string) {
  const bodies = [goodList(GOOD), hostile];
  let saved: AssetSnapshot | null = null;
  const emitted: string[] = [];
  const store = { saveAssetSnapshot: (s: AssetSnapshot) => (saved = s), loadAssetSnapshot: () => saved } as unknown as OfflineStore;
  const repository = new AssetRepository('p', store);
  const ctx = {
    connection: () => ({ profileId: 'p', baseUrl: 'https://svc.example/v1', aempUrl: '', demo: false }),
    http: () => ({ get: async (req: HttpRequest) => ({ status: 200, headers: {}, body: bodies.shift()!, url: req.url }) }),
    store: () => store,
    assets: () => repository,
    emit: (name: string) => emitted.push(name),
    settings: () => DEFAULT_SETTINGS,
  } as unknown as CoreContext;
  return { ctx, repository, emitted, saved: () => saved };
}

async function refusedKeepingTheGoodList(hostile: string): Promise<string> {
  expect(Buffer.byteLength(hostile)).toBeLessThan(MAX_ASSET_LIST_BYTES);
  const { ctx, repository, emitted, saved } = desk(hostile);
  await refreshAssets(ctx, () => NOW);
  const announced = emitted.length;
  const error = await refreshAssets(ctx, () => NOW).then(
    () => null,
    (err: Error & { kind?: string }) => err,
  );
  expect(error?.kind).toBe('bad-payload');
  expect(repository.snapshot()?.assets).toHaveLength(GOOD);
  expect(saved()?.assets).toHaveLength(GOOD);
  expect(emitted).toHaveLength(announced);
  return error!.message;
}

/** The same text, sent to the whole read (the element reader leaves lone surrogates to it). */
const wholeRead = (text: string) => text.replace('"name":"Flood 0"', '"name":"Flood \ud800"');

describe('hostile lists under the byte limit', () => {
  // ~23 MB: 2,000 assets of 1,000 invalid metric entries each.
  const flood = metricFloodList(2_000, 1_000);
  const perAsset = `Asset thing:1 from the service has ${count(1_000)} metrics, more than the ${count(MAX_METRICS_PER_ASSET)} Fleet Desk reads for one asset; the last loaded list is kept`;

  it('2 million invalid metric entries, 1,000 an asset: refused at the per-asset bound, the last good list stays', { timeout: 60_000 }, async () => {
    expect(await refusedKeepingTheGoodList(flood)).toBe(perAsset);
  });

  it('the same list read whole: refused the same way', { timeout: 60_000 }, async () => {
    expect(await refusedKeepingTheGoodList(wholeRead(flood))).toBe(perAsset);
  });

  // Every asset at the per-asset bound, one asset more than the list's entries allow.
  const cells = metricFloodList(MAX_METRIC_CELLS_PER_LIST / MAX_METRICS_PER_ASSET + 1, MAX_METRICS_PER_ASSET);
  const perList = `The asset list from the service has more than ${count(MAX_METRIC_CELLS_PER_LIST)} metrics in all, more than Fleet Desk reads; the last loaded list is kept`;

  it('more metric entries in all than the list bound, none over the per-asset one: refused, the last good list stays', { timeout: 120_000 }, async () => {
    expect(await refusedKeepingTheGoodList(cells)).toBe(perList);
  });

  it('the same list read whole: refused the same way', { timeout: 120_000 }, async () => {
    expect(await refusedKeepingTheGoodList(wholeRead(cells))).toBe(perList);
  });

  it('a list nested deeper than the bound, read whole: refused, the last good list stays', async () => {
    const deep = `[{"assetId":"thing:1","type":"thing","name":"x","metrics":{"x":{"value":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}]`;
    expect(await refusedKeepingTheGoodList(deep)).toMatch(/^The asset list from the service is nested more than 32 levels deep/);
  });
});
