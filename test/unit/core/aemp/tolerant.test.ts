import { describe, expect, it } from 'vitest';
import { asArray, bool, hours, num, pick, timestamp } from '../../../../src-main/core/aemp/tolerant';
import { litresPer, metresPer } from '../../../../src-main/core/aemp/units';

describe('tolerant readers', () => {
  it('pick matches keys case-insensitively, preferring an exact match', () => {
    expect(pick({ links: 1 }, 'Links')).toBe(1);
    expect(pick({ Links: 1, links: 2 }, 'links')).toBe(2);
    expect(pick('x', 'Links')).toBeUndefined();
  });

  it('num accepts numbers and numeric strings only', () => {
    expect(num('12.5')).toBe(12.5);
    expect(num({ '#text': '3', unit: 'h' })).toBe(3);
    expect(num('12abc')).toBeNull();
    expect(num(Number.NaN)).toBeNull();
    expect(num('')).toBeNull();
  });

  it('hours reads decimals and ISO 8601 durations', () => {
    expect(hours('PT13H28M30S')).toBeCloseTo(13.475, 6);
    expect(hours('P1DT2H')).toBe(26);
    expect(hours('PT90M')).toBe(1.5);
    expect(hours('P2W')).toBe(336);
    expect(hours(7)).toBe(7);
    expect(hours('P1M')).toBeNull();
    expect(hours('PT')).toBeNull();
    expect(hours('P')).toBeNull();
    expect(hours('13 hours')).toBeNull();
  });

  it('bool, timestamp and asArray', () => {
    expect(bool('TRUE')).toBe(true);
    expect(bool('maybe')).toBeNull();
    expect(timestamp('2026-03-02T10:00:00+02:00')).toBe('2026-03-02T08:00:00.000Z');
    expect(timestamp('2026-13-45T99:00:00Z')).toBeNull();
    expect(timestamp('soon')).toBeNull();
    expect(timestamp('2026-03-02 10:00:00')).toBe('2026-03-02T10:00:00.000Z');
    expect(timestamp('2026-03-02T10:00')).toBe('2026-03-02T10:00:00.000Z');
    expect(timestamp('2026-03-02')).toBe('2026-03-02T00:00:00.000Z');
    expect(asArray({ a: 1 })).toEqual([{ a: 1 }]);
    expect(asArray(undefined)).toEqual([]);
  });

  it('unit spellings', () => {
    for (const u of ['metre', 'metres', 'Metres', 'meter', 'm']) expect(metresPer(u, 'x')).toBe(1);
    expect(metresPer('kilometre', 'x')).toBe(1000);
    expect(metresPer('km', 'x')).toBe(1000);
    expect(metresPer('mi', 'x')).toBe(1609.344);
    expect(metresPer(null, 'kilometre')).toBe(1000);
    expect(metresPer('furlong', 'x')).toBeNull();
    for (const u of ['litre', 'liter', 'L']) expect(litresPer(u, 'x')).toBe(1);
    expect(litresPer('gal', 'x')).toBeCloseTo(3.7854, 4);
  });
});
