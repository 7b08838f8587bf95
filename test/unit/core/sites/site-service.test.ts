import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SITES, type Asset, type EventChannel, type FleetEvents, type SitesChange } from '../../../../src-main/contract';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { smallChange } from '../../../../src-main/core/handlers/assets';
import type { OfflineStore } from '../../../../src-main/core/ports';
import { seededSiteId, SiteService } from '../../../../src-main/core/sites/site-service';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeAsset, makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { box, site } from './site-shapes';

const T0 = new Date('2026-11-01T08:00:00Z');
// makeAsset puts asset i (under 1,000) at latitude 40 + i/1000, longitude -111.
const AROUND_FIRST_THREE = { type: 'polygon' as const, rings: [box(-111.001, 39.9995, -110.999, 40.0025)] };

let dir: string;
let cleanup: () => void;
let store: OfflineStore;
let repository: AssetRepository;
let changes: SitesChange[];
let clock: Date;

function service(): SiteService {
  return new SiteService({
    profileId: () => 'p1',
    store: () => store,
    assets: () => repository,
    emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
      if (name === 'sites:changed') changes.push(payload as SitesChange);
    },
    now: () => clock,
  });
}

function reopen(): void {
  store.close();
  store = createStoreFactory(dir).open('p1');
  repository = new AssetRepository('p1', store);
}

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('it was accepted');
}

beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
  store = createStoreFactory(dir).open('p1');
  store.saveAssetSnapshot(makeSnapshot(10, T0, 'p1'));
  repository = new AssetRepository('p1', store);
  changes = [];
  clock = T0;
});
afterEach(() => {
  store.close();
  cleanup();
});

