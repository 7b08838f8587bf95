import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { profileFileName } from '../../../../src-main/core/store/profile-file-name';

describe('profileFileName', () => {
  it('keeps plain ids readable', () => {
    expect(profileFileName('demo')).toBe('demo.sqlite');
    expect(profileFileName('p_1-A')).toBe('p_1-A.sqlite');
  });

  it('cannot leave the folder or hide the file', () => {
    expect(profileFileName('../../etc/passwd')).toBe('~2e~2e~2f~2e~2e~2fetc~2fpasswd.sqlite');
    expect(profileFileName('.hidden')).not.toMatch(/^\./);
    expect(profileFileName('a\\b:c')).not.toMatch(/[\\/:]/);
  });

  it('avoids names Windows reserves', () => {
    expect(profileFileName('CON')).toBe('~CON.sqlite');
    expect(profileFileName('lpt1')).toBe('~lpt1.sqlite');
  });

  it('gives different ids different files, within a sane length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (a, b) => {
        fc.pre(a.length > 0 && b.length > 0 && a !== b);
        const [fa, fb] = [profileFileName(a), profileFileName(b)];
        expect(fa).not.toBe(fb);
        expect(fa).toMatch(/^[A-Za-z0-9_~-]+\.sqlite$/);
        expect(fa.length).toBeLessThanOrEqual(90);
      }),
    );
    expect(profileFileName('x'.repeat(300))).not.toBe(profileFileName('x'.repeat(299)));
  });

  it('refuses an empty id', () => {
    expect(() => profileFileName('')).toThrow(/profile id/);
  });
});
