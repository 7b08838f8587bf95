import { describe, expect, it } from 'vitest';
import { summarizeSelection } from '../../../../../src-renderer/src/lib/list/summary';
import { indexAssets } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { row as asset, metric, NOW } from '../../fixtures';

const fresh = '2026-11-22T11:58:00Z';
const H = 3_600_000;

describe('summarizeSelection', () => {
  it('counts states (adding up to the selection), fuel lowest/average and total engine hours', () => {
    const index = indexAssets([
      asset(1, { name: 'B' }, { ignition: metric(true, fresh), speed: metric(20, fresh), fuel: metric(80, fresh), 'engine-runtime': metric(100 * H, fresh) }),
      asset(2, { name: 'A' }, { ignition: metric(true, fresh), fuel: metric(20, fresh), 'engine-runtime': metric(50.5 * H, fresh) }),
      asset(3, { name: 'C' }, { ignition: metric(false, fresh), fuel: metric(140, fresh), gps: metric({ lat: 1, lng: 1 }, fresh) }),
      asset(4, { name: 'D' }, { fuel: metric(50, '2026-08-01T00:00:00Z'), 'engine-runtime': metric(10 * H, fresh) }),
      asset(5, { name: 'Not selected' }, { fuel: metric(1, fresh) }),
    ]);
    const s = summarizeSelection(index, new Set(['thing:1', 'thing:2', 'thing:3', 'thing:4']), NOW, 60);
    expect(s.count).toBe(4);
    expect([s.moving, s.ignitionOn, s.ignitionOff, s.stateUnknown]).toEqual([1, 1, 1, 1]);
    expect(s.fuel).toEqual({ readings: 3, min: 20, avg: 50, old: 1, outOfRange: 1 });
    expect(s.engine.readings).toBe(3);
    expect(s.engine.totalHours).toBeCloseTo(160.5);
    expect(s.noGps).toBe(3);
    expect(s.rows.map((r) => r.asset.name)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('says "no readings" plainly (null, not NaN) when none of the selection has fuel', () => {
    const index = indexAssets([asset(1, {}, null), asset(2, {}, null)]);
    const s = summarizeSelection(index, new Set(['thing:1', 'thing:2']), NOW, 60);
    expect(s.fuel).toMatchObject({ readings: 0, min: null, avg: null });
    expect(s.stale).toBe(2);
  });
});
