import { describe, expect, it } from 'vitest';
import { TokenBook } from '../../../src-main/demo/tokens';

describe('TokenBook', () => {
  it('issues random long-lived tokens that stay valid', () => {
    let now = 0;
    const book = new TokenBook(() => now);
    const a = book.issue();
    const b = book.issue();
    expect(a.accessToken).not.toBe(b.accessToken);
    expect(a.expiresIn).toBeUndefined();
    expect(a.refreshToken).toBeUndefined();
    now = 10 * 365 * 86_400_000;
    expect(book.isValid(a.accessToken)).toBe(true);
  });

  it('expires tokens issued with a lifetime on the injected clock', () => {
    let now = 1_000;
    const book = new TokenBook(() => now);
    const t = book.issue({ ttlSec: 60 });
    expect(t.expiresIn).toBe(60);
    now += 59_999;
    expect(book.isValid(t.accessToken)).toBe(true);
    now += 1;
    expect(book.isValid(t.accessToken)).toBe(false);
  });

  it('refreshes with rotation: the old pair stops working', () => {
    const book = new TokenBook(() => 0);
    const first = book.issue({ ttlSec: 300, withRefresh: true });
    const second = book.refresh(first.refreshToken!);
    expect(second).not.toBeNull();
    expect(second!.expiresIn).toBe(300);
    expect(book.isValid(second!.accessToken)).toBe(true);
    expect(book.isValid(first.accessToken)).toBe(false);
    expect(book.refresh(first.refreshToken!)).toBeNull();
    expect(book.refresh('made-up')).toBeNull();
  });

  it('revokes one token or all', () => {
    const book = new TokenBook(() => 0);
    const a = book.issue({ withRefresh: true });
    const b = book.issue();
    book.revoke(a.accessToken);
    expect(book.isValid(a.accessToken)).toBe(false);
    expect(book.refresh(a.refreshToken!)).toBeNull();
    expect(book.isValid(b.accessToken)).toBe(true);
    book.revokeAll();
    expect(book.isValid(b.accessToken)).toBe(false);
    expect(book.isValid('')).toBe(false);
    expect(book.isValid(null)).toBe(false);
  });
});
