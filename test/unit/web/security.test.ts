/**
 * The web shell's request checks, one by one (the server tests drive them end to end;
 * these pin the edges a careless change would move).
 */
import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { hostAllowed, newSecret, originAllowed, secretFromProtocols, secretMatches, tileKeyFor, webShellCsp } from '../../../src-main/web/security';

describe('secretMatches', () => {
  it('accepts the exact secret only', () => {
    const secret = newSecret();
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(secret, `${secret}0`)).toBe(false);
    expect(secretMatches(secret, secret.toUpperCase())).toBe(false);
  });

  it('never accepts an empty secret, even against an empty expected one', () => {
    expect(secretMatches('', '')).toBe(false);
  });

  it('accepts up to 256 characters and refuses longer ones without comparing', () => {
    const long = 'a'.repeat(256);
    expect(secretMatches(long, long)).toBe(true);
    const tooLong = 'a'.repeat(257);
    expect(secretMatches(tooLong, tooLong)).toBe(false);
  });

  it('refuses anything that is not a string', () => {
    for (const given of [undefined, null, 42, ['s'], { s: 1 }]) expect(secretMatches('s', given)).toBe(false);
  });

  it('makes a new 64-hex-digit secret each launch', () => {
    const a = newSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret()).not.toBe(a);
  });
});

describe('tileKeyFor', () => {
  it('is an HMAC-SHA256 of a fixed label under the secret: not the secret, and new with each secret', () => {
    const secret = 'a'.repeat(64);
    expect(tileKeyFor(secret)).toBe(createHmac('sha256', secret).update('fleet-desk map tiles').digest('hex'));
    expect(tileKeyFor(secret)).not.toContain(secret);
    expect(tileKeyFor('b'.repeat(64))).not.toBe(tileKeyFor(secret));
  });
});

describe('secretFromProtocols', () => {
  it('finds the secret among the offered subprotocols, spaces or not', () => {
    expect(secretFromProtocols('fleet-desk, secret.abc123')).toBe('abc123');
    expect(secretFromProtocols('secret.abc123,fleet-desk')).toBe('abc123');
  });

  it('has nothing without a header or without a secret protocol', () => {
    expect(secretFromProtocols(undefined)).toBeUndefined();
    expect(secretFromProtocols('')).toBeUndefined();
    expect(secretFromProtocols('fleet-desk, other')).toBeUndefined();
  });
});

describe('hostAllowed and originAllowed', () => {
  it('allows the loopback listener by IP or name, on its own port only', () => {
    expect(hostAllowed('127.0.0.1:4100', 4100)).toBe(true);
    expect(hostAllowed('localhost:4100', 4100)).toBe(true);
    for (const host of ['127.0.0.1:4101', 'localhost', 'evil.example:4100', '127.0.0.1.evil.example:4100', undefined]) {
      expect(hostAllowed(host, 4100)).toBe(false);
    }
  });

  it('allows no Origin (same-origin navigation), or exactly the page origin of the Host asked', () => {
    expect(originAllowed(undefined, '127.0.0.1:4100', 4100)).toBe(true);
    expect(originAllowed('http://127.0.0.1:4100', '127.0.0.1:4100', 4100)).toBe(true);
    expect(originAllowed('http://localhost:4100', 'localhost:4100', 4100)).toBe(true);
    expect(originAllowed('http://localhost:4100', '127.0.0.1:4100', 4100)).toBe(false);
    expect(originAllowed('https://127.0.0.1:4100', '127.0.0.1:4100', 4100)).toBe(false);
    expect(originAllowed('http://evil.example:4100', 'evil.example:4100', 4100)).toBe(false);
    expect(originAllowed('null', '127.0.0.1:4100', 4100)).toBe(false);
  });
});

describe('webShellCsp', () => {
  it('lets the page reach its own event socket and the origins it is given, and no other loopback port', () => {
    const directives = webShellCsp(4100, { images: ['https://tiles.example'], frames: [] }).split('; ');
    const directive = (name: string) => directives.find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('connect-src').split(' ')).toEqual(['connect-src', "'self'", 'ws://127.0.0.1:4100', 'ws://localhost:4100']);
    expect(directive('img-src').split(' ')).toEqual(['img-src', "'self'", 'data:', 'blob:', 'https://tiles.example']);
    expect(directive('frame-src')).toBe("frame-src 'none'");
  });
});
