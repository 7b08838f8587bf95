import { describe, expect, it } from 'vitest';
import { defaultPlaceRules, type AlertRules } from '../../../../src-main/contract';
import { metresBetween, towedCheck } from '../../../../src-main/core/alerts/towed';
import { asset, metric, Run } from './fixtures';

type Rule = AlertRules['towed'];
const run = (patch: Partial<Rule> = {}) => new Run(() => [towedCheck({ ...defaultPlaceRules().towed, ...patch }, 'America/Denver')]);

const YARD = { lat: 40.5649, lng: -111.8389 };
/** A point `metres` due north of the yard. */
const north = (metres: number) => ({ lat: YARD.lat + metres / 111_195, lng: YARD.lng });

/** A report at `at`: position, ignition and engine-runtime as given (undefined: not reported). */
function report(at: string, where: { lat: number; lng: number }, ignition: unknown, engineMs?: number) {
  const metrics: Record<string, unknown> = { gps: metric(where, at), 'time-zone': metric('America/Denver', at) };
  if (ignition !== undefined) metrics.ignition = metric(ignition, at);
  if (engineMs !== undefined) metrics['engine-runtime'] = metric(engineMs, at);
  return [asset('thing:11', metrics, { at, name: 'CT-11' })];
}

// 02:10 and 02:40 in Denver (MST, UTC-7).
const T1 = '2026-03-04T09:10:00.000Z';
const T2 = '2026-03-04T09:40:00.000Z';
const T3 = '2026-03-04T10:10:00.000Z';

describe('moved with the ignition off', () => {
  it('raises when two reports with the ignition off are more than the distance apart, with times in the machine\'s zone', () => {
    const r = run();
    expect(r.step(report(T1, YARD, false, 5_000), T1).raised).toEqual([]);
    const step = r.step(report(T2, north(1200), false, 5_000), T2);
    expect(step.raised.map((a) => [a.message, a.raisedAt])).toEqual([['Moved 1.2 km with the ignition off between 02:10 and 02:40', T2]]);
    expect(step.raised[0].value).toBe(1200);
  });

  it('stays one alert while the ignition stays off, and clears once it is on again', () => {
    const r = run();
    r.step(report(T1, YARD, false), T1);
    expect(r.step(report(T2, north(1000), false), T2).raised).toHaveLength(1);
    const further = r.step(report(T3, north(3000), false), T3);
    expect([further.raised.length, further.cleared.length]).toEqual([0, 0]);
    const unknown = r.step(report(T3, north(3000), undefined), T3);
    expect(unknown.cleared).toEqual([]);
    expect(r.step(report(T3, north(3000), true), T3).cleared).toHaveLength(1);
  });

  it('does not raise at exactly the distance, and does just above it', () => {
    const at = (m: number) => {
      const r = run({ minMetres: 300 });
      r.step(report(T1, YARD, false), T1);
      return r.step(report(T2, north(m), false), T2).raised.length;
    };
    const exact = metresBetween([YARD.lng, YARD.lat], [north(300).lng, north(300).lat]);
    expect(Math.abs(exact - 300)).toBeLessThan(0.5);
    expect(at(290)).toBe(0);
    expect(at(310)).toBe(1);
    // A threshold of 2 km ignores a 1.2 km move.
    const far = run({ minMetres: 2000 });
    far.step(report(T1, YARD, false), T1);
    expect(far.step(report(T2, north(1200), false), T2).raised).toEqual([]);
  });

  it('raises nothing when either report has the ignition on or unknown', () => {
    for (const [before, after] of [[true, false], [false, true], [undefined, false], [false, undefined], ['off', false], [false, null]] as const) {
      const r = run();
      r.step(report(T1, YARD, before), T1);
      expect(r.step(report(T2, north(2000), after), T2).raised, `${String(before)} → ${String(after)}`).toEqual([]);
    }
  });

  it('raises nothing without a previous report or a previous position', () => {
    const r = run();
    expect(r.step(report(T2, north(2000), false), T2).raised).toEqual([]);
    const noGps = run();
    noGps.step([asset('thing:11', { ignition: metric(false, T1) }, { at: T1 })], T1);
    expect(noGps.step(report(T2, north(2000), false), T2).raised).toEqual([]);
    const badGps = run();
    badGps.step(report(T1, { lat: 95, lng: 0 }, false), T1);
    expect(badGps.step(report(T2, north(2000), false), T2).raised).toEqual([]);
  });

  it('raises nothing when the engine ran between the reports (driven, the ignition-on report missed)', () => {
    const r = run();
    r.step(report(T1, YARD, false, 5_000_000), T1);
    expect(r.step(report(T2, north(2000), false, 5_600_000), T2).raised).toEqual([]);
  });

  it('raises nothing for a report that is not newer than the previous one', () => {
    const r = run();
    r.step(report(T2, YARD, false), T2);
    expect(r.step(report(T2, north(2000), false), T2).raised).toEqual([]);
  });

  it('watches only its scope', () => {
    const r = run({ scope: { categories: ['excavator'], assetIds: [], selectionName: null } });
    r.step(report(T1, YARD, false), T1);
    expect(r.step(report(T2, north(2000), false), T2).raised).toEqual([]);
  });
});
