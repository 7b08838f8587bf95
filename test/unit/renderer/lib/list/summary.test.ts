import { describe, expect, it } from 'vitest';
import { summarizeSelection } from '../../../../../src-renderer/src/lib/list/summary';
import { indexAssets } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { row as asset, metric, NOW } from '../../fixtures';

const fresh = '2026-11-22T11:58:00Z';
const H = 3_600_000;

describe('summarizeSelection', () => {
  it('counts one state per asset (moving, ignition on, parked, stale, never reported), adding up to the selection', () => {
    const index = indexAssets([
      asset(1, { name: 'B' }, { ignition: metric(true, fresh), speed: metric(20, fresh), fuel: metric(80, fresh) }),
      asset(2, { name: 'A' }, { ignition: metric(true, fresh), fuel: metric(20, fresh) }),
      asset(3, { name: 'C' }, { ignition: metric(false, fresh), fuel: metric(140, fresh), gps: metric({ lat: 1, lng: 1 }, fresh) }),
      asset(4, { name: 'D' }, { fuel: metric(50, '2026-08-01T00:00:00Z'), speed: metric(30, '2026-08-01T00:00:00Z') }),
      asset(5, { name: 'E' }, null),
      asset(6, { name: 'Not selected' }, { fuel: metric(1, fresh) }),
    ]);
    const s = summarizeSelection(index, new Set(['thing:1', 'thing:2', 'thing:3', 'thing:4', 'thing:5']), NOW, 60);
    expect(s.count).toBe(5);
    // A stale asset's last motion is not its state now: it counts as stale, not moving.
    expect(s.states).toEqual({ moving: 1, ignitionOn: 1, parked: 1, stale: 1, neverReported: 1 });
    expect(s.stale).toBe(2);
    expect(s.noGps).toBe(4);
    expect(s.rows.map((r) => r.asset.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('gives the fuel minimum and median over readings within 0–100 %, and counts the rest apart', () => {
    const fuels = [80, 20, 140, 50, 35];
    const index = indexAssets(fuels.map((f, i) => asset(i + 1, { name: `F${i}` }, { fuel: metric(f, i === 3 ? '2026-08-01T00:00:00Z' : fresh), gps: metric({ lat: 1, lng: 1 }, fresh) })));
    const s = summarizeSelection(index, new Set(index.map((r) => r.asset.assetId)), NOW, 60);
    expect(s.fuel).toEqual({ readings: 4, min: 20, median: 42.5, old: 1, outOfRange: 1 });
    const odd = summarizeSelection(index, new Set(['thing:1', 'thing:2', 'thing:4']), NOW, 60);
    expect(odd.fuel.median).toBe(50);
  });

  it('names the oldest report of the selection, leaving out assets that never reported', () => {
    const index = indexAssets([
      asset(1, { name: 'Recent' }, { fuel: metric(10, fresh) }),
      asset(2, { name: 'Silent for days' }, { fuel: metric(10, '2026-11-19T08:00:00Z') }),
      asset(3, { name: 'Never' }, null),
    ]);
    const s = summarizeSelection(index, new Set(['thing:1', 'thing:2', 'thing:3']), NOW, 60);
    expect(s.oldestReport?.at).toBe(Date.parse('2026-11-19T08:00:00Z'));
    expect(s.oldestReport?.row.asset.name).toBe('Silent for days');
    expect(summarizeSelection(index, new Set(['thing:3']), NOW, 60).oldestReport).toBeNull();
  });

  it('says "no readings" plainly (null, not NaN) when none of the selection has fuel', () => {
    const index = indexAssets([asset(1, {}, null), asset(2, {}, null)]);
    const s = summarizeSelection(index, new Set(['thing:1', 'thing:2']), NOW, 60);
    expect(s.fuel).toMatchObject({ readings: 0, min: null, median: null });
    expect(s.stale).toBe(2);
    expect(s.states.neverReported).toBe(2);
  });

  it('adds up no lifetime engine hours', () => {
    const index = indexAssets([asset(1, {}, { 'engine-runtime': metric(100 * H, fresh) })]);
    expect(Object.keys(summarizeSelection(index, new Set(['thing:1']), NOW, 60))).not.toContain('engine');
  });
});
