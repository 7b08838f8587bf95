/** The Electron app page's Content-Security-Policy (the same rules as the web shell's page). */
import { contentSecurityPolicy, type CspOrigins } from '../core/csp';

export function electronCsp(extra: CspOrigins, devServerUrl?: string): string {
  // Vite's dev server talks to the page over a WebSocket for hot reload.
  let connect: string[] = [];
  if (devServerUrl) {
    try {
      connect = [`ws://${new URL(devServerUrl).host}`];
    } catch {
      connect = [];
    }
  }
  return contentSecurityPolicy({ ...extra, loopback: ['http://127.0.0.1:*'], connect });
}
