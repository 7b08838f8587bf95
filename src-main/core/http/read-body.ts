/**
 * Reads a fetch body while it streams, up to a byte limit (bounded work on hostile input): a body
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

/**
 * The body's bytes while it streams, at most `maxBytes`; past the limit the download is
 * cancelled at once. 'fail': null when the body (or the length it announces) is larger;
 * 'cut': the first `maxBytes` bytes.
 */
export async function readBytes(res: Response, maxBytes: number, past: 'cut'): Promise<Buffer>;
export async function readBytes(res: Response, maxBytes: number, past: 'fail'): Promise<Buffer | null>;
export async function readBytes(res: Response, maxBytes: number, past: BodyLimit['past']): Promise<Buffer | null> {
  const announced = Number(res.headers.get('content-length'));
  if (past === 'fail' && Number.isFinite(announced) && announced > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (past === 'fail') return null;
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  // One chunk (the usual large body) is wrapped, not copied.
  return chunks.length === 1 ? Buffer.from(chunks[0].buffer, chunks[0].byteOffset, chunks[0].byteLength) : Buffer.concat(chunks, total);
}

/** The body as text (UTF-8, a leading byte-order mark dropped, like `Response.text()`). */
export async function readBody(res: Response, limit: BodyLimit): Promise<string> {
  // fatal: false keeps text() behaviour (bad sequences become U+FFFD); the BOM is dropped.
  const decoder = new TextDecoder('utf-8');
  if (limit.past === 'cut') return decoder.decode(await readBytes(res, limit.maxBytes, 'cut'));
  const bytes = await readBytes(res, limit.maxBytes, 'fail');
  if (bytes === null) throw tooLarge(limit.endpoint, limit.maxBytes);
  return decoder.decode(bytes);
}

/**
 * The text of an answer from a fetch-like function: streamed under the limit when it is a
 * real Response, else its own `text()` (test doubles).
 */
export function readLimited(res: { text(): Promise<string> }, limit: BodyLimit): Promise<string> {
  return res instanceof Response ? readBody(res, limit) : res.text();
}
