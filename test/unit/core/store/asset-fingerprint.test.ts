import { describe, expect, it } from 'vitest';
import type { Asset, Metric } from '../../../../src-main/contract';
import { assetFingerprint } from '../../../../src-main/core/store/asset-fingerprint';

const metric = (value: unknown, collectedOn: string): Metric => ({ value, meta: { collectedOn, source: 's', other: {} } });

function asset(metrics: Record<string, Metric> | null): Asset {
  return { assetId: 'thing:1', type: 'thing', name: 'Truck', serialNumber: 'S1', category: 'truck', embedUrl: null, metrics, lastUpdate: '2026-11-22T12:00:00Z', issues: [] };
}

describe('assetFingerprint', () => {
  const gps = metric({ lat: 40, lng: -111 }, '2026-11-22T12:00:00Z');

  it('changes when any metric is reported again, even one older than the newest', () => {
    const before = asset({ gps, fuel: metric(40, '2026-06-01T00:00:00Z') });
    const after = asset({ gps, fuel: metric(35, '2026-07-01T00:00:00Z') });
    expect(assetFingerprint(after)).not.toBe(assetFingerprint(before));
  });

  it('stays the same when nothing was reported again', () => {
    expect(assetFingerprint(asset({ gps }))).toBe(assetFingerprint(asset({ gps: { ...gps } })));
  });

  it('tells no metrics from an empty metrics object, and sees name and issue changes', () => {
    expect(assetFingerprint(asset(null))).not.toBe(assetFingerprint(asset({})));
    expect(assetFingerprint({ ...asset({ gps }), name: 'Truck 2' })).not.toBe(assetFingerprint(asset({ gps })));
    const flagged = { ...asset({ gps }), issues: [{ metric: 'fuel', path: '$.metrics.fuel.value', message: 'fuel 140 is outside 0–100' }] };
    expect(assetFingerprint(flagged)).not.toBe(assetFingerprint(asset({ gps })));
  });

  it('is a short digest of fixed size however many metrics and issues the asset has (10,000 are held in memory)', () => {
    const metrics: Record<string, Metric> = {};
    for (let i = 0; i < 200; i++) metrics[`metric-${i}`] = metric(i, `2026-11-22T12:${String(i % 60).padStart(2, '0')}:00Z`);
    const issues = Array.from({ length: 50 }, (_, i) => ({ metric: `metric-${i}`, path: `$.metrics.metric-${i}.value`, message: `value ${i} is outside its range` }));
    const big = { ...asset(metrics), name: 'T'.repeat(500), issues };
    expect(assetFingerprint(big)).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(assetFingerprint(asset(null))).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // Still tells a change deep inside the asset.
    const later = { ...big, metrics: { ...metrics, 'metric-199': metric(199, '2026-11-22T13:00:00Z') } };
    expect(assetFingerprint(later)).not.toBe(assetFingerprint(big));
  });
});
