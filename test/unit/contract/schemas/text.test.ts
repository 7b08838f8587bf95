/** Numbers in the schemas' messages: grouped the same on every machine, whatever its locale. */
import { describe, expect, it } from 'vitest';
import { count } from '../../../../src-main/contract/schemas/text';

describe('count', () => {
  it('groups thousands with commas, as en-US does', () => {
    expect(count(999)).toBe('999');
    expect(count(10_000)).toBe('10,000');
    expect(count(1_234_567)).toBe('1,234,567');
    expect(count(-5000)).toBe('-5,000');
  });

  it('keeps a fraction as en-US shows it (at most three digits)', () => {
    expect(count(1234.5)).toBe('1,234.5');
    expect(count(0.12345)).toBe('0.123');
  });

  it('gives what en-US toLocaleString gives for whole numbers of every length and sign', () => {
    const samples = [0, -0, 1, 12, 123, 1234, 12_345, 123_456, 1_234_567, 10 ** 15, Number.MAX_SAFE_INTEGER, 2 ** 60];
    for (let digits = 1; digits <= 16; digits++) samples.push(Number('9'.repeat(digits)), Number('1' + '0'.repeat(digits - 1)));
    for (const n of samples.flatMap((x) => [x, -x])) expect(count(n)).toBe(n.toLocaleString('en-US'));
  });

  it('gives the same text on every call', () => {
    expect([count(5000), count(5000), count(1.5), count(1.5)]).toEqual(['5,000', '5,000', '1.5', '1.5']);
  });
});

