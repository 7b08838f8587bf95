import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel, FleetEvents, HistoryPoint, SitesChange } from '../../../../src-main/contract';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { smallChange } from '../../../../src-main/core/handlers/assets';
import { FleetError } from '../../../../src-main/core/errors';
import type { OfflineStore } from '../../../../src-main/core/ports';
import { ARRIVAL_LOOKBACK_MS, ArrivalLookback, type LocationHistorySource } from '../../../../src-main/core/sites/arrival-lookback';
import { SiteService } from '../../../../src-main/core/sites/site-service';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import type { LinkedMachine } from '../../../../src-main/core/utilization/sources';
import { makeAsset, makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { box } from './site-shapes';

const DAY = 86_400_000;
const T0 = new Date('2026-11-01T08:00:00Z');
// makeAsset puts asset i at latitude 40 + i/1000, longitude -111: thing:1 to thing:3 are inside.
const YARD = { type: 'polygon' as const, rings: [box(-111.001, 39.9995, -110.999, 40.0025)] };
const ON_SITE = { lat: 40.001, lng: -111 };
const OFF_SITE = { lat: 40.5, lng: -111 };

function point(daysAgo: number, where: { lat: number; lng: number }): HistoryPoint {
  return { at: new Date(T0.getTime() - daysAgo * DAY).toISOString(), value: null, ...where };
}

let dir: string;
let cleanup: () => void;
let store: OfflineStore;
let changes: SitesChange[];
let asked: string[];
let histories: Map<string, HistoryPoint[] | Error>;
let linked: LinkedMachine[];
let online: boolean;
let logged: string[];
let repository: AssetRepository;
let clock: Date;
let profile: string;
let inFlight: number;
let mostInFlight: number;

const source: LocationHistorySource = {
  getHistory(identifier) {
    asked.push(identifier);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const answer = histories.get(identifier) ?? [];
    return new Promise((resolve) => setImmediate(resolve)).then(() => {
      inFlight--;
      if (answer instanceof Error) throw answer;
      return { points: answer, issues: [] };
    });
  },
};

function service(): SiteService {
  const arrival = new ArrivalLookback({
    source: () => source,
    linked: () => Promise.resolve(linked),
    store: () => store,
    online: () => online,
    now: () => clock.getTime(),
    log: (message) => logged.push(message),
  });
  return new SiteService({
    profileId: () => profile,
    store: () => store,
    assets: () => repository,
    emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
      if (name === 'sites:changed') changes.push(payload as SitesChange);
    },
    now: () => clock,
    arrival,
  });
}

/** A service with the yard saved and the arrivals it started read. */
async function withYard(): Promise<SiteService> {
  const sites = service();
  sites.open();
  sites.save({ name: 'Yard', kind: 'yard', shape: YARD });
  await sites.arrivalsSettled;
  return sites;
}

beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
  store = createStoreFactory(dir).open('p1');
  store.saveAssetSnapshot(makeSnapshot(10, T0, 'p1'));
  repository = new AssetRepository('p1', store);
  changes = [];
  asked = [];
  histories = new Map();
  linked = [{ assetId: 'thing:1', identifier: 'EQ-1', identity: ['EQ-1'] }];
  online = true;
  clock = T0;
  profile = 'p1';
  inFlight = 0;
  mostInFlight = 0;
  logged = [];
});
afterEach(() => {
  store.close();
  cleanup();
});

