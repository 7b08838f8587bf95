import { describe, expect, it } from 'vitest';
import { profileTokenOrigins } from '../../../../src-main/core/auth/profiles';
import { tokenOrigins } from '../../../../src-main/core/http/token-origins';

describe('tokenOrigins', () => {
  it('gives each http(s) origin of the addresses once', () => {
    expect(tokenOrigins(['https://a.example/v1', 'https://a.example/aemp', 'http://c.example:81/x'])).toEqual(['https://a.example', 'http://c.example:81']);
  });

  it('adds no origin for another scheme, no address, or an address carrying a user name or password', () => {
    expect(tokenOrigins(['ftp://b.example/', '', 'junk', 'https://user:pw@d.example/v1', 'javascript:alert(1)'])).toEqual([]);
  });

  it('is what a profile pins its token to: the base and AEMP addresses, never the token URL', () => {
    expect(profileTokenOrigins({ baseUrl: 'https://api.example/v1', aempUrl: 'https://aemp.example/aemp' })).toEqual(['https://api.example', 'https://aemp.example']);
    expect(profileTokenOrigins({ baseUrl: 'https://api.example/v1', aempUrl: '' })).toEqual(['https://api.example']);
  });
});
