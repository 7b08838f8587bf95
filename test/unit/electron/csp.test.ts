import { describe, expect, it } from 'vitest';
import { electronCsp } from '../../../src-main/electron/csp';

describe('Electron page CSP', () => {
  const csp = electronCsp({ images: ['https://tiles.example', "https://x.example 'unsafe-eval'"], frames: ['https://fleet.example'] });
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

  it('allows scripts from the app only, nothing inline or eval', () => {
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
  });

  it('adds the configured tile server and service origins, dropping anything malformed', () => {
    expect(directive('img-src')).toContain('https://tiles.example');
    expect(directive('img-src')).not.toContain('x.example');
    expect(directive('frame-src')).toContain('https://fleet.example');
  });

  it('lets the dev server hot-reload socket connect only in development', () => {
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(electronCsp({ images: [], frames: [] }, 'http://localhost:5173/')).toContain("connect-src 'self' ws://localhost:5173");
  });
});
