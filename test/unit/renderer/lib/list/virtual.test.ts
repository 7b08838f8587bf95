import { describe, expect, it } from 'vitest';
import { scrollToReveal, virtualWindow } from '../../../../../src-renderer/src/lib/list/virtual';

describe('virtualWindow', () => {
  it('renders only visible rows plus overscan', () => {
    expect(virtualWindow(10_000, 36, 0, 360, 5)).toEqual({ start: 0, end: 15, offset: 0, total: 360_000 });
    expect(virtualWindow(10_000, 36, 36 * 5000, 360, 5)).toEqual({ start: 4995, end: 5015, offset: 4995 * 36, total: 360_000 });
    expect(virtualWindow(10_000, 36, 36 * 20_000, 360, 5).end).toBe(10_000);
    expect(virtualWindow(0, 36, 0, 360)).toEqual({ start: 0, end: 0, offset: 0, total: 0 });
  });

  it('scrollToReveal scrolls only when the row is outside the viewport', () => {
    expect(scrollToReveal(10, 36, 0, 360)).toBe(11 * 36 - 360);
    expect(scrollToReveal(2, 36, 0, 360)).toBeNull();
    expect(scrollToReveal(2, 36, 200, 360)).toBe(72);
  });
});
