import { describe, expect, it } from 'vitest';
import { cutAtWord, shortZoneName } from '../../../../src-main/core/alerts/short-text';

describe('cutAtWord', () => {
  it('keeps text that fits as it is', () => {
    expect(cutAtWord('Ignition on Sun 01:35', 21)).toBe('Ignition on Sun 01:35');
  });

  it('cuts between words, never inside one, and marks the cut', () => {
    const cut = cutAtWord('Ignition on Sunday morning, outside working hours', 30);
    expect(cut).toBe('Ignition on Sunday morning,…');
    expect([...cut].length).toBeLessThanOrEqual(30);
  });

  it('holds words joined by a no-break space together', () => {
    const text = `Moving Sun 01:35 (${shortZoneName('America/Port_of_Spain')}), outside`;
    expect(cutAtWord(text, 30)).toBe('Moving Sun 01:35…');
  });

  it('cuts inside a word so long that breaking before it would leave little', () => {
    expect(cutAtWord('Supercalifragilistic', 6)).toBe('Super…');
    expect(cutAtWord(`Maintenance: ${'x'.repeat(100)}`, 40)).toBe(`Maintenance: ${'x'.repeat(26)}…`);
  });

  it('counts code points, so an emoji is never cut in half', () => {
    expect(cutAtWord('🚜🚜🚜 🚜🚜🚜', 5)).toBe('🚜🚜🚜…');
  });
});

describe('shortZoneName', () => {
  it('keeps the place of an IANA name, its words held together', () => {
    expect(shortZoneName('Asia/Tokyo')).toBe('Tokyo');
    expect(shortZoneName('Pacific/Port_Moresby')).toBe('Port\u00A0Moresby');
    expect(shortZoneName('America/Argentina/ComodRivadavia')).toBe('ComodRivadavia');
    expect(shortZoneName('UTC')).toBe('UTC');
  });
});
