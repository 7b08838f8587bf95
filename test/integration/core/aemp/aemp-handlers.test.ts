// The fleet handlers (src-main/core/handlers/aemp.ts) with the real HTTP client against the demo service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSnapshot, EventChannel, FleetEvents, AempProgress } from '../../../../src-main/contract';
import { createAempHandlers } from '../../../../src-main/core/handlers/aemp';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import type { CoreContext, OfflineStore, StoredDocument } from '../../../../src-main/core/ports';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { startDemoService, type DemoService } from '../../../../src-main/demo/index';

const NOW = Date.UTC(2026, 2, 2, 15, 0, 0);
let service: DemoService;
let handlers: ReturnType<typeof createAempHandlers>;
const progress: AempProgress[] = [];

function memoryStore(snapshot: AssetSnapshot): OfflineStore {
  const docs = new Map<string, StoredDocument<unknown>>();
  return {
    notice: null,
    saveAssetSnapshot() {},
    loadAssetSnapshot: () => snapshot,
    trail: () => [],
    putDocument: (kind, key, value, fetchedAt) => void docs.set(`${kind}/${key}`, { value: structuredClone(value), fetchedAt }),
    getDocument: <T>(kind: string, key: string) => (docs.get(`${kind}/${key}`) as StoredDocument<T> | undefined) ?? null,
    prune() {},
    close() {},
  };
}

beforeAll(async () => {
  service = await startDemoService({ aempPageSize: 10, now: () => NOW });
  const http = createHttpClient(pinTokenSource({ getToken: async () => service.demoToken, handleUnauthorized: async () => false }, [service.aempUrl]), { sleep: async () => {}, random: () => 0.5 });
  const snapshot: AssetSnapshot = {
    profileId: 'demo',
    fetchedAt: new Date(NOW).toISOString(),
    source: 'cache',
    skipped: [],
    assets: service.sim.equipment.map((u) => ({
      assetId: u.assetId,
      type: u.type,
      name: u.name,
      ...(u.type === 'thing' ? { serialNumber: u.serialNumber ?? '' } : {}),
      embedUrl: null,
      metrics: null,
      lastUpdate: null,
      issues: [],
    })),
  };
  const store = memoryStore(snapshot);
  const assets = new AssetRepository('demo', store);
  const ctx = {
    userDataDir: '/nowhere',
    platform: { shell: 'web', version: '0', openExternal: async () => {} },
    emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
      if (name === 'aemp:progress') progress.push(payload as AempProgress);
    },
    connection: () => ({ profileId: 'demo', baseUrl: service.baseUrl, aempUrl: service.aempUrl, demo: true }),
    http: () => http,
    store: () => store,
    assets: () => assets,
    settings: () => {
      throw new Error('not used');
    },
  } satisfies CoreContext;
  handlers = createAempHandlers(ctx, { now: () => new Date(NOW) });
});

afterAll(async () => {
  await service.close();
});

describe('fleet handlers against the demo service', () => {
  it('lists, links to asset-list assets by serial number, then serves the cache when the network fails', async () => {
    const listing = await handlers['aemp:list']('2.0');
    const things = service.sim.equipment.filter((u) => u.type === 'thing');
    expect(listing.equipment).toHaveLength(things.length);
    listing.equipment.forEach((unit, i) => expect(unit.linkedAssetId).toBe(things[i].serialNumber ? things[i].assetId : null));
    expect(progress.at(-1)).toMatchObject({ version: '2.0', done: true });

    const unitId = things[2].equipmentId!;
    const history = await handlers['aemp:history'](unitId, 'FuelRemaining', '2026-03-01T00:00:00Z', '2026-03-01T12:00:00Z');
    expect(history.source).toBe('network');

    service.controls.setFaults({ resetRate: 1 });
    try {
      const cached = await handlers['aemp:list']('2.0');
      expect(cached.source).toBe('cache');
      expect(cached.equipment).toHaveLength(things.length);
      expect((await handlers['aemp:history'](unitId, 'FuelRemaining', '2026-03-01T00:00:00Z', '2026-03-01T12:00:00Z')).points).toEqual(history.points);
      await expect(handlers['aemp:history'](unitId, 'FuelRemaining', '2026-03-01T00:00:00Z', '2026-03-01T13:00:00Z')).rejects.toMatchObject({
        kind: 'offline',
        message: 'Not available offline: this history range has not been loaded before',
      });
    } finally {
      service.controls.clearFaults();
    }
  });

  it('reports an unknown unit as not-found', async () => {
    await expect(handlers['aemp:equipment']('1.2', 'UNKNOWNVIN')).rejects.toMatchObject({ kind: 'not-found' });
  });
});
