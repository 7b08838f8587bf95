import { describe, expect, it } from 'vitest';
import { duration, staleCheck } from '../../../../src-main/core/alerts/stale';
import { everyAsset } from '../../../../src-main/core/alerts/rules-schema';
import { asset, Run } from './fixtures';

const run = (afterMin = 60) => new Run((now) => [staleCheck({ enabled: true, afterMin, scope: everyAsset() }, now)]);
const LAST = '2026-03-10T12:00:00.000Z';

describe('stale rule (no report for N minutes)', () => {
  it('raises exactly at N minutes of silence, with the time the silence reached N', () => {
    const r = run();
    expect(r.step([asset('thing:1', { fuel: 50 }, { at: LAST })], '2026-03-10T12:59:59.999Z').raised).toEqual([]);
    const step = r.step([asset('thing:1', { fuel: 50 }, { at: LAST })], '2026-03-10T13:00:00.000Z');
    expect(step.raised).toHaveLength(1);
    expect(step.raised[0].raisedAt).toBe('2026-03-10T13:00:00.000Z');
    expect(step.raised[0].value).toBe(60);
    expect(step.raised[0].message).toBe('No report for 1 h (limit 1 h)');
  });

  it('raises once however long the silence lasts, and clears with the next report', () => {
    const r = run();
    let raised = 0;
    for (const now of ['2026-03-10T13:30:00Z', '2026-03-10T15:00:00Z', '2026-03-11T12:00:00Z']) raised += r.step([asset('thing:1', { fuel: 50 }, { at: LAST })], now).raised.length;
    expect(raised).toBe(1);
    const back = r.step([asset('thing:1', { fuel: 50 }, { at: '2026-03-11T12:01:00Z' })], '2026-03-11T12:02:00Z');
    expect(back.cleared).toHaveLength(1);
  });

  it('raises for an asset that never reported, in its own words, at the time it was seen so', () => {
    const r = run();
    const step = r.step([asset('thing:1', null)], '2026-03-11T00:00:00.000Z');
    expect(step.raised).toHaveLength(1);
    expect(step.raised[0]).toMatchObject({ assetId: 'thing:1', message: 'Never reported', value: null, raisedAt: '2026-03-11T00:00:00.000Z' });
    expect(r.step([asset('thing:1', null)], '2026-03-11T00:10:00.000Z').raised).toEqual([]);
    expect(r.step([asset('thing:1', { fuel: 50 }, { at: '2026-03-11T00:19:00.000Z' })], '2026-03-11T00:20:00.000Z').cleared).toHaveLength(1);
  });

  it('keeps an alert open when the report time goes missing or unreadable', () => {
    const r = run();
    r.step([asset('thing:2', { fuel: 1 }, { at: LAST })], '2026-03-11T00:00:00Z');
    expect(r.openCount()).toBe(1);
    expect(r.step([{ ...asset('thing:2', { fuel: 1 }), lastUpdate: null }], '2026-03-11T00:10:00Z').cleared).toEqual([]);
    expect(r.step([{ ...asset('thing:2', { fuel: 1 }), lastUpdate: 'yesterday-ish' }], '2026-03-11T00:20:00Z').cleared).toEqual([]);
    expect(r.openCount()).toBe(1);
  });

  it('leaves an asset that never reported out of its timer (it is stale at once, not later)', () => {
    const check = staleCheck({ enabled: true, afterMin: 60, scope: everyAsset() }, Date.parse(LAST));
    expect(check.raisesAt!(asset('thing:1', null))).toBeNaN();
    expect(check.raisesAt!(asset('thing:1', { fuel: 1 }, { at: LAST }))).toBe(Date.parse(LAST) + 60 * 60_000);
  });

  it('says how long in words', () => {
    expect(duration(59 * 60_000)).toBe('59 min');
    expect(duration(185 * 60_000)).toBe('3 h 5 min');
    expect(duration(52 * 3_600_000)).toBe('2 d 4 h');
    expect(duration(48 * 3_600_000)).toBe('2 d');
  });
});
