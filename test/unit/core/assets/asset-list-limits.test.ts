/**
 * Bounded work on hostile input, for the asset list: text fields longer than MAX_FIELD_CHARS are cut
 * with a visible mark and an issue; a list with more than MAX_ASSETS_PER_LIST assets is
 * refused with a clear error (the last good list stays); the list is asked for with
 * the asset-list byte limit.
 */
import { describe, expect, it } from 'vitest';
import type { AssetSnapshot } from '../../../../src-main/contract';
import { jsonNeedsCleaning, normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { FleetError } from '../../../../src-main/core/errors';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { refreshAssets } from '../../../../src-main/core/handlers/assets';
import { CUT_MARK, MAX_ASSET_LIST_BYTES, MAX_ASSETS_PER_LIST, MAX_FIELD_CHARS } from '../../../../src-main/core/limits';
import type { CoreContext, HttpRequest, OfflineStore } from '../../../../src-main/core/ports';
import { DEFAULT_SETTINGS } from '../../../../src-main/core/settings/settings-schema';

const NOW = new Date('2026-03-01T10:00:00Z');
const long = (n: number, c = 'x') => c.repeat(n);
const metric = (value: unknown) => ({ value, meta: { collectedOn: '2026-03-01T09:00:00Z', source: 'can-bus', other: {} } });

describe('text fields longer than the limit', () => {
  it('are cut to the limit with a visible mark, and an issue says so', () => {
    const list = [
      {
        assetId: 'thing:1',
        type: 'thing',
        name: long(5000, 'n'),
        category: long(MAX_FIELD_CHARS + 1, 'c'),
        serialNumber: long(MAX_FIELD_CHARS, 's'), // exactly the limit: kept whole
        urls: {},
        metrics: { 'time-zone': metric(long(20_000, 'z')), 'vendor-x': metric({ deep: [long(3000, 'd')] }) },
      },
    ];
    const [asset] = normalizeAssetList(list, NOW).assets;
    expect(asset.name).toHaveLength(MAX_FIELD_CHARS);
    expect(asset.name.endsWith(CUT_MARK)).toBe(true);
    expect(asset.category).toHaveLength(MAX_FIELD_CHARS);
    expect(asset.serialNumber).toBe(long(MAX_FIELD_CHARS, 's'));
    expect(asset.metrics?.['time-zone'].value).toHaveLength(MAX_FIELD_CHARS);
    expect((asset.metrics?.['vendor-x'].value as { deep: string[] }).deep[0]).toHaveLength(MAX_FIELD_CHARS);
    const cut = asset.issues.filter((i) => /cut/i.test(i.message));
    expect(cut.map((i) => i.path).sort()).toEqual(['$[0].category', '$[0].metrics.time-zone.value', '$[0].metrics.vendor-x.value.deep[0]', '$[0].name'].sort());
    expect(cut[0].message).toContain(MAX_FIELD_CHARS.toLocaleString('en-US'));
  });

  it('does not split a surrogate pair when cutting', () => {
    const [asset] = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: '😀'.repeat(MAX_FIELD_CHARS) }], NOW).assets;
    expect(asset.name.length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
    expect(/[\uD800-\uDBFF]$/.test(asset.name.slice(0, -1))).toBe(false);
  });
});

describe('the raw-body check that skips the cleaning pass', () => {
  const clean = JSON.stringify([{ assetId: 'thing:1', type: 'thing', name: 'Truck "7"', metrics: { x: metric(long(MAX_FIELD_CHARS - 10)) } }]);

  it('lets a clean body through', () => {
    expect(jsonNeedsCleaning(clean)).toBe(false);
  });

  it.each([
    ['a long string', JSON.stringify([{ name: long(MAX_FIELD_CHARS + 1) }])],
    ['a long string broken up by escaped quotes', JSON.stringify([{ name: '\\"'.repeat(MAX_FIELD_CHARS) }])],
    ['a long string broken up by escaped quotes (raw)', `[{"name":"${'\\"'.repeat(MAX_FIELD_CHARS)}"}]`],
    ['a long key', JSON.stringify([{ [long(MAX_FIELD_CHARS + 5)]: 1 }])],
  ])('catches %s', (_what, body) => {
    expect(jsonNeedsCleaning(body)).toBe(true);
  });
});

describe('an asset list with too many assets', () => {
  it(`is refused above ${MAX_ASSETS_PER_LIST.toLocaleString('en-US')} assets, naming the limit`, () => {
    const list = Array.from({ length: MAX_ASSETS_PER_LIST + 1 }, (_, i) => ({ assetId: `thing:${i + 1}`, type: 'thing', name: 'x' }));
    let error: unknown = null;
    try {
      normalizeAssetList(list, NOW);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FleetError);
    expect((error as FleetError).message).toContain(MAX_ASSETS_PER_LIST.toLocaleString('en-US'));
    expect((error as FleetError).message).toMatch(/kept/);
  });

  it('leaves the stored and shown list as it was', async () => {
    let saved: AssetSnapshot | null = null;
    const emitted: string[] = [];
    const requests: HttpRequest[] = [];
    const body = JSON.stringify(Array.from({ length: MAX_ASSETS_PER_LIST + 1 }, (_, i) => ({ assetId: `thing:${i + 1}`, type: 'thing', name: 'x' })));
    const store = { saveAssetSnapshot: (s: AssetSnapshot) => (saved = s), loadAssetSnapshot: () => saved } as unknown as OfflineStore;
    const repository = new AssetRepository('p', store);
    const ctx = {
      connection: () => ({ profileId: 'p', baseUrl: 'https://svc.example/v1', aempUrl: '', demo: false }),
      http: () => ({
        get: async (req: HttpRequest) => {
          requests.push(req);
          return { status: 200, headers: {}, body, url: req.url };
        },
      }),
      store: () => store,
      assets: () => repository,
      emit: (name: string) => emitted.push(name),
      settings: () => DEFAULT_SETTINGS,
    } as unknown as CoreContext;
    await expect(refreshAssets(ctx, () => NOW)).rejects.toMatchObject({ kind: 'bad-payload' });
    expect(saved).toBeNull();
    expect(emitted).toEqual([]);
    expect(requests[0].maxBytes).toBe(MAX_ASSET_LIST_BYTES);
  });
});
