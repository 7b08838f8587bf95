/** The page's Content Security Policy: which sources it allows and where it reads them from. */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspOriginsFromCore, cspSource } from '../../../src-main/core/csp';
import { coreAnswering } from '../../fixtures/core-handlers';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
const empty = { images: [], frames: [], connect: [] };

describe('contentSecurityPolicy refuses anything but plain origins and bare schemes', () => {
  it('is exactly this list of directives for an empty policy', () => {
    expect(contentSecurityPolicy(empty)).toBe(
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

  it('allows no inline or eval script and drops smuggled sources', () => {
    const csp = contentSecurityPolicy({
      connect: ['ws://127.0.0.1:5000'],
      images: ['http://127.0.0.1:4000', 'https://tiles.example', "https://x.example 'unsafe-eval'"],
      frames: ['http://127.0.0.1:4000', 'https://fleet.example', 'https://a.example; script-src *'],
    });
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('script-src *');
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: http://127.0.0.1:4000 https://tiles.example");
    expect(directive(csp, 'frame-src')).toBe('frame-src http://127.0.0.1:4000 https://fleet.example');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws://127.0.0.1:5000");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('takes an origin only when the whole value is one', () => {
    const csp = contentSecurityPolicy({ ...empty, images: ["'unsafe-eval' https://a.example", 'https://b.example', 'x https://c.example'] });
    expect(csp).toContain("img-src 'self' data: blob: https://b.example;");
    expect(csp).not.toContain('a.example');
    expect(csp).not.toContain('c.example');
  });

  it('allows images from an app scheme (Electron tiles) only when it is a bare scheme', () => {
    const csp = contentSecurityPolicy({ connect: [], images: [], frames: [], imageSchemes: ['fleet-tiles:', "x: 'unsafe-inline'", 'javascript:alert(1)', '*:'] });
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: fleet-tiles:");
  });

  it('takes an app scheme only when the whole value is a bare scheme, and never javascript:', () => {
    const csp = contentSecurityPolicy({ ...empty, imageSchemes: ['fleet-tiles:', 'x fleet-evil:', 'javascript:', 'data:x', '*:'] });
    expect(csp).toContain("img-src 'self' data: blob: fleet-tiles:;");
  });

  it('frames nothing at all when no profile has a usable site', () => {
    expect(directive(contentSecurityPolicy({ connect: [], images: [], frames: [] }), 'frame-src')).toBe("frame-src 'none'");
  });
});

describe('cspSource turns URLs and tile templates into origins', () => {
  it('turns URLs and tile templates into origins', () => {
    expect(cspSource('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
    expect(cspSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(cspSource('ftp://files.example')).toBeNull();
    expect(cspSource('not a url')).toBeNull();
    expect(cspSource('')).toBeNull();
  });

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

describe('cspOriginsFromCore reads the allowed origins from the profiles', () => {
  it('reads every profile origin (images) and every profile’s embed sites (frames) from the core, not the tile server (tiles come through the app)', async () => {
    const core = coreAnswering({
      'settings:get': async () => ({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }),
      'profiles:list': async () => ({
        activeId: 'a',
        profiles: [
          { id: 'a', baseUrl: 'https://api.fleet.example/api/v1', aempUrl: 'https://aemp.other.example/x', embedOrigins: [] },
          { id: 'b', baseUrl: 'http://127.0.0.1:4000/v1', aempUrl: '', embedOrigins: ['https://maps.partner.net:8443'] },
        ],
      }),
    });
    const origins = await cspOriginsFromCore(core);
    expect(origins.images).toEqual(['https://api.fleet.example', 'https://aemp.other.example', 'http://127.0.0.1:4000']);
    expect(origins.frames).toEqual([
      'https://fleet.example:*',
      'https://*.fleet.example:*',
      'http://fleet.example:*',
      'http://*.fleet.example:*',
      'https://127.0.0.1:*',
      'http://127.0.0.1:*',
      'https://maps.partner.net:8443',
    ]);
  });

  it('frames nothing from an AEMP host or any other site than the embed policy allows', async () => {
    const core = coreAnswering({
      'settings:get': async () => ({ tileUrl: '' }),
      'profiles:list': async () => ({ activeId: 'a', profiles: [{ id: 'a', baseUrl: 'https://api.fleet.example/v1', aempUrl: 'https://aemp.other.example/x', embedOrigins: [] }] }),
    });
    const csp = contentSecurityPolicy({ ...(await cspOriginsFromCore(core)), connect: [] });
    expect(directive(csp, 'frame-src')).not.toContain('other.example');
    expect(directive(csp, 'frame-src')).not.toMatch(/https:(\s|$)/);
  });

  it('counts the built-in demo only while it is the active profile (its service runs only then)', async () => {
    const demo = { id: 'demo', baseUrl: 'http://127.0.0.1:41234/v1', aempUrl: 'http://127.0.0.1:41234/aemp', embedOrigins: [] };
    const real = { id: 'p-1', baseUrl: 'https://api.fleet.example/v1', aempUrl: '', embedOrigins: [] };
    const coreWith = (activeId: string) => coreAnswering({ 'profiles:list': async () => ({ activeId, profiles: [demo, real] }) });
    const onReal = contentSecurityPolicy({ ...(await cspOriginsFromCore(coreWith('p-1'))), connect: [] });
    expect(onReal).not.toContain('127.0.0.1');
    expect(directive(onReal, 'img-src')).toContain('https://api.fleet.example');
    const onDemo = contentSecurityPolicy({ ...(await cspOriginsFromCore(coreWith('demo'))), connect: [] });
    expect(directive(onDemo, 'img-src')).toContain('http://127.0.0.1:41234');
    expect(directive(onDemo, 'frame-src')).toContain('http://127.0.0.1:*');
    // The real profiles stay: the page is not reloaded when the dispatcher switches.
    expect(directive(onDemo, 'img-src')).toContain('https://api.fleet.example');
  });

  it('gives empty sources, without failing, when the profiles cannot be read', async () => {
    const core = coreAnswering({
      'settings:get': async () => ({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }),
      'profiles:list': async () => {
        throw new Error('store closed');
      },
    });
    expect(await cspOriginsFromCore(core)).toEqual({ images: [], frames: [] });
  });
});
