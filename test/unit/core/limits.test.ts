/** How limits are written in messages (mutation survivors of limits.ts). */
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount } from '../../../src-main/core/limits';

describe('formatBytes and formatCount', () => {
  it('writes whole megabytes from 1 MB up and kilobytes below', () => {
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatBytes(128 * 1024 * 1024)).toBe('128 MB');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
  });

  it('writes counts with thousands separators', () => {
    expect(formatCount(100_000)).toBe('100,000');
  });
});
