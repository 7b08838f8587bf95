/** Embed URL checks at their edges (mutation survivors). */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { isHttpUrl } from '../../../../src-main/contract';
import { embedExpiry, pickEmbedUrl } from '../../../../src-main/core/embed/embed-url';

/** An unsigned-looking JWS with the given payload (signature never checked). */
const jwsWith = async (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('k'.repeat(32)));

describe('isHttpUrl', () => {
  it('takes only addresses written as http:// or https:// from their first character', () => {
    expect(isHttpUrl('https://maps.example/embed')).toBe(true);
    expect(isHttpUrl('http://maps.example/embed')).toBe(true);
    for (const value of [' https://maps.example/', 'HTTPS://maps.example/', 'https:maps.example', 'https:/maps.example', '\thttp://maps.example/']) {
      expect(isHttpUrl(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses an address that starts right but does not parse', () => {
    expect(isHttpUrl('https://exa mple.com/')).toBe(false);
    expect(isHttpUrl('http://[::1/')).toBe(false);
  });
});

describe('pickEmbedUrl', () => {
  it('looks only at the object’s own entries for a URL under another name', () => {
    const inherited = Object.assign(Object.create({ other: 'https://evil.example/b' }) as object, { name: 'not a url' });
    expect(pickEmbedUrl(inherited)).toBeNull();
  });
});

describe('embedExpiry', () => {
  const at = new Date('2026-03-01T10:00:00Z');
  const fallback = new Date('2026-03-01T11:00:00Z');

  it('falls back when exp is text, even text that reads as a number', async () => {
    const jws = await jwsWith({ exp: '1772362800' });
    expect(embedExpiry(`https://maps.example/e?jws=${jws}`, at)).toEqual(fallback);
  });

  it('falls back for an empty jws parameter', () => {
    expect(embedExpiry('https://maps.example/e?jws=', at)).toEqual(fallback);
  });
});
