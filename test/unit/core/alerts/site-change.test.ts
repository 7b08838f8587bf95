import { describe, expect, it } from 'vitest';
import { defaultPlaceRules, type AlertRules } from '../../../../src-main/contract';
import { ruleChecks } from '../../../../src-main/core/alerts/evaluate';
import { SiteMemory, type AlertPlaces, type AlertSite } from '../../../../src-main/core/alerts/places';
import { regionCheck } from '../../../../src-main/core/alerts/region';
import { defaultAlertRules, everyAsset } from '../../../../src-main/core/alerts/rules-schema';
import { siteChangeCheck } from '../../../../src-main/core/alerts/site-change';
import { asset, metric, Run } from './fixtures';

const NORTH_YARD: AlertSite = { id: 's-0000000a', name: 'North yard', kind: 'yard' };
const DAYBREAK: AlertSite = { id: 's-0000000b', name: 'Daybreak job', kind: 'job' };
const CUSTOMER: AlertSite = { id: 's-0000000c', name: 'Acme Builders', kind: 'customer' };

/** Sites as the sites service would answer: set `on` before each step. */
class FakePlaces implements AlertPlaces {
  on = new Map<string, AlertSite | null>();
  regions = new Map<string, string>();
  siteOf(assetId: string): AlertSite | null {
    return this.on.get(assetId) ?? null;
  }
  siteForRegion(code: string): { name: string } | null {
    const name = this.regions.get(code);
    return name ? { name } : null;
  }
  hasSites(): boolean {
    return true;
  }
}

type Rule = AlertRules['site'];
function setup(patch: Partial<Rule> = {}) {
  const places = new FakePlaces();
  const memory = new SiteMemory();
  const r = new Run(() => [siteChangeCheck({ ...defaultPlaceRules().site, ...patch }, places, memory)]);
  return { places, memory, r };
}

const T = '2026-03-10T15:00:00.000Z';
let tick = 0;
/** EX-204 reporting at a position (a new one each time unless `same`). */
function at(lat: number, id = 'thing:204') {
  tick += 1;
  const time = new Date(Date.parse(T) + tick * 60_000).toISOString();
  return asset(id, { gps: metric({ lat, lng: -111.9 }, time) }, { at: time, name: 'EX-204' });
}

