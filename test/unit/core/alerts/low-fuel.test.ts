import { describe, expect, it } from 'vitest';
import { lowFuelCheck, FUEL_CLEAR_MARGIN } from '../../../../src-main/core/alerts/low-fuel';
import { everyAsset } from '../../../../src-main/core/alerts/rules-schema';
import { asset, metric, Run } from './fixtures';

const T = '2026-03-10T15:00:00.000Z';
const run = (below = 15) => new Run(() => [lowFuelCheck({ enabled: true, belowPercent: below, scope: everyAsset() })]);

describe('low-fuel rule', () => {
  it('raises below the threshold, not exactly at it', () => {
    const r = run();
    expect(r.step([asset('thing:1', { fuel: 15 })], T).raised).toEqual([]);
    const step = r.step([asset('thing:1', { fuel: 14.9 })], T);
    expect(step.raised).toHaveLength(1);
    expect(step.raised[0].message).toBe('Fuel 14.9 % (below 15 %)');
    expect(step.raised[0].value).toBe(14.9);
  });

  it('keeps its true time: the collection time of the fuel reading', () => {
    const r = run();
    const reading = metric(9, '2026-03-10T03:12:00Z');
    const step = r.step([asset('thing:1', { fuel: reading })], T);
    expect(step.raised[0].raisedAt).toBe('2026-03-10T03:12:00.000Z');
  });

  it('raises one alert for a gauge wobbling around the threshold, and clears it once clearly refilled', () => {
    const r = run();
    const raised: number[] = [];
    const cleared: number[] = [];
    for (const fuel of [14.9, 15.1, 14.8, 16.5, 14.9, 15 + FUEL_CLEAR_MARGIN - 0.1]) {
      const step = r.step([asset('thing:1', { fuel })], T);
      raised.push(step.raised.length);
      cleared.push(step.cleared.length);
    }
    expect(raised.reduce((a, b) => a + b)).toBe(1);
    expect(cleared.reduce((a, b) => a + b)).toBe(0);
    const refilled = r.step([asset('thing:1', { fuel: 15 + FUEL_CLEAR_MARGIN })], T);
    expect(refilled.cleared).toHaveLength(1);
    // A new drop after the refill is a new condition.
    expect(r.step([asset('thing:1', { fuel: 10 })], T).raised).toHaveLength(1);
  });

  it('raises nothing and clears nothing when the reading is missing or impossible', () => {
    const r = run();
    expect(r.step([asset('thing:1', {}), asset('thing:2', null), asset('thing:3', { fuel: 'low' }), asset('thing:4', { fuel: -3 })], T).raised).toEqual([]);
    r.step([asset('thing:1', { fuel: 5 })], T);
    expect(r.openCount()).toBe(1);
    for (const metrics of [{}, null, { fuel: 140 }, { fuel: Number.NaN }, { fuel: metric(5, 'yesterday-ish') }]) {
      expect(r.step([asset('thing:1', metrics)], T).cleared).toEqual([]);
    }
    expect(r.openCount()).toBe(1);
  });

  it('watches only the assets in its scope, and clears alerts of assets that left it', () => {
    const cranes = new Run(() => [lowFuelCheck({ enabled: true, belowPercent: 15, scope: { categories: ['Crane'], assetIds: [], selectionName: null } })]);
    const step = cranes.step([asset('thing:1', { fuel: 5 }, { category: 'crane' }), asset('thing:2', { fuel: 5 }, { category: 'dump truck' })], T);
    expect(step.raised.map((a) => a.assetId)).toEqual(['thing:1']);
    const chosen = new Run(() => [lowFuelCheck({ enabled: true, belowPercent: 15, scope: { categories: [], assetIds: ['thing:2'], selectionName: 'North yard' } })]);
    expect(chosen.step([asset('thing:1', { fuel: 5 }), asset('thing:2', { fuel: 5 })], T).raised.map((a) => a.assetId)).toEqual(['thing:2']);
  });
});
