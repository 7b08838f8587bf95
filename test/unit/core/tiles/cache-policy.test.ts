import { describe, expect, it } from 'vitest';
import { cachePolicy } from '../../../../src-main/core/tiles/cache-policy';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;

describe('tile cache policy (the server cache headers)', () => {
  it('max-age gives the fresh time, less the Age the answer already had', () => {
    expect(cachePolicy(headers({ 'cache-control': 'public, max-age=3600' }), NOW)).toMatchObject({ store: true, freshUntil: NOW + 3_600_000 });
    expect(cachePolicy(headers({ 'cache-control': 'max-age=3600', age: '600' }), NOW).freshUntil).toBe(NOW + 3_000_000);
    expect(cachePolicy(headers({ 'cache-control': 'max-age=60', age: '600' }), NOW).freshUntil).toBe(NOW);
  });

  it('no-store: not kept at all', () => {
    expect(cachePolicy(headers({ 'cache-control': 'no-store, max-age=3600' }), NOW).store).toBe(false);
  });

  it('no-cache: kept, but stale at once (revalidate every time)', () => {
    expect(cachePolicy(headers({ 'cache-control': 'no-cache, max-age=3600', etag: '"a"' }), NOW)).toMatchObject({ store: true, freshUntil: NOW, etag: '"a"' });
  });

  it('without max-age, Expires against the server Date; an unreadable Expires is already expired', () => {
    const date = 'Sun, 22 Nov 2026 11:00:00 GMT';
    expect(cachePolicy(headers({ expires: 'Sun, 22 Nov 2026 13:00:00 GMT', date }), NOW).freshUntil).toBe(NOW + 2 * 3_600_000);
    expect(cachePolicy(headers({ expires: '0', date }), NOW).freshUntil).toBe(NOW);
    expect(cachePolicy(headers({ 'cache-control': 'max-age=10', expires: 'Sun, 22 Nov 2026 13:00:00 GMT' }), NOW).freshUntil).toBe(NOW + 10_000);
  });

  it('with no lifetime at all, a tenth of the time since Last-Modified, at most a day; else revalidate', () => {
    const date = 'Sun, 22 Nov 2026 12:00:00 GMT';
    expect(cachePolicy(headers({ 'last-modified': 'Sun, 22 Nov 2026 02:00:00 GMT', date }), NOW).freshUntil).toBe(NOW + 3_600_000);
    expect(cachePolicy(headers({ 'last-modified': 'Sun, 01 Jan 2023 00:00:00 GMT', date }), NOW).freshUntil).toBe(NOW + 24 * 3_600_000);
    expect(cachePolicy(headers({}), NOW)).toEqual({ store: true, freshUntil: NOW, etag: null, lastModified: null });
  });

  it('keeps the validators for revalidation', () => {
    const p = cachePolicy(headers({ etag: 'W/"v1"', 'last-modified': 'Sun, 22 Nov 2026 02:00:00 GMT' }), NOW);
    expect(p.etag).toBe('W/"v1"');
    expect(p.lastModified).toBe('Sun, 22 Nov 2026 02:00:00 GMT');
  });
});
