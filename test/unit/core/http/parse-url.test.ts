import { describe, expect, it } from 'vitest';
import { parseUrl } from '../../../../src-main/core/http/parse-url';

describe('parseUrl', () => {
  it('reads an absolute address, and a relative one against its base', () => {
    expect(parseUrl('https://fleet.example/v1/assets?page=2')?.href).toBe('https://fleet.example/v1/assets?page=2');
    expect(parseUrl('../b?x=1', 'https://fleet.example/v1/a/page')?.href).toBe('https://fleet.example/v1/b?x=1');
    expect(parseUrl('//other.example/x', new URL('https://fleet.example/'))?.host).toBe('other.example');
  });

  it('gives null, never throws, for no text, an unreadable address or a relative one without a base', () => {
    for (const value of [null, undefined, '', 'http://[bad', 'not a url', '/relative']) expect(parseUrl(value)).toBeNull();
  });
});
