import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throughIpc } from '../ipc/through-ipc';
import type { Asset, AssetSnapshot, Settings } from '../../../../src-main/contract';
import { createOfflineHandlers } from '../../../../src-main/core/handlers/offline';
import type { CoreContext, OfflineStore, PlatformHooks } from '../../../../src-main/core/ports';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const NOW = new Date(2026, 2, 1, 9, 5, 0); // local time: the file names use the user's clock
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');
const STAMP = `${NOW.getFullYear()}${pad(NOW.getMonth() + 1)}${pad(NOW.getDate())}-${pad(NOW.getHours())}${pad(NOW.getMinutes())}`;

function asset(id: string, name: string, lat: number, collectedOn: string): Asset {
  return {
    assetId: id,
    type: id.startsWith('area') ? 'area' : 'thing',
    name,
    embedUrl: null,
    metrics: { gps: { value: { lat, lng: -111 }, meta: { collectedOn, source: 'gps', other: {} } }, fuel: { value: lat, meta: { collectedOn, source: 'can', other: {} } } },
    lastUpdate: collectedOn,
    issues: [],
  };
}

const snapshot = (assets: Asset[], fetchedAt: string): AssetSnapshot => ({ profileId: 'demo', assets, skipped: [], fetchedAt, source: 'network' });

