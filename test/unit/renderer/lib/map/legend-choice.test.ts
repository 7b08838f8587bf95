/**
 * The legend's remembered state: open on the first look, closed from then on unless the
 * dispatcher opened it, and closed when the browser keeps no storage (no way to tell a
 * first look, so the map stays clear).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { legendOpenAtStart, rememberLegendOpen } from '../../../../../src-renderer/src/lib/map/legend-choice';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('legend choice', () => {
  it('is open on the first look only', () => {
    expect(legendOpenAtStart()).toBe(true);
    expect(legendOpenAtStart()).toBe(false);
    expect(legendOpenAtStart()).toBe(false);
  });

  it('stays as the dispatcher left it', () => {
    legendOpenAtStart();
    rememberLegendOpen(true);
    expect(legendOpenAtStart()).toBe(true);
    rememberLegendOpen(false);
    expect(legendOpenAtStart()).toBe(false);
  });

  it('keeps the map clear when storage is disabled, and a choice then fails quietly', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(legendOpenAtStart()).toBe(false);
    expect(() => rememberLegendOpen(true)).not.toThrow();
  });
});
