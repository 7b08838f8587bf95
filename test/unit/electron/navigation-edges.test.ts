/** Where the app window may go, at the edges (mutation survivors). */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

const { isAllowedNavigation } = await import('../../../src-main/electron/navigation');

describe('isAllowedNavigation', () => {
  const FILE_APP = 'file:///app/out/renderer/index.html';

  it('allows only file: URLs of the very same page for a packaged app', () => {
    expect(isAllowedNavigation('file:///app/out/renderer/index.html#/map', FILE_APP)).toBe(true);
    for (const url of ['javascript:/app/out/renderer/index.html', 'data:/app/out/renderer/index.html', 'blob:/app/out/renderer/index.html']) {
      expect(isAllowedNavigation(url, FILE_APP), url).toBe(false);
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