describe('entered or left a site', () => {
  it('does not raise at the first look (a start), then raises on leaving and entering with the site names', () => {
    const { places, r } = setup();
    places.on.set('thing:204', NORTH_YARD);
    expect(r.step([at(40.1)], T).raised).toEqual([]);
    places.on.set('thing:204', null);
    const left = r.step([at(40.2)], T).raised;
    expect(left.map((a) => [a.key, a.message, a.value])).toEqual([[`leave:${NORTH_YARD.id}`, 'Left North yard', 'North yard']]);
    places.on.set('thing:204', DAYBREAK);
    const entered = r.step([at(40.3)], T);
    expect(entered.raised.map((a) => a.message)).toEqual(['Entered Daybreak job']);
    // Still off North yard: its "left" alert stays open.
    expect(entered.cleared).toEqual([]);
  });

  it('after a start, a machine the rule has not looked at yet is only remembered, though the cached list says it moved', () => {
    const { places, memory, r } = setup();
    r.step([at(40.1)], T);
    memory.clear(); // a new run: the previous list comes from the cache, the sites seen are gone
    places.on.set('thing:204', NORTH_YARD);
    expect(r.step([at(40.2)], T).raised).toEqual([]);
    places.on.set('thing:204', null);
    expect(r.step([at(40.3)], T).raised.map((a) => a.message)).toEqual(['Left North yard']);
  });

  it('moving from one site straight to another is one shown alert with the other merged', () => {
    const { places, r } = setup();
    places.on.set('thing:204', NORTH_YARD);
    r.step([at(40.1)], T);
    places.on.set('thing:204', DAYBREAK);
    const step = r.step([at(40.3)], T);
    expect(step.raised).toHaveLength(1);
    expect(step.raised[0].merged).toBe(1);
  });

  it('stays one alert while the machine stays, and clears on coming back', () => {
    const { places, r } = setup({ on: 'leave' });
    places.on.set('thing:204', NORTH_YARD);
    r.step([at(40.1)], T);
    places.on.set('thing:204', null);
    expect(r.step([at(40.2)], T).raised).toHaveLength(1);
    const still = r.step([at(40.25)], T);
    expect([still.raised.length, still.cleared.length]).toEqual([0, 0]);
    places.on.set('thing:204', NORTH_YARD);
    const back = r.step([at(40.1)], T);
    expect(back.cleared).toHaveLength(1);
    expect(back.raised).toEqual([]); // "enter" is not watched by this rule
  });

  it('raises nothing when the site changed but the machine did not move (a site drawn around it)', () => {
    const { places, r } = setup();
    const parked = at(40.1);
    r.step([parked], T);
    places.on.set('thing:204', NORTH_YARD);
    expect(r.step([{ ...parked, name: 'EX-204 renamed' }], T).raised).toEqual([]);
    // ... and it is now known to be on the yard: leaving it raises.
    places.on.set('thing:204', null);
    expect(r.step([at(40.2)], T).raised.map((a) => a.message)).toEqual(['Left North yard']);
  });

  it('watches only the chosen kinds or the named sites', () => {
    const byKind = setup({ siteKinds: ['job'] });
    byKind.places.on.set('thing:204', NORTH_YARD);
    byKind.r.step([at(40.1)], T);
    byKind.places.on.set('thing:204', DAYBREAK);
    expect(byKind.r.step([at(40.3)], T).raised.map((a) => a.message)).toEqual(['Entered Daybreak job']);

    const named = setup({ siteIds: [CUSTOMER.id] });
    named.places.on.set('thing:204', NORTH_YARD);
    named.r.step([at(40.1)], T);
    named.places.on.set('thing:204', DAYBREAK);
    expect(named.r.step([at(40.3)], T).raised).toEqual([]);
    named.places.on.set('thing:204', CUSTOMER);
    expect(named.r.step([at(40.4)], T).raised.map((a) => a.message)).toEqual(['Entered Acme Builders']);
  });

  it('watches only its asset scope', () => {
    const { places, r } = setup({ scope: { categories: ['excavator'], assetIds: [], selectionName: null } });
    places.on.set('thing:204', NORTH_YARD);
    r.step([at(40.1)], T);
    places.on.set('thing:204', null);
    expect(r.step([at(40.2)], T).raised).toEqual([]);
  });

  it('forgets where machines were while the rule is off, so turning it on raises nothing at once', () => {
    const places = new FakePlaces();
    const memory = new SiteMemory();
    const rules = defaultAlertRules();
    places.on.set('thing:204', NORTH_YARD);
    ruleChecks(rules, Date.parse(T), places, memory).find((c) => c.rule === 'site')!.check(at(40.1), undefined, { active() {}, hold() {}, isOpen: () => false, openKeys: () => [] });
    expect(memory.has('thing:204')).toBe(true);
    ruleChecks({ ...rules, site: { ...rules.site, enabled: false } }, Date.parse(T), places, memory);
    expect(memory.has('thing:204')).toBe(false);
  });
});

describe('region codes named by their sites', () => {
  it('uses the name of the site whose region code it is, and the code where there is none', () => {
    const places = new FakePlaces();
    places.regions.set('region:SLC-YARD', 'North yard');
    const r = new Run(() => [regionCheck({ enabled: true, regions: [], on: 'both', scope: everyAsset() }, places)]);
    const regions = (...codes: string[]) => [asset('thing:1', { 'geo-regions': metric(codes, T) })];
    r.step(regions('region:UT', 'region:SLC-YARD', 'region:ID'), T);
    const step = r.step(regions('region:UT'), T);
    expect(step.raised[0].message).toBe('Left North yard (and 1 more: Left ID)');
  });
});

