import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatHeading, formatNumber, formatRuntime, formatRuntimeHours } from '../../../../../src-renderer/src/lib/format/numbers';

// What every whole-number helper wrote when each held an Intl formatter from the start.
const intlWhole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

describe('whole numbers grouped without Intl', () => {
  it('formatCount and formatNumber(n, 0) write what Intl writes, for any number', () => {
    const anyNumber = fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.maxSafeInteger(), fc.double({ noNaN: true }), fc.constantFrom(-0, 0.5, -0.5, 999.5, 1e21, Infinity));
    fc.assert(
      fc.property(anyNumber, (n) => {
        expect(formatCount(n)).toBe(intlWhole.format(n));
        expect(formatNumber(n, 0)).toBe(intlWhole.format(n));
      }),
      { numRuns: 2000 },
    );
  });

  it('groups by thousands at every length', () => {
    expect([0, 7, 999, 1000, 9500, 10_000, 123_456, 1_234_567, -1000].map(formatCount)).toEqual(['0', '7', '999', '1,000', '9,500', '10,000', '123,456', '1,234,567', '-1,000']);
    expect(countOf(1, 'asset')).toBe('1 asset');
    expect(countOf(10_000, 'asset')).toBe('10,000 assets');
  });

  it('hours and headings keep their grouping', () => {
    expect(formatRuntime(1_234 * 3_600_000 + 5 * 60_000)).toBe('1,234 h 05 min');
    expect(formatRuntimeHours(-12_345 * 3_600_000)).toBe('−12,345 h');
    expect(formatHeading(359.6)).toBe('360° N');
    expect(formatNumber(1234.56)).toBe('1,234.6');
  });
});
