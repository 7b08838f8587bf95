/** A small asset list of real rows (the core's row builder), for the wire-form tests of the core's thread. */
import type { AssetRowSnapshot } from '../../../../src-main/contract';
import { assetRow } from '../../../../src-main/core/assets/asset-row';

const at = '2026-11-23T12:00:00.000Z';

export function rowSnapshot(): AssetRowSnapshot {
  const assets = [1, 2, 3].map((n) =>
    assetRow({
      assetId: `thing:${n}`,
      type: 'thing',
      name: `Truck ${n}`,
      lastUpdate: at,
      ...(n === 2 ? { serialNumber: 'SN-2', category: 'truck' } : {}),
      metrics: {
        gps: { value: { lat: 40 + n, lng: -111 }, meta: { collectedOn: at } },
        fuel: { value: 50 + n, meta: { collectedOn: '2026-11-23T11:59:58.500Z' } },
        ...(n === 3 ? { speed: { value: 'fast', meta: { collectedOn: at } } } : {}),
      },
      issues: [],
    } as never),
  );
  return { profileId: 'demo', assets, skipped: [], fetchedAt: at, source: 'cache' };
}
