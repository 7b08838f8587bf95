/**
 * A periodic evaluation that looks only at the changed assets (and those time may affect)
 * must reach exactly what an evaluation of the whole list reaches, step after step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertRules, Asset, AssetSnapshot, Metric } from '../../../../src-main/contract';
import { AlertService } from '../../../../src-main/core/alerts/alert-service';
import type { AlertSite } from '../../../../src-main/core/alerts/places';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { AlertRulesStore } from '../../../../src-main/core/alerts/rules-store';
import { smallChange } from '../../../../src-main/core/handlers/assets';
import type { OfflineStore } from '../../../../src-main/core/ports';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 9, 11, 0); // Monday 05:00 in Denver (UTC−6)
const ZONES = ['America/Denver', 'America/Denver', 'America/Denver', 'Asia/Tokyo', 'Europe/Paris'];

/** A store that keeps nothing: each service logs its alerts in memory. */
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

interface Reading {
  /** Where it is: spots 0 and 1 are on a yard, 2 on a job site, 3 and 4 on no site (about 1.1 km apart). */
  spot: number;
  fuel: number;
  ignition: boolean;
  moving: boolean;
  regions: string[];
  engineHours: number;
  zone: string;
  at: number;
}

function toAsset(id: number, r: Reading): Asset {
  const at = new Date(r.at).toISOString();
  const m = (value: unknown): Metric => ({ value, meta: { collectedOn: at, source: 'test', other: {} } });
  return {
    assetId: `thing:${id}`,
    type: 'thing',
    name: `Unit ${id}`,
    category: id % 3 === 0 ? 'crane' : 'dump truck',
    serialNumber: 'S',
    embedUrl: null,
    metrics: {
      gps: m({ lat: 40 + r.spot * 0.01, lng: -111.9 }),
      fuel: m(r.fuel),
      ignition: m(r.ignition),
      'in-motion': m(r.moving),
      speed: m(r.moving ? 40 : 0),
      'geo-regions': m(r.regions),
      'engine-runtime': m(r.engineHours * 3_600_000),
      'time-zone': m(r.zone),
    },
    lastUpdate: at,
    issues: [],
  };
}

const YARD: AlertSite = { id: 's-000000a1', name: 'Yard', kind: 'yard' };
const JOB: AlertSite = { id: 's-000000b2', name: 'Job', kind: 'job' };
const siteAtSpot = (spot: number): AlertSite | null => (spot <= 1 ? YARD : spot === 2 ? JOB : null);

const readingArb = fc.record({
  spot: fc.integer({ min: 0, max: 4 }),
  fuel: fc.integer({ min: 0, max: 40 }),
  ignition: fc.boolean(),
  moving: fc.boolean(),
  regions: fc.subarray(['region:UT', 'region:A', 'region:B']),
  engineHours: fc.integer({ min: 900, max: 1100 }),
  zone: fc.constantFrom(...ZONES),
});

const stepArb = fc.record({
  minutes: fc.integer({ min: 1, max: 120 }),
  changes: fc.array(fc.record({ id: fc.integer({ min: 1, max: 30 }), reading: readingArb, ageMin: fc.integer({ min: 0, max: 5 }) }), { maxLength: 4 }),
  remove: fc.option(fc.integer({ min: 1, max: 30 }), { freq: 5 }),
});

function rules(): AlertRules {
  const r = defaultAlertRules();
  // Weekdays with a ten-minute break: working hours can end and begin again between two refreshes.
  const schedule = [1, 2, 3, 4, 5].flatMap((day) => [
    { day, start: '07:00', end: '12:00' },
    { day, start: '12:10', end: '18:00' },
  ]);
  return {
    ...r,
    afterHours: { ...r.afterHours, schedule },
    stale: { ...r.stale, afterMin: 45 },
    maintenance: { enabled: true, thresholds: [{ id: 'svc-1000', metric: 'engine-hours', dueAt: 1000, scope: { categories: ['dump truck'], assetIds: [], selectionName: null } }] },
    offSite: { ...r.offSite, enabled: true },
  };
}

function service(dir: string, profile: string, siteOf: (assetId: string) => AlertSite | null): AlertService {
  const store = new AlertRulesStore(dir);
  store.set(profile, rules());
  const s = memoryStore();
  return new AlertService({ profileId: () => profile, demo: () => false, store: () => s, rules: store, emit: () => {}, log: () => {}, siteOf, hasSites: () => true });
}

const summary = (svc: AlertService) =>
  svc
    .list({ unacknowledgedOnly: false, rule: null })
    .alerts.map((a) => `${a.assetId} ${a.rule} ${a.raisedAt} ${a.clearedAt ?? 'open'} ${a.message}`)
    .sort();

describe('partial evaluation', () => {
  it('reaches what a whole-list evaluation reaches, refresh after refresh', () => {
    const { dir, cleanup } = makeTempDir('fleet-partial-');
    try {
      let run = 0;
      fc.assert(
        fc.property(fc.array(readingArb, { minLength: 30, maxLength: 30 }), fc.array(stepArb, { minLength: 1, maxLength: 12 }), (initial, steps) => {
          run++;
          const profile = `p${run}`;
          let now = START;
          const readings = new Map(initial.map((r, i) => [i + 1, { ...r, at: now - 2 * MINUTE }]));
          // The sites service's answer for the list being evaluated.
          const siteOf = (assetId: string): AlertSite | null => {
            const reading = readings.get(Number(assetId.slice('thing:'.length)));
            return reading ? siteAtSpot(reading.spot) : null;
          };
          const partial = service(dir, profile, siteOf);
          const whole = service(dir, profile, siteOf);
          let previous: AssetSnapshot | null = null;
          const listAt = (): AssetSnapshot => ({
            profileId: profile,
            assets: [...readings].map(([id, r]) => toAsset(id, r)),
            skipped: [],
            fetchedAt: new Date(now).toISOString(),
            source: 'network',
          });
          for (const step of [null, ...steps]) {
            if (step) {
              now += step.minutes * MINUTE;
              // A new value comes with a new collection time (what the service sends; the list's
              // change detection, shared with the store, goes by collection times).
              for (const c of step.changes) readings.set(c.id, { ...c.reading, at: Math.max(now - c.ageMin * MINUTE, (readings.get(c.id)?.at ?? 0) + 1000) });
              if (step.remove !== null) readings.delete(step.remove);
            }
            const snapshot = listAt();
            const change = previous ? smallChange(previous, snapshot) : null;
            if (change) partial.noteChange(change);
            const a = partial.evaluate(snapshot).map((x) => `${x.assetId} ${x.rule} ${x.raisedAt}`).sort();
            const b = whole.evaluate(snapshot).map((x) => `${x.assetId} ${x.rule} ${x.raisedAt}`).sort();
            expect(a).toEqual(b);
            expect(summary(partial)).toEqual(summary(whole));
            previous = snapshot;
          }
        }),
        { numRuns: 60 },
      );
    } finally {
      cleanup();
    }
  }, 60_000); // A guard against a hang, not a measure: each of the many generated runs opens its own alert logs.
});
