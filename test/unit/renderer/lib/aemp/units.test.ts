import { describe, expect, it } from 'vitest';
import { distanceValue, formatDistance, formatHours, formatPercent, formatVolume, METRES_PER_MILE } from '../../../../../src-renderer/src/lib/aemp/units';

describe('unit conversions', () => {
  it('converts metres to km or miles', () => {
    expect(distanceValue(12_500, 'metric')).toBe(12.5);
    expect(distanceValue(METRES_PER_MILE * 3, 'imperial')).toBeCloseTo(3, 10);
  });

  it('formats with unit and one decimal, and a dash for missing values', () => {
    expect(formatDistance(12_500, 'metric')).toMatch(/^12[.,]5 km$/);
    expect(formatDistance(METRES_PER_MILE, 'imperial')).toMatch(/^1[.,]0 mi$/);
    expect(formatDistance(null, 'metric')).toBe('—');
    expect(formatDistance(Number.NaN, 'metric')).toBe('—');
    expect(formatHours(13.475)).toMatch(/^13[.,]5 h$/);
    expect(formatPercent(42.4)).toBe('42 %');
    expect(formatPercent(undefined)).toBe('—');
    expect(formatVolume(3.785411784, 'imperial')).toMatch(/^1[.,]0 gal$/);
    expect(formatVolume(10, 'metric')).toMatch(/^10[.,]0 L$/);
  });
});
