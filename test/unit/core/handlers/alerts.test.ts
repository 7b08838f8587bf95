import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetSnapshot, Settings } from '../../../../src-main/contract';
import { AlertService } from '../../../../src-main/core/alerts/alert-service';
import { AlertRulesStore } from '../../../../src-main/core/alerts/rules-store';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { createAlertHandlers } from '../../../../src-main/core/handlers/alerts';
import type { CoreContext, OfflineStore, PlatformHooks } from '../../../../src-main/core/ports';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { asset, metric } from '../alerts/fixtures';

const NOW = new Date(2026, 2, 10, 9, 5, 0);
const pad = (n: number) => String(n).padStart(2, '0');
const STAMP = `${NOW.getFullYear()}${pad(NOW.getMonth() + 1)}${pad(NOW.getDate())}-${pad(NOW.getHours())}${pad(NOW.getMinutes())}`;

describe('alert handlers', () => {
  let dir: string;
  let cleanup: () => void;
  let store: OfflineStore;
  let platform: PlatformHooks;
  let service: AlertService;
  let announced: { name: string; payload: unknown }[];
  /** The counts the pages were last told (what acknowledging answers with). */
  const lastCounts = () => announced.filter((e) => e.name === 'alerts:counts').at(-1)?.payload;

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir());
    store = createStoreFactory(dir).open('demo');
    platform = { shell: 'web', version: '0.1.0', openExternal: async () => {} };
    announced = [];
    service = new AlertService({
      profileId: () => 'demo',
      demo: () => true,
      store: () => store,
      rules: new AlertRulesStore(dir),
      emit: (name, payload) => announced.push({ name, payload }),
      log: () => {},
    });
  });
  afterEach(() => {
    store.close();
    cleanup();
  });

  const handlers = () => {
    const ctx = {
      userDataDir: dir,
      platform,
      emit: () => {},
      connection: () => ({ profileId: 'demo', baseUrl: 'http://127.0.0.1:1/v1', aempUrl: 'http://127.0.0.1:1', demo: true }),
      http: () => {
        throw new Error('alert handlers must not use the network');
      },
      store: () => store,
      assets: () => new AssetRepository('demo', store),
      settings: () => ({}) as Settings,
    } satisfies CoreContext;
    return createAlertHandlers(ctx, service, { now: () => NOW });
  };

  const seed = () => {
    const at = '2026-03-10T15:00:00.000Z';
    const list: AssetSnapshot = {
      profileId: 'demo',
      assets: [asset('thing:1', { fuel: metric(4, at) }, { at, name: '=Truck' }), asset('thing:2', { fuel: metric(7, at) }, { at })],
      skipped: [],
      fetchedAt: at,
      source: 'network',
    };
    return service.evaluate(list);
  };

  it('serves the rules of the profile (demo defaults until saved) and saves valid ones', async () => {
    const h = handlers();
    expect(await h['alerts:rules']()).toEqual(defaultAlertRules({ demo: true }));
    const next = { ...defaultAlertRules(), quiet: true };
    expect(await h['alerts:setRules'](next)).toEqual(next);
    expect(await h['alerts:rules']()).toEqual(next);
    await expect(h['alerts:setRules']({ ...next, quiet: 1 } as never)).rejects.toMatchObject({ kind: 'invalid-argument' });
  });

  it('lists and acknowledges from the store, without the network; the counts after acknowledging go out as alerts:counts, not as the answer', async () => {
    const [first] = seed();
    const h = handlers();
    const list = await h['alerts:list']({ unacknowledgedOnly: false, rule: null });
    expect([list.total, list.unacknowledged, list.alerts.length]).toEqual([2, 2, 2]);
    expect(await h['alerts:acknowledge']([first.id])).toBeUndefined();
    expect(lastCounts()).toEqual({ profileId: 'demo', total: 2, unacknowledged: 1 });
    expect((await h['alerts:list']({ unacknowledgedOnly: true, rule: 'low-fuel' })).alerts).toHaveLength(1);
    expect(await h['alerts:acknowledge']('all')).toBeUndefined();
    expect(lastCounts()).toEqual({ profileId: 'demo', total: 2, unacknowledged: 0 });
  });

  it('exports the log as a CSV download in the web shell, and through the save dialog in Electron', async () => {
    seed();
    const web = await handlers()['export:alertsCsv']({ unacknowledgedOnly: false, rule: null });
    expect(web).toMatchObject({ fileName: `fleet-alerts-${STAMP}.csv`, mimeType: 'text/csv', count: 2 });
    expect(web.content).toContain("'=Truck");

    const saveFile = vi.fn(async () => '/home/d/fleet-alerts.csv');
    platform = { ...platform, shell: 'electron', saveFile };
    expect(await handlers()['export:alertsCsv']({ unacknowledgedOnly: false, rule: null })).toEqual({ fileName: '/home/d/fleet-alerts.csv', mimeType: 'text/csv', count: 2 });
    expect(saveFile).toHaveBeenCalledWith(`fleet-alerts-${STAMP}.csv`, expect.stringContaining('time,asset'), 'text/csv');
    platform = { ...platform, saveFile: async () => null };
    expect((await handlers()['export:alertsCsv']({ unacknowledgedOnly: false, rule: null })).cancelled).toBe(true);
    await expect(handlers()['export:alertsCsv']({ unacknowledgedOnly: false, rule: 'stale' })).rejects.toMatchObject({ kind: 'not-found' });
  });
});
