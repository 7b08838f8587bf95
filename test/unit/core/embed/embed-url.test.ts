/** Reading the service's embed answer: which map address to take, and when its session ends. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isHttpUrl } from '../../../../src-main/contract';
import { embedExpiry, pickEmbedUrl } from '../../../../src-main/core/embed/embed-url';

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned-looking compact JWS: the helpers never verify, only decode. */
function jws(payload: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

function embedUrl(payload: Record<string, unknown>): string {
  return `http://127.0.0.1:4000/embed/auth?req=${encodeURIComponent('/map#assets=thing:1,thing:2')}&jws=${jws(payload)}`;
}

const REQUESTED = new Date('2026-03-01T10:00:00Z');
const FALLBACK = new Date('2026-03-01T11:00:00Z');

describe('isHttpUrl takes only http(s) map addresses', () => {
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

describe('pickEmbedUrl picks the map address and refuses anything else', () => {
  it('prefers mapEmbed', () => {
    expect(pickEmbedUrl({ other: 'https://a.example/x', mapEmbed: 'https://b.example/y' })).toBe('https://b.example/y');
  });

  it('takes any http(s) string entry when the name differs', () => {
    expect(pickEmbedUrl({ embedUrl: 'https://c.example/z' })).toBe('https://c.example/z');
    expect(pickEmbedUrl({ mapEmbed: 'not a url', count: 3, map: 'http://127.0.0.1/m' })).toBe('http://127.0.0.1/m');
  });

  it('returns null for anything without an http(s) URL', () => {
    for (const input of [null, undefined, 'https://x.example', [], ['https://x.example'], {}, { a: 'ftp://x.example' }, { a: 'javascript:alert(1)' }, { a: 42 }]) {
      expect(pickEmbedUrl(input)).toBeNull();
    }
  });

  it('never throws and only ever returns a string that is an http(s) URL', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.oneof(fc.webUrl(), fc.string(), fc.anything()))), (input) => {
        const out = pickEmbedUrl(input);
        expect(out === null || isHttpUrl(out)).toBe(true);
      }),
    );
  });

  it('looks only at the object’s own entries for a URL under another name', () => {
    const inherited = Object.assign(Object.create({ other: 'https://evil.example/b' }) as object, { name: 'not a url' });
    expect(pickEmbedUrl(inherited)).toBeNull();
  });
});

describe('embedExpiry reads the session end, falling back to an hour', () => {
  it('reads exp from the jws parameter without verifying', () => {
    const exp = Math.floor(Date.parse('2026-03-01T10:45:00Z') / 1000);
    expect(embedExpiry(embedUrl({ sub: 'branch', exp }), REQUESTED).toISOString()).toBe('2026-03-01T10:45:00.000Z');
  });

  it('falls back to requestedAt + 1 h', () => {
    const fallback = '2026-03-01T11:00:00.000Z';
    expect(embedExpiry('https://x.example/embed', REQUESTED).toISOString()).toBe(fallback);
    expect(embedExpiry('https://x.example/embed?jws=garbage', REQUESTED).toISOString()).toBe(fallback);
    expect(embedExpiry(embedUrl({ sub: 'x' }), REQUESTED).toISOString()).toBe(fallback);
    expect(embedExpiry(embedUrl({ exp: 'tomorrow' }), REQUESTED).toISOString()).toBe(fallback);
    expect(embedExpiry('not a url at all', REQUESTED).toISOString()).toBe(fallback);
  });

  it('never throws and always returns a valid date, whatever the URL', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.record({ exp: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)) }).map((p) => embedUrl(p)),
          fc.string().map((s) => `https://x.example/e?jws=${encodeURIComponent(s)}`),
        ),
        (url) => {
          const at = embedExpiry(url, REQUESTED);
          expect(Number.isNaN(at.getTime())).toBe(false);
        },
      ),
    );
  });

  it('falls back when exp is text, even text that reads as a number', () => {
    expect(embedExpiry(`https://maps.example/e?jws=${jws({ exp: '1772362800' })}`, REQUESTED)).toEqual(FALLBACK);
  });

  it('falls back for an empty jws parameter', () => {
    expect(embedExpiry('https://maps.example/e?jws=', REQUESTED)).toEqual(FALLBACK);
  });
});
