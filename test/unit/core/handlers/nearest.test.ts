import { describe, expect, it, vi } from 'vitest';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { rowOfAsset } from '../../../../src-main/core/assets/asset-row';
import { createNearestHandlers } from '../../../../src-main/core/handlers/nearest';
import { dispatchInvoke } from '../../../../src-main/core/ipc/validate-args';
import { distanceBetween, isParked, NearestIndex } from '../../../../src-main/core/places/nearest-index';
import { AssetListRenderer } from '../../../../src-main/demo/asset-list';
import { EmbedSigner } from '../../../../src-main/demo/embed/signer';
import { FleetSimulation } from '../../../../src-main/demo/sim';
import type { InvokeHandlers } from '../../../../src-main/contract';

const AT = Date.UTC(2026, 2, 10, 18, 30, 7);

function demoRows() {
  const renderer = new AssetListRenderer(new FleetSimulation(42, 300), new EmbedSigner(), 'http://127.0.0.1:9');
  return normalizeAssetList(JSON.parse(renderer.render(AT)), new Date(AT)).assets.map(rowOfAsset);
}

describe('nearest:query on the demo fleet', () => {
  const rows = demoRows();
  const handlers = createNearestHandlers(new NearestIndex(() => rows), () => 'in Salt Lake City, UT') as unknown as InvokeHandlers;
  const SLC = { lat: 40.7608, lng: -111.891 };

  it('lists the nearest machines first, each no nearer than the one before', async () => {
    const result = await handlers['nearest:query']({ ...SLC, limit: 25, categories: [], parkedOnly: false, excludeAssetId: null });
    expect(result.hits).toHaveLength(25);
    for (let i = 1; i < result.hits.length; i++) expect(result.hits[i].distanceM).toBeGreaterThanOrEqual(result.hits[i - 1].distanceM);
    const positioned = rows.filter((r) => r.type === 'thing' && r.lat !== null);
    expect(result.searched).toBe(positioned.length);
    const nearestByHand = Math.min(...positioned.map((r) => distanceBetween(SLC.lat, SLC.lng, r.lat as number, r.lng as number)));
    expect(result.hits[0].distanceM).toBeCloseTo(nearestByHand, 3);
  });

  it('keeps to the category asked for and to parked machines', async () => {
    const excavators = rows.filter((r) => r.category === 'excavator');
    expect(excavators.length).toBeGreaterThan(0);
    const result = await handlers['nearest:query']({ ...SLC, limit: 50, categories: ['excavator'], parkedOnly: true, excludeAssetId: null });
    const byId = new Map(rows.map((r) => [r.assetId, r]));
    for (const hit of result.hits) {
      expect(byId.get(hit.assetId)?.category).toBe('excavator');
      expect(isParked(byId.get(hit.assetId)!)).toBe(true);
    }
    expect(result.searched).toBe(excavators.filter((r) => r.lat !== null && isParked(r)).length);
  });

  it('leaves out the machine the look-up is around', async () => {
    const first = rows.find((r) => r.type === 'thing' && r.lat !== null)!;
    const result = await handlers['nearest:query']({ lat: first.lat!, lng: first.lng!, limit: 10, categories: [], parkedOnly: false, excludeAssetId: first.assetId });
    expect(result.hits.map((h) => h.assetId)).not.toContain(first.assetId);
  });

  it('refuses a limit other than 10, 25 or 50 with a sentence, before the handler', async () => {
    const answer = await dispatchInvoke(handlers, 'nearest:query', [{ ...SLC, limit: 1000 }]);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/^Ask for the nearest 10, 25 or 50/);
  });

  it('says where the point is in words', async () => {
    const result = await handlers['nearest:query']({ ...SLC, limit: 10, categories: [], parkedOnly: false, excludeAssetId: null });
    expect(result.place).toBe('in Salt Lake City, UT');
  });

  it('still answers, without words, when the gazetteer cannot be read', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = createNearestHandlers(new NearestIndex(() => rows), () => {
      throw new Error('cities.pbf: no such file');
    }) as unknown as InvokeHandlers;
    const result = await broken['nearest:query']({ ...SLC, limit: 10, categories: [], parkedOnly: false, excludeAssetId: null });
    expect(result.hits).toHaveLength(10);
    expect(result.place).toBeNull();
    expect(quiet).toHaveBeenCalledWith(expect.stringContaining('place names could not be read'));
    quiet.mockRestore();
  });
});