describe('offline handlers', () => {
  let cleanup: () => void;
  let store: OfflineStore;
  let platform: PlatformHooks;

  beforeEach(() => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    store = createStoreFactory(temp.dir).open('demo');
    platform = { shell: 'web', version: '0.1.0', openExternal: async () => {} };
  });
  afterEach(() => {
    store.close();
    cleanup();
  });

  let settings = {} as Settings;
  const handlers = () => {
    const ctx = {
      userDataDir: '/unused',
      platform,
      emit: () => {},
      connection: () => ({ profileId: 'demo', baseUrl: 'http://127.0.0.1:1/v1', aempUrl: 'http://127.0.0.1:1', demo: true }),
      http: () => {
        throw new Error('offline handlers must not use the network');
      },
      store: () => store,
      assets: () => assets,
      settings: () => settings,
    } satisfies CoreContext;
    const assets = new AssetRepository('demo', store);
    return createOfflineHandlers(ctx, { now: () => NOW });
  };

  const seed = () => {
    store.saveAssetSnapshot(snapshot([asset('thing:1', 'Grader', 1, hoursAgo(30)), asset('thing:2', 'Dozer', 2, hoursAgo(30))], hoursAgo(30)));
    store.saveAssetSnapshot(snapshot([asset('thing:1', 'Grader', 3, hoursAgo(5)), asset('thing:2', 'Dozer', 4, hoursAgo(2)), asset('area:9', 'Yard', 5, hoursAgo(1))], hoursAgo(1)));
  };

  describe('argument checks (the IPC table, before the handler runs)', () => {
    const expectInvalid = async (promise: Promise<unknown>, message: RegExp) => {
      await expect(promise).rejects.toMatchObject({ name: 'FleetError', kind: 'invalid-argument' });
      await expect(promise).rejects.toThrow(message);
    };

    it('refuses asset ids that are not thing:<n> or area:<n>', async () => {
      const h = handlers();
      await expectInvalid(throughIpc(h, 'trail:get', ['truck:1', 24]), /An asset id looks like thing:123 or area:45/);
      await expectInvalid(throughIpc(h, 'trail:get', ['thing:', 24]), /looks like thing:123/);
      await expectInvalid(throughIpc(h, 'trail:get', ['thing:1; DROP TABLE', 24]), /looks like thing:123/);
      await expectInvalid(throughIpc(h, 'trail:get', [7, 24]), /must be text/);
      await expectInvalid(throughIpc(h, 'export:assetsCsv', [['thing:1', 'x']]), /looks like thing:123/);
      await expectInvalid(throughIpc(h, 'export:assetsCsv', ['thing:1']), /list of asset ids/);
      await expectInvalid(throughIpc(h, 'export:assetsCsv', [[]]), /at least one asset/);
    });

    it('refuses time spans outside 1 hour to 90 days', async () => {
      const h = handlers();
      for (const hours of [0, 0.5, 2161, -3, Number.NaN, Number.POSITIVE_INFINITY, '24']) {
        await expectInvalid(throughIpc(h, 'trail:get', ['thing:1', hours]), /Look back 1 hour to 90 days \(2,160 hours\)/);
      }
      await expectInvalid(throughIpc(h, 'export:positionsGeoJson', [['thing:1'], 9999]), /Look back 1 hour to 90 days/);
      await expect(throughIpc(h, 'trail:get', ['area:12', 2160])).resolves.toEqual([]);
      await expect(throughIpc(h, 'trail:get', ['thing:12', 1])).resolves.toEqual([]);
    });
  });

  it('returns the trail of the asked hours, oldest first', async () => {
    seed();
    const h = handlers();
    expect(await h['trail:get']('thing:1', 48)).toEqual([
      { lat: 1, lng: -111, collectedOn: hoursAgo(30) },
      { lat: 3, lng: -111, collectedOn: hoursAgo(5) },
    ]);
    expect((await h['trail:get']('thing:1', 24)).map((p) => p.lat)).toEqual([3]);
  });

  describe('CSV export', () => {
    it('says so when there is nothing saved yet', async () => {
      await expect(handlers()['export:assetsCsv'](['thing:1'])).rejects.toMatchObject({ kind: 'not-found', message: expect.stringMatching(/no saved asset list/) });
    });

    it('returns a download in the web shell with the assets in the given order', async () => {
      seed();
      const result = await handlers()['export:assetsCsv'](['area:9', 'thing:404', 'thing:1', 'area:9']);
      expect(result).toMatchObject({ fileName: `fleet-assets-${STAMP}.csv`, mimeType: 'text/csv', count: 2 });
      const lines = result.content!.replace('\uFEFF', '').trim().split('\r\n');
      expect(lines.map((line) => line.split(',')[0])).toEqual(['Asset id', 'area:9', 'thing:1']);
      expect(lines[2]).toContain('Grader');
    });

    it('writes the odometer in the distance unit of the settings', async () => {
      const withOdometer = (a: Asset): Asset => ({ ...a, metrics: { ...a.metrics, odometer: { value: 160_934_400, meta: { collectedOn: a.lastUpdate!, source: 'can', other: {} } } } });
      store.saveAssetSnapshot(snapshot([withOdometer(asset('thing:1', 'Grader', 1, hoursAgo(1)))], hoursAgo(1)));
      settings = { units: 'imperial' } as Settings;
      const imperial = (await handlers()['export:assetsCsv'](['thing:1'])).content!;
      settings = { units: 'metric' } as Settings;
      const metric = (await handlers()['export:assetsCsv'](['thing:1'])).content!;
      expect(imperial.split('\r\n')[0]).toContain('Odometer (mi)');
      expect(imperial.split('\r\n')[1]).toMatch(/,1000$/);
      expect(metric.split('\r\n')[0]).toContain('Odometer (km)');
      expect(metric.split('\r\n')[1]).toMatch(/,1609\.34$/);
    });

    it('refuses when none of the ids are in the saved list', async () => {
      seed();
      await expect(handlers()['export:assetsCsv'](['thing:404'])).rejects.toMatchObject({ kind: 'not-found' });
    });

    it('saves through the platform dialog in Electron and returns the path', async () => {
      seed();
      const saveFile = vi.fn(async (name: string) => `/home/dispatcher/${name}`);
      platform = { ...platform, shell: 'electron', saveFile };
      const result = await handlers()['export:assetsCsv'](['thing:2']);
      expect(saveFile).toHaveBeenCalledWith(`fleet-assets-${STAMP}.csv`, expect.stringContaining('thing:2,Dozer'), 'text/csv');
      expect(result).toEqual({ fileName: `/home/dispatcher/fleet-assets-${STAMP}.csv`, mimeType: 'text/csv', count: 1 });
    });

    it('reports a cancelled save dialog', async () => {
      seed();
      platform = { ...platform, shell: 'electron', saveFile: async () => null };
      expect(await handlers()['export:assetsCsv'](['thing:2'])).toEqual({ fileName: `fleet-assets-${STAMP}.csv`, mimeType: 'text/csv', count: 1, cancelled: true });
    });

    it('turns a failed save into a storage error', async () => {
      seed();
      platform = { ...platform, shell: 'electron', saveFile: async () => Promise.reject(new Error('EACCES: permission denied')) };
      await expect(handlers()['export:assetsCsv'](['thing:2'])).rejects.toMatchObject({ kind: 'storage', message: expect.stringMatching(/Could not save fleet-assets-.*EACCES/) });
    });
  });

  it('exports observed positions of the asked hours as GeoJSON', async () => {
    seed();
    const result = await handlers()['export:positionsGeoJson'](['thing:1', 'thing:2', 'thing:77'], 48);
    expect(result).toMatchObject({ fileName: `fleet-positions-${STAMP}.geojson`, mimeType: 'application/geo+json', count: 2 });
    const collection = JSON.parse(result.content!);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f: { properties: { name: string }; geometry: { type: string } }) => `${f.properties.name} ${f.geometry.type}`)).toEqual([
      'Grader LineString',
      'Grader Point',
      'Dozer LineString',
      'Dozer Point',
    ]);
    expect(collection.features[1].geometry.coordinates).toEqual([-111, 3]);
    expect(collection.features[1].properties).toMatchObject({ assetId: 'thing:1', fuel: expect.any(Number), lastSeen: expect.any(String), site: null });
    expect(collection.features[1].properties.state).toMatch(/^(stale|moving|ignition on|ignition off|reporting)$/);
    const recent = JSON.parse((await handlers()['export:positionsGeoJson'](['thing:1'], 24)).content!);
    expect(recent.features.map((f: { geometry: { type: string } }) => f.geometry.type)).toEqual(['Point']);
  });
});
