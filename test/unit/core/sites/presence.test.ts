import { describe, expect, it } from 'vitest';
import { PresenceTracker, type PositionRow } from '../../../../src-main/core/sites/presence';
import { SiteIndex } from '../../../../src-main/core/sites/site-index';
import { box, polygon, site } from './site-shapes';

const yard = site('s-0000000a', polygon(box(-112, 40, -111.9, 40.1)));
const job = site('s-0000000b', polygon(box(-111.5, 40, -111.4, 40.1)));
const index = new SiteIndex([yard, job]);
const T0 = Date.UTC(2026, 10, 1, 8);
const MIN = 60_000;

const byId = (rows: PositionRow[]) => new Map(rows.map((r) => [r.assetId, r]));
const row = (lng: number, lat: number, gpsAt: number | null, assetId = 'thing:1'): PositionRow => ({ assetId, lat, lng, gpsAt });

describe('presence and since', () => {
  it('says "at least since" the first sighting, then keeps it while the machine stays', () => {
    const tracker = new PresenceTracker(() => null);
    const first = tracker.update([row(-111.95, 40.05, T0 - 5 * MIN)], [], index, T0, 'moved');
    expect(first.get('thing:1')).toEqual({ siteId: yard.id, since: T0, sinceAtLeast: true, place: null });
    const stays = tracker.update([row(-111.96, 40.04, T0 + 4 * MIN)], [], index, T0 + 5 * MIN, 'moved');
    expect(stays.size).toBe(0);
    expect(tracker.get('thing:1')).toEqual({ siteId: yard.id, since: T0, sinceAtLeast: true, place: null });
  });

  it('starts a new "since" at the reading that showed the machine on another site', () => {
    const tracker = new PresenceTracker(() => null);
    tracker.update([row(-111.95, 40.05, T0)], [], index, T0, 'moved');
    const left = tracker.update([row(-111.7, 40.05, T0 + 9 * MIN)], [], index, T0 + 10 * MIN, 'moved');
    expect(left.get('thing:1')).toEqual({ siteId: null, since: T0 + 9 * MIN, sinceAtLeast: false, place: null });
    const arrived = tracker.update([row(-111.45, 40.05, null)], [], index, T0 + 20 * MIN, 'moved');
    // No GPS time: the refresh's time.
    expect(arrived.get('thing:1')).toEqual({ siteId: job.id, since: T0 + 20 * MIN, sinceAtLeast: false, place: null });
  });

  it('says "at least since" the edit when the sites change under a machine that did not move', () => {
    const tracker = new PresenceTracker(() => null);
    tracker.update([row(-111.7, 40.05, T0)], [], index, T0, 'moved');
    const drawn = new SiteIndex([yard, job, site('s-0000000c', polygon(box(-111.8, 40, -111.6, 40.1)))]);
    const changed = tracker.replaceAll(byId([row(-111.7, 40.05, T0)]), drawn, T0 + 60 * MIN, 'sites');
    expect(changed.get('thing:1')).toEqual({ siteId: 's-0000000c', since: T0 + 60 * MIN, sinceAtLeast: true, place: null });
  });

  it('carries an earlier run\u2019s presence over when the machine is still there', () => {
    const stored = new Map([['thing:1', { siteId: yard.id, since: T0 - 86_400_000, sinceAtLeast: false }]]);
    const tracker = new PresenceTracker(() => null, stored);
    tracker.update([row(-111.95, 40.05, T0)], [], index, T0, 'moved');
    expect(tracker.get('thing:1')).toEqual({ siteId: yard.id, since: T0 - 86_400_000, sinceAtLeast: false, place: null });
  });

  it('describes places off every site, once per position', () => {
    const asked: [number, number][] = [];
    const tracker = new PresenceTracker((lat, lng) => {
      asked.push([lat, lng]);
      return 'near Sandy';
    });
    tracker.update([row(-111.7, 40.05, T0)], [], index, T0, 'moved');
    tracker.replaceAll(byId([row(-111.7, 40.05, T0)]), index, T0 + MIN, 'sites');
    expect(tracker.get('thing:1')?.place).toBe('near Sandy');
    expect(asked).toEqual([[40.05, -111.7]]);
    tracker.update([row(-111.95, 40.05, T0 + 2 * MIN)], [], index, T0 + 2 * MIN, 'moved');
    expect(tracker.get('thing:1')?.place).toBeNull();
  });

  it('forgets machines that lose their position or leave the list', () => {
    const tracker = new PresenceTracker(() => null);
    tracker.update([row(-111.95, 40.05, T0), row(-111.95, 40.05, T0, 'thing:2'), row(-111.95, 40.05, T0, 'thing:3')], [], index, T0, 'moved');
    const changed = tracker.update([{ assetId: 'thing:1', lat: null, lng: null, gpsAt: null }], ['thing:2'], index, T0 + MIN, 'moved');
    expect(Object.fromEntries(changed)).toEqual({ 'thing:1': null, 'thing:2': null });
    const whole = tracker.replaceAll(new Map(), index, T0 + 2 * MIN, 'moved');
    expect(Object.fromEntries(whole)).toEqual({ 'thing:3': null });
    expect(tracker.all()).toEqual({});
  });
});
