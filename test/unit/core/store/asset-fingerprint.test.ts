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
});
