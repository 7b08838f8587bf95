/** The Electron app page's Content-Security-Policy (the same rules as the web shell's page). */
import type { CspOrigins } from '../web/security';

export function electronCsp(extra: CspOrigins, devServerUrl?: string): string {
  const keep = (list: string[]) => [...new Set(list.filter((s) => /^https?:\/\/[^\s;,']+$/.test(s)))];
  // Vite's dev server talks to the page over a WebSocket for hot reload.
  let devSocket: string[] = [];
  if (devServerUrl) {
    try {
      devSocket = [`ws://${new URL(devServerUrl).host}`];
    } catch {
      devSocket = [];
    }
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', 'http://127.0.0.1:*', ...keep(extra.images)].join(' '),
    ['connect-src', "'self'", ...devSocket].join(' '),
    ['frame-src', 'http://127.0.0.1:*', ...keep(extra.frames)].join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
