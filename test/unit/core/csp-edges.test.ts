/** The page policy at its edges (mutation survivors of core/csp.ts). */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspOriginsFromCore, cspSource } from '../../../src-main/core/csp';
import type { FleetDeskCore } from '../../../src-main/core/ports';

const base = { images: [], frames: [], connect: [] };

describe('contentSecurityPolicy', () => {
  it('is exactly this list of directives for an empty policy', () => {
    expect(contentSecurityPolicy(base)).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-src 'none'",
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('takes an origin only when the whole value is one', () => {
    const csp = contentSecurityPolicy({ ...base, images: ["'unsafe-eval' https://a.example", 'https://b.example', 'x https://c.example'] });
    expect(csp).toContain("img-src 'self' data: blob: https://b.example;");
    expect(csp).not.toContain('a.example');
    expect(csp).not.toContain('c.example');
  });

  it('takes an app scheme only when the whole value is a bare scheme, and never javascript:', () => {
    const csp = contentSecurityPolicy({ ...base, imageSchemes: ['fleet-tiles:', 'x fleet-evil:', 'javascript:', 'data:x', '*:'] });
    expect(csp).toContain("img-src 'self' data: blob: fleet-tiles:;");
  });
});

describe('cspSource', () => {
  it('has no source for an empty value', () => {
    expect(cspSource('')).toBeNull();
  });

  it('turns a {s}. subdomain template into a wildcard, for http and https, at the start only', () => {
    expect(cspSource('https://{s}.tile.example/{z}/{x}/{y}.png')).toBe('https://*.tile.example');
    expect(cspSource('http://{s}.tile.example/{z}/{x}/{y}.png')).toBe('http://*.tile.example');
    expect(cspSource('https://tiles.example/{s}.png')).toBe('https://tiles.example');
  });

  it('fills long template names and keeps an "a." that is part of the host', () => {
    expect(cspSource('https://tiles.example/{zoom}/{x}/{y}.png?key={apikey}')).toBe('https://tiles.example');
    expect(cspSource('https://{s}.data.example/{z}')).toBe('https://*.data.example');
    expect(cspSource('https://{s}.a.example/{z}')).toBe('https://*.a.example');
  });
});

describe('cspOriginsFromCore', () => {
  it('gives empty sources, without failing, when the profiles cannot be read', async () => {
    const core = {
      handlers: {
        'settings:get': async () => ({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }),
        'profiles:list': async () => {
          throw new Error('store closed');
        },
      },
    } as unknown as FleetDeskCore;
    expect(await cspOriginsFromCore(core)).toEqual({ images: [], frames: [] });
  });
});