describe('the site service', () => {
  it('announces the branch whole when opened: no sites, every machine off them', () => {
    service().open();
    expect(changes).toHaveLength(1);
    expect(changes[0].sites).toEqual([]);
    expect(Object.keys(changes[0].presence)).toHaveLength(10);
    expect(Object.values(changes[0].presence).every((p) => p?.siteId === null && p.sinceAtLeast)).toBe(true);
  });

  it('creates a site with a new id and announces the sites and the machines that moved onto it only', () => {
    const sites = service();
    sites.open();
    clock = new Date(T0.getTime() + 60_000);
    const made = sites.save({ name: 'North yard', kind: 'yard', shape: AROUND_FIRST_THREE });
    expect(made.id).toMatch(/^s-[0-9a-f]{16}$/);
    expect(made).toMatchObject({ notes: '', regionCode: null, createdAt: clock.getTime(), updatedAt: clock.getTime() });
    const change = changes.at(-1)!;
    expect(change.sites).toEqual([made]);
    expect(Object.keys(change.presence).sort()).toEqual(['thing:1', 'thing:2', 'thing:3']);
    expect(change.presence['thing:1']).toEqual({ siteId: made.id, since: clock.getTime(), sinceAtLeast: true, place: null });
    expect(sites.siteOf('thing:2')?.id).toBe(made.id);
    expect(sites.siteOf('thing:9')).toBeNull();
  });

  it('refuses a shape that crosses itself and keeps the sites it had', () => {
    const sites = service();
    sites.open();
    const bowtie = { type: 'polygon' as const, rings: [[[-112, 40], [-111.9, 40.1], [-111.9, 40], [-112, 40.1], [-112, 40]] as [number, number][]] };
    expect(refusal(() => sites.save({ name: 'Bad', kind: 'yard', shape: bowtie }))).toMatch(/^Its edges cross each other/);
    expect(sites.state().sites).toEqual([]);
    expect(store.siteStore!().list()).toEqual([]);
  });

  it('holds at most MAX_SITES sites, and still lets one of them change', () => {
    const many = Array.from({ length: MAX_SITES }, (_, k) => site(`s-${k.toString(16).padStart(8, '0')}`, { type: 'circle', center: [10, 10], radiusM: 50 }));
    store.siteStore!().change({ put: many, remove: [] });
    const sites = service();
    sites.open();
    expect(refusal(() => sites.save({ name: 'One more', kind: 'yard', shape: AROUND_FIRST_THREE }))).toBe('A branch can hold at most 2,000 sites; delete one before adding another.');
    expect(sites.save({ id: many[0].id, name: 'Renamed', kind: 'job', shape: AROUND_FIRST_THREE }).name).toBe('Renamed');
    expect(store.siteStore!().list()).toHaveLength(MAX_SITES);
  });

  it('names the site standing for a region code, with or without the prefix and in any case, and says whether the branch has sites', () => {
    const sites = service();
    sites.open();
    expect(sites.hasSites()).toBe(false);
    expect(sites.forRegion('region:SLC-YARD')).toBeNull();
    const yard = sites.save({ name: 'Salt Lake yard', kind: 'yard', shape: AROUND_FIRST_THREE, regionCode: 'slc-yard' });
    sites.save({ name: 'Other', kind: 'job', shape: { type: 'circle', center: [-100, 35], radiusM: 300 } });
    expect(sites.hasSites()).toBe(true);
    expect(sites.forRegion('region:SLC-YARD')?.id).toBe(yard.id);
    expect(sites.forRegion('SLC-yard')?.id).toBe(yard.id);
    expect(sites.forRegion('region:SLC')).toBeNull();
    expect(sites.forRegion('')).toBeNull();
  });

  it('undoes a delete by saving the site again under its id', () => {
    const sites = service();
    sites.open();
    const made = sites.save({ name: 'North yard', kind: 'yard', shape: AROUND_FIRST_THREE });
    sites.remove(made.id);
    expect(sites.siteOf('thing:1')).toBeNull();
    expect(changes.at(-1)!.presence['thing:1']?.siteId).toBeNull();
    const back = sites.save({ id: made.id, name: made.name, kind: made.kind, shape: made.shape });
    expect(back.id).toBe(made.id);
    expect(sites.siteOf('thing:1')?.id).toBe(made.id);
    expect(refusal(() => sites.remove('s-deadbeef'))).toBe('That site does not exist any more.');
  });

  it('imports all features or none, and replaces a site of the same name and kind', () => {
    const sites = service();
    sites.open();
    const made = sites.save({ name: 'North yard', kind: 'yard', notes: 'old', shape: AROUND_FIRST_THREE });
    const good = { type: 'Feature', properties: { name: 'North yard', kind: 'yard', notes: 'new' }, geometry: { type: 'Polygon', coordinates: AROUND_FIRST_THREE.rings } };
    const other = { type: 'Feature', properties: { name: 'Quarry', kind: 'job', radius_m: 200 }, geometry: { type: 'Point', coordinates: [-111, 40.008] } };
    const bad = { type: 'Feature', properties: { name: 'Road' }, geometry: { type: 'LineString', coordinates: [[-111, 40], [-111, 40.1]] } };
    expect(refusal(() => sites.importGeoJson(JSON.stringify({ type: 'FeatureCollection', features: [good, other, bad] })))).toMatch(/^Feature 3 \(Road\)/);
    expect(store.siteStore!().list()).toEqual([made]);

    const result = sites.importGeoJson(JSON.stringify({ type: 'FeatureCollection', features: [good, other] }));
    expect(result).toEqual({ imported: 1, replaced: 1 });
    const listed = store.siteStore!().list();
    expect(listed.map((s) => [s.id === made.id, s.name, s.notes])).toEqual([[true, 'North yard', 'new'], [false, 'Quarry', '']]);
    expect(sites.siteOf('thing:9')?.name).toBe('Quarry');
  });

  it('refuses an import that would take the branch past MAX_SITES', () => {
    const many = Array.from({ length: MAX_SITES - 1 }, (_, k) => site(`s-${k.toString(16).padStart(8, '0')}`, { type: 'circle', center: [-111, 40.5], radiusM: 50 }, { name: `Yard ${k}` }));
    store.siteStore!().change({ put: many, remove: [] });
    const sites = service();
    sites.open();
    const feature = (name: string) => ({ type: 'Feature', properties: { name, kind: 'job' }, geometry: { type: 'Polygon', coordinates: AROUND_FIRST_THREE.rings } });
    expect(refusal(() => sites.importGeoJson(JSON.stringify({ type: 'FeatureCollection', features: [feature('A'), feature('B')] })))).toBe(
      'Importing would give this branch 2,001 sites; it can hold at most 2,000 (it has 1,999). Nothing was imported.',
    );
    expect(store.siteStore!().list()).toHaveLength(MAX_SITES - 1);
  });

  it('after a refresh, places the changed machines only and starts their "since" at their reading', () => {
    const sites = service();
    sites.open();
    const made = sites.save({ name: 'North yard', kind: 'yard', shape: AROUND_FIRST_THREE });
    const previous = repository.snapshot()!;
    const later = new Date(T0.getTime() + 10 * 60_000);
    const moved: Asset = makeAsset(5, later);
    moved.metrics!.gps.value = { lat: 40.001, lng: -111 };
    const next = { ...previous, assets: previous.assets.map((a) => (a.assetId === moved.assetId ? moved : a)), fetchedAt: later.toISOString() };
    repository.replace(next);
    const change = smallChange(previous, next)!;
    expect(change.changed.map((a) => a.assetId)).toEqual(['thing:6']);
    changes.length = 0;
    sites.noteChange(change);
    expect(changes).toEqual([{ profileId: 'p1', sites: null, presence: { 'thing:6': { siteId: made.id, since: later.getTime(), sinceAtLeast: false, place: null } } }]);
  });

  it('keeps "since" across a restart', () => {
    clock = new Date(T0.getTime() + 60_000);
    const first = service();
    first.open();
    const made = first.save({ name: 'North yard', kind: 'yard', shape: AROUND_FIRST_THREE });
    reopen();
    clock = new Date(T0.getTime() + 3_600_000);
    const second = service();
    second.open();
    expect(second.presenceOf('thing:1')).toEqual({ siteId: made.id, since: T0.getTime() + 60_000, sinceAtLeast: true, place: null });
  });

  it('turns a place with a position into a circle site named after it, with its one region', () => {
    const area = makeAsset(20, T0, { assetId: 'area:3', type: 'area', name: 'Quarry\n3' });
    area.metrics!.gps.value = { lat: 40.5, lng: -111.5 };
    const snapshot = makeSnapshot(3, T0, 'p1');
    store.saveAssetSnapshot({ ...snapshot, assets: [...snapshot.assets, area] });
    reopen();
    const sites = service();
    sites.open();
    const made = sites.fromPlace({ assetId: 'area:3', radiusM: 400, kind: 'job' });
    expect(made).toMatchObject({ name: 'Quarry 3', kind: 'job', shape: { type: 'circle', center: [-111.5, 40.5], radiusM: 400 }, regionCode: 'region:UT' });
    expect(refusal(() => sites.fromPlace({ assetId: 'thing:1', radiusM: 400, kind: 'job' }))).toBe('Excavator 1 is a machine, not a place; only places can become sites.');
    expect(refusal(() => sites.fromPlace({ assetId: 'area:9', radiusM: 400, kind: 'job' }))).toBe('area:9 is not in the saved asset list.');
  });

  it('seeds first sites once: a branch whose sites were deleted stays without them', () => {
    const seed = [{ name: 'North yard', kind: 'yard' as const, shape: AROUND_FIRST_THREE }];
    const sites = service();
    sites.open();
    sites.seedOnce(seed);
    const [seeded] = sites.state().sites;
    expect(seeded.name).toBe('North yard');
    sites.seedOnce(seed);
    expect(sites.state().sites).toHaveLength(1);
    sites.remove(seeded.id);
    sites.seedOnce(seed);
    expect(sites.state().sites).toEqual([]);
  });

  it('after moving a site, machines in its old place leave it and machines in its new place join it, as a full placement says', () => {
    const sites = service();
    sites.open();
    const other = sites.save({ name: 'Far yard', kind: 'yard', shape: { type: 'polygon', rings: [box(-111.001, 40.0075, -110.999, 40.0095)] } });
    const made = sites.save({ name: 'North yard', kind: 'yard', shape: AROUND_FIRST_THREE });
    changes.length = 0;
    const moved = sites.save({ id: made.id, name: made.name, kind: made.kind, shape: { type: 'polygon', rings: [box(-111.001, 40.0035, -110.999, 40.0065)] } });
    const change = changes.at(-1)!;
    expect(Object.entries(change.presence).map(([id, p]) => [id, p?.siteId ?? null]).sort()).toEqual([
      ['thing:1', null], ['thing:2', null], ['thing:3', null], ['thing:5', moved.id], ['thing:6', moved.id], ['thing:7', moved.id],
    ]);
    const fresh = service();
    fresh.open();
    const whole = (presence: Record<string, { siteId: string | null }>) => Object.fromEntries(Object.entries(presence).map(([id, p]) => [id, p.siteId]));
    expect(whole(sites.state().presence)).toEqual(whole(fresh.state().presence));
    expect(sites.siteOf('thing:9')?.id).toBe(other.id);
  });

  it('seeds a site under an id made from its kind and name, so every desk of a room seeds the same site', () => {
    const seed = [{ name: 'North yard', kind: 'yard' as const, shape: AROUND_FIRST_THREE }];
    const sites = service();
    sites.open();
    sites.seedOnce(seed);
    expect(sites.state().sites[0].id).toBe(seededSiteId({ kind: 'yard', name: 'North yard' }));
    expect(seededSiteId({ kind: 'yard', name: 'North yard' })).not.toBe(seededSiteId({ kind: 'job', name: 'North yard' }));
  });

  it('tells of sites made, changed and removed on this desk, and not of sites another desk of the room made', () => {
    const told: Array<{ put: string[]; removed: string[] }> = [];
    const sites = new SiteService({
      profileId: () => 'p1',
      store: () => store,
      assets: () => repository,
      emit: () => undefined,
      now: () => clock,
      onChanged: (_profile, change) => told.push({ put: change.put.map((s) => s.name), removed: change.removed.map((s) => s.name) }),
    });
    sites.open();
    const made = sites.save({ name: 'North yard', kind: 'yard', shape: AROUND_FIRST_THREE });
    sites.remove(made.id);
    sites.applyFromRoom('p1', { put: [site('s-00000000000000a1', AROUND_FIRST_THREE, { name: 'From Ana' })], remove: [] });
    expect(told).toEqual([
      { put: ['North yard'], removed: [] },
      { put: [], removed: ['North yard'] },
    ]);
  });

  it('keeps sites from another desk of the room and places the machines on them; a branch at its limit takes no new one', () => {
    const sites = service();
    sites.open();
    const fromAna = site('s-aaaaaaaaaaaaaaaa', AROUND_FIRST_THREE, { name: 'From Ana', updatedAt: T0.getTime() });
    expect(sites.applyFromRoom('p1', { put: [fromAna], remove: [] })).toBe(0);
    expect(sites.siteOf('thing:1')?.name).toBe('From Ana');
    reopen();
    const again = service();
    again.open();
    expect(again.state().sites.map((s) => s.name)).toEqual(['From Ana']);
    again.applyFromRoom('p1', { put: [], remove: [fromAna.id] });
    expect(again.siteOf('thing:1')).toBeNull();
    // Another profile's change is not this branch's.
    expect(again.applyFromRoom('p2', { put: [fromAna], remove: [] })).toBe(0);
    expect(again.state().sites).toEqual([]);
    const full = Array.from({ length: MAX_SITES }, (_, i) => site(`s-${i.toString(16).padStart(16, '0')}`, { type: 'circle', center: [-100, 30], radiusM: 10 }));
    expect(again.applyFromRoom('p1', { put: full, remove: [] })).toBe(0);
    expect(again.applyFromRoom('p1', { put: [fromAna], remove: [] })).toBe(1);
    expect(again.state().sites).toHaveLength(MAX_SITES);
  });
});
