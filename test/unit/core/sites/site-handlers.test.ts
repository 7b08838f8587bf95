import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { createSiteHandlers } from '../../../../src-main/core/handlers/sites';
import type { CoreContext, OfflineStore, PlatformHooks } from '../../../../src-main/core/ports';
import { SiteService } from '../../../../src-main/core/sites/site-service';
import { readSitesGeoJson } from '../../../../src-main/core/sites/sites-geojson';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { box } from './site-shapes';

const AT = new Date('2026-11-01T08:05:00Z');
let dir: string;
let cleanup: () => void;
let store: OfflineStore;

function handlers(platform: PlatformHooks) {
  const repository = new AssetRepository('p1', store);
  const sites = new SiteService({ profileId: () => 'p1', store: () => store, assets: () => repository, emit: () => {}, now: () => AT });
  return createSiteHandlers({ platform } as CoreContext, sites, { now: () => AT });
}

beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
  store = createStoreFactory(dir).open('p1');
  store.saveAssetSnapshot(makeSnapshot(3, AT, 'p1'));
});
afterEach(() => {
  store.close();
  cleanup();
});

describe('sites handlers', () => {
  it('exports the sites as GeoJSON the import reads back, as a download in the web shell', async () => {
    const calls = handlers({ shell: 'web', version: '0', openExternal: async () => {} });
    await calls['sites:save']({ name: 'North yard', kind: 'yard', shape: { type: 'polygon', rings: [box(-111.01, 39.99, -110.99, 40.01)] } });
    const result = await calls['sites:export']();
    expect(result).toMatchObject({ fileName: 'fleet-sites-20261101-0805.geojson', mimeType: 'application/geo+json', count: 1 });
    expect(readSitesGeoJson(result.content!, null).map((s) => s.name)).toEqual(['North yard']);
  });

  it('saves through the shell\u2019s dialog when it has one, and says when the dispatcher cancelled', async () => {
    const saved: string[] = [];
    const calls = handlers({ shell: 'electron', version: '0', openExternal: async () => {}, saveFile: async (name) => (saved.push(name), saved.length > 1 ? null : `/home/d/${name}`) });
    expect(await calls['sites:export']()).toEqual({ fileName: '/home/d/fleet-sites-20261101-0805.geojson', mimeType: 'application/geo+json', count: 0 });
    expect(await calls['sites:export']()).toMatchObject({ cancelled: true });
  });
});
