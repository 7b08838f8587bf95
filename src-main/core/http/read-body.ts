/**
 * Reads a fetch body while it streams, up to a byte limit (issue 11, item 8): a body
 * that grows past the limit is abandoned at once instead of being collected whole.
 */
import { FleetError } from '../errors';
import { formatBytes } from '../limits';

export type BodyLimit =
  /** Past the limit the request fails (a success answer must be whole). */
  | { maxBytes: number; past: 'fail'; endpoint: string }
  /** Past the limit the rest is dropped (an error answer: its start has the message). */
  | { maxBytes: number; past: 'cut' };

export function tooLarge(endpoint: string, maxBytes: number): FleetError {
  return new FleetError(
    'bad-payload',
    `The service's answer from ${endpoint} is larger than ${formatBytes(maxBytes)}, the most Fleet Desk reads from it; it stopped reading and kept the data it had`,
  );
}

/** The body as text (UTF-8, a leading byte-order mark dropped, like `Response.text()`). */
export async function readBody(res: Response, limit: BodyLimit): Promise<string> {
  const announced = Number(res.headers.get('content-length'));
  if (limit.past === 'fail' && Number.isFinite(announced) && announced > limit.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(limit.endpoint, limit.maxBytes);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (total + value.byteLength > limit.maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (limit.past === 'fail') throw tooLarge(limit.endpoint, limit.maxBytes);
      chunks.push(value.subarray(0, limit.maxBytes - total));
      total = limit.maxBytes;
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  chunks.length = 0;
  // fatal: false keeps text() behaviour (bad sequences become U+FFFD); the BOM is dropped.
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * The text of an answer from a fetch-like function: streamed under the limit when it is a
 * real Response, else its own `text()` (test doubles).
 */
export function readLimited(res: { text(): Promise<string> }, limit: BodyLimit): Promise<string> {
  return res instanceof Response ? readBody(res, limit) : res.text();
}
