import { describe, expect, it } from 'vitest';
import type { MaintenanceThreshold } from '../../../../src-main/contract';
import { maintenanceCheck } from '../../../../src-main/core/alerts/maintenance';
import { everyAsset } from '../../../../src-main/core/alerts/rules-schema';
import { asset, metric, Run } from './fixtures';

const T = '2026-03-10T15:00:00.000Z';
const HOUR_MS = 3_600_000;
const threshold = (patch: Partial<MaintenanceThreshold>): MaintenanceThreshold => ({ id: 't1', metric: 'engine-hours', dueAt: 500, scope: everyAsset(), ...patch });
const run = (...thresholds: MaintenanceThreshold[]) => new Run(() => [maintenanceCheck({ enabled: true, thresholds })]);

describe('maintenance rule', () => {
  it('converts engine runtime (ms) to hours and raises at the due reading, not before', () => {
    const r = run(threshold({}));
    expect(r.step([asset('thing:1', { 'engine-runtime': 500 * HOUR_MS - 1 })], T).raised).toEqual([]);
    const step = r.step([asset('thing:1', { 'engine-runtime': metric(500 * HOUR_MS, '2026-03-10T11:00:00Z') })], T);
    expect(step.raised.map((a) => [a.key, a.value, a.message, a.raisedAt])).toEqual([['t1', 500, 'Engine hours 500 h: service due at 500 h', '2026-03-10T11:00:00.000Z']]);
    expect(r.step([asset('thing:1', { 'engine-runtime': 501 * HOUR_MS })], T).raised).toEqual([]);
  });

  it('converts the odometer (cm) to km and applies each threshold to its own assets', () => {
    const r = run(threshold({ id: 'trucks-10k', metric: 'odometer', dueAt: 10_000, scope: { categories: ['dump truck'], assetIds: [], selectionName: null } }));
    const step = r.step(
      [asset('thing:1', { odometer: 10_000 * 100_000 }), asset('thing:2', { odometer: 20_000 * 100_000 }, { category: 'trailer' })],
      T,
    );
    expect(step.raised.map((a) => [a.assetId, a.message])).toEqual([['thing:1', 'Odometer 10,000 km: service due at 10,000 km']]);
  });

  it('clears when the due reading is raised after the service, and keeps the alert while the reading is missing', () => {
    const first = run(threshold({}));
    first.step([asset('thing:1', { 'engine-runtime': 600 * HOUR_MS })], T);
    expect(first.step([asset('thing:1', {})], T).cleared).toEqual([]);
    expect(first.step([asset('thing:1', { 'engine-runtime': 'lots' })], T).cleared).toEqual([]);
    // Same open alert, next threshold set by the user: 1000 h.
    const next = new Run(() => [maintenanceCheck({ enabled: true, thresholds: [threshold({ dueAt: 1000 })] })]);
    next.step([asset('thing:1', { 'engine-runtime': 1000 * HOUR_MS })], T);
    expect(next.step([asset('thing:1', { 'engine-runtime': 600 * HOUR_MS })], T).cleared).toHaveLength(1);
  });

  it('shows two thresholds passed at once as one alert for the asset', () => {
    const r = run(threshold({ id: 'a', dueAt: 100 }), threshold({ id: 'b', metric: 'odometer', dueAt: 50 }));
    const step = r.step([asset('thing:1', { 'engine-runtime': 200 * HOUR_MS, odometer: 60 * 100_000 })], T);
    expect(step.raised).toHaveLength(1);
    expect(step.raised[0].merged).toBe(1);
    expect(r.openCount()).toBe(2);
    expect(r.step([asset('thing:1', { 'engine-runtime': 200 * HOUR_MS, odometer: 60 * 100_000 })], T).raised).toEqual([]);
  });
});
