import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pathToFileURL } from 'node:url';
import { appPageHandler, electronCsp, withCspMeta } from '../../../src-main/electron/csp';
import { webShellCsp } from '../../../src-main/web/security';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

describe('Electron page CSP', () => {
  const csp = () => electronCsp({ images: ['https://tiles.example', "https://x.example 'unsafe-eval'"], frames: ['https://fleet.example'] });
  const directive = (name: string) => csp().split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

  it('allows scripts from the app only, nothing inline or eval', () => {
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(csp()).not.toContain('unsafe-eval');
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
  });

  it('adds service origins, dropping anything malformed, and the app\'s own tile scheme (tiles come through the core)', () => {
    expect(directive('img-src')).toContain('https://tiles.example');
    expect(directive('img-src').split(' ')).toContain('fleet-tiles:');
    expect(directive('img-src')).not.toContain('x.example');
    expect(directive('frame-src')).toContain('https://fleet.example');
  });

  it('lets the dev server hot-reload socket connect only in development', () => {
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(electronCsp({ images: [], frames: [] }, 'http://localhost:5173/')).toContain("connect-src 'self' ws://localhost:5173");
  });
});

describe('one policy for both shells', () => {
  const origins = { images: ['https://tiles.example'], frames: ['https://example.com:*', 'https://*.example.com:*'] };
  // Built before each test, not while the file loads (mutation testing switches changes on per test).
  let electron = new Map<string, string[]>();
  let web = new Map<string, string[]>();
  beforeEach(() => {
    electron = directives(electronCsp(origins));
    web = directives(webShellCsp(5000, origins));
  });

  it('has the same directives, word for word, except where a shell adds its own socket or tile route', () => {
    expect([...electron.keys()]).toEqual([...web.keys()]);
    for (const [name, sources] of electron) {
      if (name === 'connect-src') continue;
      const webExtra = web.get(name)!.filter((s) => !sources.includes(s));
      expect(webExtra, name).toEqual([]);
      // Electron's tiles come from its own scheme; the web shell's from its own origin ('self').
      expect(sources.filter((s) => !web.get(name)!.includes(s)), name).toEqual(name === 'img-src' ? ['fleet-tiles:'] : []);
    }
    expect(web.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:5000', 'ws://localhost:5000']);
    expect(electron.get('connect-src')).toEqual(["'self'"]);
  });

  it('allows no loopback port of its own: the demo service comes in with its profile, while active (core/csp.ts)', () => {
    for (const policy of [electronCsp({ images: [], frames: [] }), webShellCsp(5000, { images: [], frames: [] })]) {
      expect(policy.replace(/ws:\/\/(127\.0\.0\.1|localhost):5000/g, '')).not.toMatch(/127\.0\.0\.1|localhost/);
    }
  });

  it('allows no network-wide sources such as https: or * anywhere', () => {
    for (const policy of [electron, web]) for (const sources of policy.values()) expect(sources.filter((s) => /^(https?:|wss?:|\*)$/.test(s))).toEqual([]);
  });
});

describe('the app page as Electron serves it', () => {
  const policy = "default-src 'self'; img-src 'self' https://tiles.example";
  const html = '<!doctype html>\n<html lang="en">\n  <HEAD data-x="1">\n    <meta charset="UTF-8" />\n    <title>Fleet Desk</title>\n  </HEAD>\n</html>';

  it('puts the policy first in <head>, attribute-escaped', () => {
    const out = withCspMeta(html, policy);
    expect(out).toContain(`<HEAD data-x="1"><meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; img-src &#39;self&#39; https://tiles.example">`);
    expect(withCspMeta('<head></head>', 'a "b" <c>&')).toBe('<head><meta http-equiv="Content-Security-Policy" content="a &quot;b&quot; &lt;c&gt;&amp;"></head>');
  });

  it('refuses a page without a <head> rather than serve it without a policy', () => {
    expect(() => withCspMeta('<html><body></body></html>', policy)).toThrow(/head/);
  });

  const appFile = '/opt/fleet-desk/out/renderer/index.html';
  const appUrl = pathToFileURL(appFile).href;

  it('answers the app page with the policy in a meta and a header, and forwards every other file', async () => {
    const forwarded: string[] = [];
    const handler = appPageHandler({
      appUrl,
      readFile: async (path) => (path === appFile ? html : ''),
      policy: async () => policy,
      forward: async (request) => {
        forwarded.push(request.url);
        return new Response('js');
      },
    });
    const page = await handler(new Request(`${appUrl}#secret`));
    expect(page.headers.get('content-security-policy')).toBe(policy);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await page.text();
    expect(body).toBe(withCspMeta(html, policy));
    expect(forwarded).toEqual([]);
    await handler(new Request(pathToFileURL('/opt/fleet-desk/out/renderer/assets/index.js').href));
    await handler(new Request(pathToFileURL('/opt/fleet-desk/out/renderer/other.html').href));
    expect(forwarded).toHaveLength(2);
  });

  it('answers 500 without the page when the policy cannot be built', async () => {
    const handler = appPageHandler({
      appUrl,
      readFile: async () => html,
      policy: async () => {
        throw new Error('no core');
      },
      forward: vi.fn(),
    });
    const page = await handler(new Request(appUrl));
    expect(page.status).toBe(500);
    expect(await page.text()).not.toContain('<title>');
  });
});
