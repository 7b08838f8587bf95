/** The alert service hands the branch's sites to the place rules and keeps each machine's site across rule changes. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Asset, AssetSnapshot, Metric } from '../../../../src-main/contract';
import { AlertService } from '../../../../src-main/core/alerts/alert-service';
import type { AlertSite } from '../../../../src-main/core/alerts/places';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { AlertRulesStore } from '../../../../src-main/core/alerts/rules-store';
import type { OfflineStore } from '../../../../src-main/core/ports';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const memoryStore = (): OfflineStore => ({
  saveAssetSnapshot: () => undefined,
  loadAssetSnapshot: () => null,
  trail: () => [],
  putDocument: () => undefined,
  getDocument: () => null,
  prune: () => undefined,
  notice: null,
  close: () => undefined,
});

const YARD: AlertSite = { id: 's-000000a1', name: 'North yard', kind: 'yard' };
const START = Date.UTC(2026, 2, 10, 17, 0);

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = makeTempDir('fleet-place-service-')));
afterEach(() => cleanup());

function machine(lat: number, regions: string[], at: number): Asset {
  const m = (value: unknown): Metric => ({ value, meta: { collectedOn: new Date(at).toISOString(), source: 'test', other: {} } });
  return {
    assetId: 'thing:204',
    type: 'thing',
    name: 'EX-204',
    category: 'excavator',
    serialNumber: 'S',
    embedUrl: null,
    metrics: { gps: m({ lat, lng: -111.9 }), ignition: m(true), 'geo-regions': m(regions) },
    lastUpdate: new Date(at).toISOString(),
    issues: [],
  };
}

describe('place alerts in the alert service', () => {
  it('names sites from the injected look-ups and remembers where machines were across a rules change', () => {
    const rules = new AlertRulesStore(dir);
    const store = memoryStore();
    let onYard = true;
    const service = new AlertService({
      profileId: () => 'north',
      demo: () => false,
      store: () => store,
      rules,
      emit: () => {},
      log: () => {},
      siteOf: () => (onYard ? YARD : null),
      siteForRegion: (code) => (code === 'region:SLC-YARD' ? { name: 'North yard' } : null),
      hasSites: () => true,
    });
    const list = (minute: number, lat: number, regions: string[]): AssetSnapshot => ({
      profileId: 'north',
      assets: [machine(lat, regions, START + minute * 60_000 - 5_000)],
      skipped: [],
      fetchedAt: new Date(START + minute * 60_000).toISOString(),
      source: 'network',
    });
    expect(service.evaluate(list(0, 40.1, ['region:UT', 'region:SLC-YARD']))).toEqual([]);
    // A rules change rebuilds the checks; where the machine was is still known.
    rules.set('north', { ...defaultAlertRules(), quiet: true });
    onYard = false;
    const raised = service.evaluate(list(1, 40.2, ['region:UT']));
    expect(raised.map((a) => [a.rule, a.message]).sort()).toEqual([
      ['region', 'Left North yard'],
      ['site', 'Left North yard'],
    ]);
  });
});
