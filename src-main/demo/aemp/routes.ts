import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoContext } from '../context';

/**
 * Fleet (AEMP 1.2 / 2.0) endpoints under `/aemp/*`; the bearer token is already checked.
 * Stub: owned by the fleet engineer, who replaces this body. Returns true when handled.
 */
export function handleAempRequest(_req: IncomingMessage, _res: ServerResponse, _url: URL, _demo: DemoContext): boolean {
  return false;
}
