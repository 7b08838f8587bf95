import { describe, expect, it } from 'vitest';
import { MAX_UTILIZATION_DAYS } from '../../../../../src-main/contract';
import { checkRange, dayIn, presetRange, rangeLabel, zoneOrLocal } from '../../../../../src-renderer/src/lib/utilization/ranges';

// 2026-11-28 06:30 UTC: already the 28th in Auckland, still the 27th in Denver.
const NOW = Date.parse('2026-11-28T06:30:00Z');

describe('utilization ranges are calendar days in the branch’s zone', () => {
  it('cuts "today" where the branch is, not where this computer is', () => {
    expect(dayIn(NOW, 'Pacific/Auckland')).toBe('2026-11-28');
    expect(dayIn(NOW, 'America/Denver')).toBe('2026-11-27');
  });

  it('makes Yesterday the branch’s yesterday', () => {
    expect(presetRange('yesterday', NOW, 'America/Denver')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetRange('yesterday', NOW, 'Pacific/Auckland')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
  });

  it('makes Last 7, 30 and 90 days that many full days ending yesterday', () => {
    expect(presetRange('last7', NOW, 'America/Denver')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(presetRange('last30', NOW, 'America/Denver')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetRange('last90', NOW, 'America/Denver')).toEqual({ from: '2026-08-29', to: '2026-11-26' });
  });

  it('counts a day across a daylight-saving change as one day', () => {
    // Denver leaves summer time on 2026-11-01.
    expect(presetRange('last7', Date.parse('2026-11-04T18:00:00Z'), 'America/Denver')).toEqual({ from: '2026-10-28', to: '2026-11-03' });
  });

  it('falls back to this computer’s zone for a zone the runtime does not know', () => {
    expect(zoneOrLocal('Not/AZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zoneOrLocal('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('a custom range is checked with the contract’s rule and refused in words', () => {
  it('accepts a range in order', () => {
    expect(checkRange('2026-11-01', '2026-11-27')).toEqual({ ok: true, range: { from: '2026-11-01', to: '2026-11-27' } });
  });

  it('refuses a range longer than a report covers, with the schema’s message', () => {
    expect(checkRange('2025-01-01', '2026-11-27')).toEqual({ ok: false, message: `A range can cover at most ${MAX_UTILIZATION_DAYS} days` });
  });

  it('refuses a range that ends before it starts, and a missing day', () => {
    expect(checkRange('2026-11-27', '2026-11-01')).toEqual({ ok: false, message: 'The range must start on or before its last day' });
    expect(checkRange('', '2026-11-01')).toEqual({ ok: false, message: 'Choose both the first and the last day' });
  });

  it('refuses a day that does not exist', () => {
    expect(checkRange('2026-02-30', '2026-03-02')).toEqual({ ok: false, message: 'That day does not exist' });
  });
});

describe('range labels', () => {
  it('names one day, a range in a month, across months and across years', () => {
    expect(rangeLabel({ from: '2026-11-27', to: '2026-11-27' })).toBe('27 Nov 2026');
    expect(rangeLabel({ from: '2026-11-21', to: '2026-11-27' })).toBe('21 – 27 Nov 2026');
    expect(rangeLabel({ from: '2026-10-28', to: '2026-11-26' })).toBe('28 Oct – 26 Nov 2026');
    expect(rangeLabel({ from: '2025-12-28', to: '2026-01-03' })).toBe('28 Dec 2025 – 3 Jan 2026');
  });
});
