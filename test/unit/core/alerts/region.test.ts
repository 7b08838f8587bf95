import { describe, expect, it } from 'vitest';
import type { AlertRules } from '../../../../src-main/contract';
import { regionCheck } from '../../../../src-main/core/alerts/region';
import { everyAsset } from '../../../../src-main/core/alerts/rules-schema';
import { asset, metric, Run } from './fixtures';

type Rule = AlertRules['region'];
const run = (patch: Partial<Rule> = {}) => new Run(() => [regionCheck({ enabled: true, regions: [], on: 'both', scope: everyAsset(), ...patch })]);
const T = '2026-03-10T15:00:00.000Z';
const inRegions = (...codes: string[]) => [asset('thing:1', { 'geo-regions': metric(codes, '2026-03-10T14:58:00Z') })];

describe('region rule (geo-regions changed)', () => {
  it('raises on leaving and on entering, with the time of the new list', () => {
    const r = run();
    expect(r.step(inRegions('region:UT', 'region:SLC-YARD'), T).raised).toEqual([]);
    const left = r.step(inRegions('region:UT'), T).raised;
    expect(left.map((a) => [a.key, a.message, a.value, a.raisedAt])).toEqual([['leave:region:SLC-YARD', 'Left SLC-YARD', 'region:SLC-YARD', '2026-03-10T14:58:00.000Z']]);
    const back = r.step(inRegions('region:UT', 'region:SLC-YARD'), T);
    expect(back.cleared).toHaveLength(1); // it came back: the "left" condition is over
    expect(back.raised.map((a) => a.key)).toEqual(['enter:region:SLC-YARD']);
  });

  it('stays one alert while the asset stays out, and raises nothing for an unchanged list', () => {
    const r = run();
    r.step(inRegions('region:UT', 'region:ID'), T);
    r.step(inRegions('region:UT'), T);
    for (let i = 0; i < 3; i++) {
      const step = r.step(inRegions('region:UT'), T);
      expect([step.raised.length, step.cleared.length]).toEqual([0, 0]);
    }
  });

  it('raises only for the chosen regions and the chosen direction', () => {
    const chosen = run({ regions: ['REGION:ut'], on: 'leave' });
    chosen.step(inRegions('region:UT', 'region:ID'), T);
    expect(chosen.step(inRegions('region:WY'), T).raised.map((a) => a.key)).toEqual(['leave:region:UT']);
    const enterOnly = run({ on: 'enter' });
    enterOnly.step(inRegions('region:UT'), T);
    expect(enterOnly.step(inRegions('region:ID'), T).raised.map((a) => a.key)).toEqual(['enter:region:ID']);
  });

  it('shows several changes of one asset in one evaluation as one alert', () => {
    const r = run();
    r.step(inRegions('region:UT', 'region:A'), T);
    const step = r.step(inRegions('region:B', 'region:C'), T);
    expect(step.raised).toHaveLength(1);
    expect(step.raised[0].merged).toBe(3);
    expect(step.raised[0].message).toMatch(/^Entered B \(and 3 more: /);
  });

  it('knows nothing changed without a previous list, and keeps open alerts while the list is missing', () => {
    const r = run();
    expect(r.step(inRegions('region:UT'), T).raised).toEqual([]);
    r.step(inRegions(), T);
    expect(r.openCount()).toBe(1);
    expect(r.step([asset('thing:1', {})], T).cleared).toEqual([]);
    expect(r.step([asset('thing:1', { 'geo-regions': metric(['region:UT', 7], T) })], T).cleared).toEqual([]);
    expect(r.openCount()).toBe(1);
  });
});
