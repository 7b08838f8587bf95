import type { ServerResponse } from 'node:http';
import type { FaultState } from './faults';

const CORS_FREE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** Sends a body, applying the body-level faults (wrong content type, truncation). */
export function sendBody(res: ServerResponse, status: number, contentType: string, body: string | Buffer, faults: FaultState | null, extraHeaders: Record<string, string> = {}): void {
  const settings = faults?.settings;
  let type = contentType;
  let payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (settings?.wrongContentType) {
    type = 'text/html; charset=utf-8';
    payload = Buffer.from('<!doctype html><html><head><title>Service notice</title></head><body><h1>Scheduled maintenance</h1><p>The service will be back shortly.</p></body></html>', 'utf8');
  }
  res.writeHead(status, { ...CORS_FREE_HEADERS, 'content-type': type, 'content-length': String(payload.length), ...extraHeaders });
  if (faults && settings && faults.random.chance(settings.truncateRate) && payload.length > 1) {
    // Promise the whole length, send half, then drop the connection.
    res.write(payload.subarray(0, Math.floor(payload.length / 2)), () => res.destroy());
    return;
  }
  res.end(payload);
}

export function sendJsonBody(res: ServerResponse, status: number, body: unknown, faults: FaultState | null, extraHeaders: Record<string, string> = {}): void {
  sendBody(res, status, 'application/json; charset=utf-8', typeof body === 'string' ? body : JSON.stringify(body), faults, extraHeaders);
}

/** Errors are JSON `{error, message}` and never carry fault-injected bodies. */
export function sendErrorBody(res: ServerResponse, status: number, code: string, message: string, extraHeaders: Record<string, string> = {}): void {
  sendJsonBody(res, status, { error: code, message }, null, extraHeaders);
}
