import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Metric } from '../../../../src-main/contract';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { forgetSharedSources, MAX_SHARED_SOURCES, NO_OTHER, sharedSourceCount, shareMetricMeta } from '../../../../src-main/core/assets/shared-meta';

const metric = (collectedOn: string, source: string, other: Record<string, unknown> = {}): Metric => ({ value: 1, meta: { collectedOn, source, other } });

describe('shareMetricMeta', () => {
  afterEach(() => forgetSharedSources());

  it('gives every empty `other` the one frozen empty object, and keeps any other `other`', () => {
    const metrics = { fuel: metric('2026-03-01T10:00:00Z', 'can'), gps: metric('2026-03-01T10:00:00Z', 'gps', { hdop: 1.2 }), speed: metric('2026-03-01T10:00:00Z', 'can') };
    shareMetricMeta(metrics);
    expect(metrics.fuel.meta.other).toBe(NO_OTHER);
    expect(metrics.speed.meta.other).toBe(NO_OTHER);
    expect(metrics.gps.meta.other).toEqual({ hdop: 1.2 });
    expect(Object.isFrozen(NO_OTHER)).toBe(true);
    // A slip that writes into one metric's `other` fails instead of changing every metric.
    expect(() => {
      (metrics.fuel.meta.other as Record<string, unknown>).note = 'x';
    }).toThrow(TypeError);
  });

  it('keeps an empty object that is not a plain one (an array, a null-prototype object)', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    const metrics = { a: metric('2026-03-01T10:00:00Z', 's', bare), b: metric('2026-03-01T10:00:00Z', 's', [] as unknown as Record<string, unknown>) };
    shareMetricMeta(metrics);
    expect(metrics.a.meta.other).toBe(bare);
    expect(Array.isArray(metrics.b.meta.other)).toBe(true);
  });

  it('changes no value, whatever the metrics hold', () => {
    const text = fc.constantFrom('', 'can', 'gps', '2026-03-01T10:00:00Z', '2026-03-01T10:05:00Z');
    const meta = fc.record({ collectedOn: fc.oneof(text, fc.integer()), source: fc.oneof(text, fc.constant(undefined)), other: fc.oneof(fc.constant({}), fc.dictionary(text, fc.integer(), { maxKeys: 2 }), fc.constant(null)) });
    const metrics = fc.dictionary(fc.constantFrom('fuel', 'gps', 'speed', 'ignition'), fc.oneof(fc.record({ value: fc.integer(), meta }), fc.constant(null)));
    fc.assert(
      fc.property(fc.oneof(metrics, fc.constant(null)), (value) => {
        const before = JSON.stringify(value);
        expect(JSON.stringify(shareMetricMeta(value as Record<string, Metric> | null))).toBe(before);
      }),
    );
  });

  it('keeps at most MAX_SHARED_SOURCES sources, so a list with a new source per metric cannot grow it without end', () => {
    for (let i = 0; i < MAX_SHARED_SOURCES + 50; i++) shareMetricMeta({ m: metric('2026-03-01T10:00:00Z', `source ${i}`) });
    expect(sharedSourceCount()).toBe(MAX_SHARED_SOURCES);
    const late = { m: metric('2026-03-01T10:00:00Z', 'a late source') };
    shareMetricMeta(late);
    expect(late.m.meta.source).toBe('a late source');
  });

  it('normalized assets share the empty `other` (the asset list reader and the plain read both normalize)', () => {
    const element = { assetId: 'thing:1', type: 'thing', name: 'T1', metrics: { fuel: metric('2026-02-28T10:00:00Z', 'can'), gps: { value: { lat: 1, lng: 2 }, meta: { collectedOn: '2026-02-28T10:00:00Z', source: 'gps', other: {} } } } };
    const [asset] = normalizeAssetList([element], new Date('2026-03-01T00:00:00Z')).assets;
    expect(asset.metrics?.fuel.meta.other).toBe(NO_OTHER);
    expect(asset.metrics?.gps.meta.other).toBe(NO_OTHER);
    expect(sharedSourceCount()).toBe(2);
  });
});