describe('when a machine first seen on a site arrived there', () => {
  it('is the oldest reading of the run on the site: five days ago, exactly', async () => {
    histories.set('EQ-1', [point(9, OFF_SITE), point(5, ON_SITE), point(3, ON_SITE), point(0.1, ON_SITE)]);
    const sites = await withYard();
    expect(sites.presenceOf('thing:1')).toMatchObject({ since: T0.getTime() - 5 * DAY, sinceAtLeast: false });
    expect(changes.at(-1)?.presence['thing:1']).toMatchObject({ since: T0.getTime() - 5 * DAY, sinceAtLeast: false });
  });

  it('is at least since the look-back start for a machine on the site all along', async () => {
    histories.set('EQ-1', [point(29, ON_SITE), point(10, ON_SITE), point(1, ON_SITE)]);
    const sites = await withYard();
    expect(sites.presenceOf('thing:1')).toMatchObject({ since: T0.getTime() - ARRIVAL_LOOKBACK_MS, sinceAtLeast: true });
  });

  it('stops walking back at a reading off the site', async () => {
    histories.set('EQ-1', [point(20, ON_SITE), point(8, OFF_SITE), point(6, ON_SITE), point(2, ON_SITE)]);
    const sites = await withYard();
    expect(sites.presenceOf('thing:1')).toMatchObject({ since: T0.getTime() - 6 * DAY, sinceAtLeast: false });
  });

  it('leaves "at least since" as it is when the history cannot be read, and logs it without the token', async () => {
    histories.set('EQ-1', new FleetError('network', 'connect failed for https://svc.example/?access_token=abc123secret'));
    const sites = await withYard();
    expect(sites.presenceOf('thing:1')).toMatchObject({ since: T0.getTime(), sinceAtLeast: true });
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain('abc123secret');
    // The failure is not asked again, nor logged again, at the next refresh.
    sites.noteList();
    await sites.arrivalsSettled;
    expect(asked).toEqual(['EQ-1']);
    expect(logged).toHaveLength(1);
  });

  it('drops an answer that comes after the machine left the site', async () => {
    histories.set('EQ-1', [point(9, OFF_SITE), point(5, ON_SITE)]);
    const sites = service();
    sites.open();
    sites.save({ name: 'Yard', kind: 'yard', shape: YARD });
    const answered = sites.arrivalsSettled;
    const previous = repository.snapshot()!;
    const later = new Date(T0.getTime() + 60_000);
    const moved = makeAsset(0, later);
    moved.metrics!.gps.value = OFF_SITE;
    const next = { ...previous, assets: previous.assets.map((a) => (a.assetId === moved.assetId ? moved : a)), fetchedAt: later.toISOString() };
    repository.replace(next);
    sites.noteChange(smallChange(previous, next)!);
    await answered;
    expect(sites.presenceOf('thing:1')).toMatchObject({ siteId: null, since: later.getTime(), sinceAtLeast: false });
  });

  it('is asked once per machine and site: a later refresh asks nothing', async () => {
    histories.set('EQ-1', [point(29, ON_SITE)]);
    const sites = await withYard();
    expect(asked).toEqual(['EQ-1']);
    sites.noteList();
    await sites.arrivalsSettled;
    expect(asked).toEqual(['EQ-1']);
  });

  it('keeps answers in the store so a new run asks nothing for a machine still at least since', async () => {
    histories.set('EQ-1', [point(29, ON_SITE)]);
    await withYard();
    const again = service();
    again.open();
    await again.arrivalsSettled;
    expect(asked).toEqual(['EQ-1']);
  });

  it('never asks about machines not linked to AEMP 2.0 equipment', async () => {
    linked = [];
    await withYard();
    expect(asked).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('asks nothing offline', async () => {
    online = false;
    histories.set('EQ-1', [point(9, OFF_SITE), point(5, ON_SITE)]);
    const sites = await withYard();
    expect(asked).toEqual([]);
    expect(sites.presenceOf('thing:1')).toMatchObject({ sinceAtLeast: true });
  });

  it('keeps the exact since of a machine seen arriving', async () => {
    histories.set('EQ-1', [point(9, OFF_SITE), point(5, ON_SITE)]);
    const sites = service();
    sites.open();
    sites.save({ name: 'Yard', kind: 'yard', shape: YARD });
    await sites.arrivalsSettled;
    asked = [];
    // thing:4 drives onto the yard: its arrival is the reading that showed it.
    const previous = repository.snapshot()!;
    const moved = makeAsset(3, new Date(T0.getTime() + 60_000));
    moved.metrics!.gps.value = ON_SITE;
    const next = { ...previous, assets: previous.assets.map((a) => (a.assetId === moved.assetId ? moved : a)), fetchedAt: new Date(T0.getTime() + 60_000).toISOString() };
    repository.replace(next);
    linked = [...linked, { assetId: 'thing:4', identifier: 'EQ-4', identity: ['EQ-4'] }];
    sites.noteChange(smallChange(previous, next)!);
    await sites.arrivalsSettled;
    expect(sites.presenceOf('thing:4')).toMatchObject({ siteId: expect.any(String), sinceAtLeast: false });
    expect(asked).not.toContain('EQ-4');
  });

  it('asks about two machines at a time', async () => {
    linked = ['thing:1', 'thing:2', 'thing:3'].map((assetId, i) => ({ assetId, identifier: `EQ-${i + 1}`, identity: [`EQ-${i + 1}`] }));
    await withYard();
    expect(asked.sort()).toEqual(['EQ-1', 'EQ-2', 'EQ-3']);
    expect(mostInFlight).toBe(2);
  });

  it('never moves a known "at least since" later than it was', async () => {
    histories.set('EQ-1', [point(29, ON_SITE)]);
    clock = new Date(T0.getTime() - 40 * DAY);
    online = false;
    await withYard();
    clock = T0;
    online = true;
    const again = service();
    again.open();
    await again.arrivalsSettled;
    expect(asked).toEqual(['EQ-1']);
    expect(again.presenceOf('thing:1')).toMatchObject({ since: T0.getTime() - 40 * DAY, sinceAtLeast: true });
  });

  it('drops answers for a branch no longer shown', async () => {
    histories.set('EQ-1', [point(9, OFF_SITE), point(5, ON_SITE)]);
    const sites = service();
    sites.open();
    sites.save({ name: 'Yard', kind: 'yard', shape: YARD });
    const answered = sites.arrivalsSettled;
    profile = 'p2';
    sites.state();
    const before = changes.length;
    await answered;
    expect(changes.slice(before).filter((c) => c.profileId === 'p1')).toEqual([]);
  });
});
