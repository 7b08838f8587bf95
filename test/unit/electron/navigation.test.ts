/** Where the app window may go: the app page only, never a new window, and only checked http(s) links to the system browser. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

const { guardNavigation, isAllowedNavigation, windowOpenHandler } = await import('../../../src-main/electron/navigation');

const FILE_APP = 'file:///opt/fleet-desk/resources/app/out/renderer/index.html';
const DEV_APP = 'http://localhost:5173/';
const PACKAGED_APP = 'file:///app/out/renderer/index.html';

describe('isAllowedNavigation allows the app page itself and refuses everything else', () => {
  it('allows the app page itself', () => {
    expect(isAllowedNavigation(`${FILE_APP}#/assets`, FILE_APP)).toBe(true);
    expect(isAllowedNavigation('http://localhost:5173/index.html?x=1', DEV_APP)).toBe(true);
  });

  it('denies foreign origins and look-alikes', () => {
    for (const url of [
      'https://evil.example',
      'http://localhost:5173.evil.com/',
      'http://localhost:5174/',
      'https://localhost:5173/',
      'http://localhost:5173@evil.example/',
      'http://user:pw@localhost:5173/',
      'http://127.0.0.1.evil.com/',
      'javascript:alert(1)',
      'data:text/html,hi',
      'not a url',
    ]) {
      expect(isAllowedNavigation(url, DEV_APP), url).toBe(false);
    }
  });

  it('for a file:// app allows only the same file', () => {
    for (const url of [
      'file:///etc/passwd',
      'file:///opt/fleet-desk/resources/app/out/renderer/other.html',
      'file://evil.example/opt/fleet-desk/resources/app/out/renderer/index.html',
      'file:///opt/fleet-desk/resources/app/out/renderer/index.html/../../x',
      'https://evil.example/opt/fleet-desk/resources/app/out/renderer/index.html',
    ]) {
      expect(isAllowedNavigation(url, FILE_APP), url).toBe(false);
    }
  });

  it('never treats the opaque "null" origin of file:// as a match for another scheme', () => {
    expect(isAllowedNavigation('file:///x', 'about:blank')).toBe(false);
    expect(isAllowedNavigation('data:,x', 'data:,x')).toBe(false);
  });
});

describe('isAllowedNavigation allows a packaged, dev or https app only its own page, without credentials', () => {
  it('allows only file: URLs of the very same page for a packaged app', () => {
    expect(isAllowedNavigation('file:///app/out/renderer/index.html#/map', PACKAGED_APP)).toBe(true);
    for (const url of ['javascript:/app/out/renderer/index.html', 'data:/app/out/renderer/index.html', 'blob:/app/out/renderer/index.html']) {
      expect(isAllowedNavigation(url, PACKAGED_APP), url).toBe(false);
    }
  });

  it('allows an https app its own origin too, without credentials', () => {
    expect(isAllowedNavigation('https://app.example/index.html', 'https://app.example/')).toBe(true);
    expect(isAllowedNavigation('https://user@app.example/index.html', 'https://app.example/')).toBe(false);
    expect(isAllowedNavigation('https://:pw@app.example/index.html', 'https://app.example/')).toBe(false);
  });

  it('refuses same-origin URLs carrying a user name or password for a dev server', () => {
    expect(isAllowedNavigation('http://localhost:5173/', 'http://localhost:5173/')).toBe(true);
    expect(isAllowedNavigation('http://user@localhost:5173/', 'http://localhost:5173/')).toBe(false);
    expect(isAllowedNavigation('http://:secret@localhost:5173/', 'http://localhost:5173/')).toBe(false);
  });

  it('allows nothing for an app page that is neither file: nor http(s)', () => {
    expect(isAllowedNavigation('app://fleet/index.html', 'app://fleet/index.html')).toBe(false);
  });
});

describe('windowOpenHandler and guardNavigation deny new windows and foreign navigation', () => {
  it('denies every new window and hands only http(s) links to the system browser', () => {
    const open = vi.fn();
    const handler = windowOpenHandler(open);
    expect(handler({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'smb://server/share' })).toEqual({ action: 'deny' });
    expect(open.mock.calls).toEqual([['https://example.com/help']]);
  });

  it('prevents will-navigate and will-redirect unless allowed, and blocks webviews', () => {
    const listeners: Record<string, (event: { url: string; preventDefault: () => void }) => void> = {};
    const contents = {
      on: vi.fn((name: string, fn: (event: { url: string; preventDefault: () => void }) => void) => {
        listeners[name] = fn;
      }),
      setWindowOpenHandler: vi.fn(),
    };
    guardNavigation(contents as never, (url) => isAllowedNavigation(url, DEV_APP), vi.fn());
    const fire = (name: string, url: string) => {
      const preventDefault = vi.fn();
      listeners[name]({ url, preventDefault });
      return preventDefault.mock.calls.length > 0;
    };
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-navigate', 'http://localhost:5173/#x')).toBe(false);
    expect(fire('will-redirect', 'http://127.0.0.1.evil.com/')).toBe(true);
    expect(fire('will-attach-webview', '')).toBe(true);
    expect(contents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    const handler = contents.setWindowOpenHandler.mock.calls[0][0] as (d: { url: string }) => unknown;
    expect(handler({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
  });
});
