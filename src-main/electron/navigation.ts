/**
 * Where the app window may go: nowhere but its own page. Origins are compared after
 * parsing, never with `startsWith` (so `http://127.0.0.1.evil.com` and
 * `http://localhost:5173@evil.example` are foreign).
 */
import type { WebContents } from 'electron';
import { isHttpUrl } from '../contract';
import { parseUrl } from '../core/http/parse-url';

/**
 * True when `url` belongs to the app page `appUrl`. For an `http(s)` app (dev server)
 * that means the same origin; for a `file:` app (production) `new URL().origin` is
 * the opaque "null", so the very same file is required.
 */
export function isAllowedNavigation(url: string, appUrl: string): boolean {
  const target = parseUrl(url);
  const app = parseUrl(appUrl);
  if (!target || !app) return false;
  if (app.protocol === 'file:') {
    return target.protocol === 'file:' && target.host === '' && target.username === '' && target.pathname === app.pathname;
  }
  if (app.protocol !== 'http:' && app.protocol !== 'https:') return false;
  return target.origin === app.origin && target.username === '' && target.password === '';
}

/** For `setWindowOpenHandler`: never a new Electron window; http(s) links go to the system browser. */
export function windowOpenHandler(openExternal: (url: string) => void) {
  return (details: { url: string }): { action: 'deny' } => {
    if (isHttpUrl(details.url)) openExternal(details.url);
    return { action: 'deny' };
  };
}

/** Keeps a webContents on `allowed` pages: other navigations are stopped, windows never open. */
export function guardNavigation(contents: WebContents, allowed: (url: string) => boolean, openExternal: (url: string) => void): void {
  contents.on('will-navigate', (event) => {
    if (!allowed(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!allowed(event.url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(windowOpenHandler(openExternal));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
