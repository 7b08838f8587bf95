import { describe, expect, it } from 'vitest';
import { HIDDEN, plainText } from '../../../../../src-renderer/src/lib/alerts/plain-text';

describe('plainText (notification text from service data)', () => {
  it('turns control characters into spaces and collapses them', () => {
    expect(plainText('Truck\n7\u0000\u001b[31m red\u0085', 80)).toBe('Truck 7 [31m red');
  });

  it('removes bidirectional overrides that would reorder what is shown', () => {
    expect(plainText('Truck \u202Egnp.exe\u202C 7\u2066x\u2069', 80)).toBe('Truck gnp.exe 7x');
  });

  it('hides anything shaped like a token', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    expect(plainText(`Truck ${jwt} 7`, 200)).toBe(`Truck ${HIDDEN} 7`);
    expect(plainText('Loader Bearer abc.def-123 north', 200)).toBe(`Loader Bearer ${HIDDEN} north`);
  });

  it('caps the length by characters without cutting an emoji in half', () => {
    const capped = plainText('🚚'.repeat(50), 10);
    expect(Array.from(capped)).toHaveLength(10);
    expect(capped.endsWith('…')).toBe(true);
    expect(capped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(plainText('short', 10)).toBe('short');
  });

  it('reads null, numbers and objects as text without throwing', () => {
    expect(plainText(null, 10)).toBe('');
    expect(plainText(12, 10)).toBe('12');
  });
});
