/** Reading an answer body under a byte limit (mutation survivors of read-body.ts). */
import { describe, expect, it } from 'vitest';
import { readBody, readBytes, readLimited, tooLarge } from '../../../../src-main/core/http/read-body';
import { failure } from '../../../fixtures/failure';

const enc = new TextEncoder();

/** A streamed answer of the given chunks; records pulls and cancellation. */
function streamed(chunks: Array<string | Uint8Array>, headers: Record<string, string> = {}) {
  const state = { pulls: 0, cancelled: false };
  const queue = chunks.map((c) => (typeof c === 'string' ? enc.encode(c) : c));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulls += 1;
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { res: new Response(body, { headers }), state };
}

describe('readBody', () => {
  it('reads every chunk of a body within the limit, up to exactly the limit', async () => {
    expect(await readBody(streamed(['ab', 'cd', 'ef']).res, { maxBytes: 6, past: 'fail', endpoint: '/x' })).toBe('abcdef');
    expect(await readBody(streamed(['abcdef']).res, { maxBytes: 6, past: 'fail', endpoint: '/x' })).toBe('abcdef');
  });

  it('fails one byte past the limit, stops reading and names the endpoint and the limit', async () => {
    const { res, state } = streamed(['abc', 'def', 'g', 'never read']);
    const err = await failure(readBody(res, { maxBytes: 6, past: 'fail', endpoint: '/v1/assets' }));
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toBe(tooLarge('/v1/assets', 6).message);
    expect(state.cancelled).toBe(true);
    expect(state.pulls).toBeLessThanOrEqual(4);
  });

  it('keeps the first bytes up to the limit of an error answer, cutting inside a chunk', async () => {
    const { res, state } = streamed(['abc', 'def', 'ghi']);
    expect(await readBody(res, { maxBytes: 4, past: 'cut' })).toBe('abcd');
    expect(state.cancelled).toBe(true);
  });

  it('refuses at once an answer whose announced length is over the limit, without reading it', async () => {
    const { res, state } = streamed(['abc'], { 'content-length': '7' });
    await failure(readBody(res, { maxBytes: 6, past: 'fail', endpoint: '/x' }));
    expect(state.pulls).toBe(0);
    expect(state.cancelled).toBe(true);
  });

  it('reads an answer announced at exactly the limit, and ignores the announcement for an error answer', async () => {
    expect(await readBody(streamed(['abcdef'], { 'content-length': '6' }).res, { maxBytes: 6, past: 'fail', endpoint: '/x' })).toBe('abcdef');
    expect(await readBody(streamed(['abcdefgh'], { 'content-length': '8' }).res, { maxBytes: 6, past: 'cut' })).toBe('abcdef');
  });

  it('refuses an over-long announced answer that has no body stream', async () => {
    await failure(readBody(new Response(null, { status: 200, headers: { 'content-length': '100' } }), { maxBytes: 6, past: 'fail', endpoint: '/x' }));
  });

  it('reads an answer without a body as empty text', async () => {
    expect(await readBody(new Response(null, { status: 204 }), { maxBytes: 6, past: 'fail', endpoint: '/x' })).toBe('');
  });

  it('decodes UTF-8 across chunks, drops a byte-order mark and replaces broken bytes', async () => {
    const euro = enc.encode('€');
    const { res } = streamed([new Uint8Array([0xef, 0xbb, 0xbf, ...euro.subarray(0, 1)]), euro.subarray(1), new Uint8Array([0xff])]);
    expect(await readBody(res, { maxBytes: 100, past: 'fail', endpoint: '/x' })).toBe('€\uFFFD');
  });

  it('says what was refused, the limit in KB or MB, and that the data already held stays', () => {
    expect(tooLarge('/v1/assets', 8 * 1024 * 1024).message).toBe(
      "The service's answer from /v1/assets is larger than 8 MB, the most Fleet Desk reads from it; it stopped reading and kept the data it had",
    );
    expect(tooLarge('/x', 64 * 1024).message).toContain('larger than 64 KB');
  });
});

describe('readLimited', () => {
  it('streams a real Response under the limit and asks a test double for its text', async () => {
    await failure(readLimited(streamed(['abcdefg']).res, { maxBytes: 6, past: 'fail', endpoint: '/x' }));
    expect(await readLimited({ text: async () => 'from a double' }, { maxBytes: 1, past: 'fail', endpoint: '/x' })).toBe('from a double');
  });
});

describe('readBytes (tile images)', () => {
  it('keeps the bytes as sent, one chunk or many, and an answer without a body as empty', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]);
    expect([...((await readBytes(streamed([png]).res, 7, 'fail')) ?? [])]).toEqual([...png]);
    expect([...((await readBytes(streamed([png.subarray(0, 3), png.subarray(3)]).res, 7, 'fail')) ?? [])]).toEqual([...png]);
    expect(await readBytes(new Response(null), 7, 'fail')).toEqual(Buffer.alloc(0));
  });

  it('gives nothing for an image past the limit, announced or streamed, and stops the download', async () => {
    const announced = streamed(['12345678'], { 'content-length': '8' });
    expect(await readBytes(announced.res, 7, 'fail')).toBeNull();
    expect(announced.state.pulls).toBe(0);
    const quiet = streamed(['1234', '5678', 'never read']);
    expect(await readBytes(quiet.res, 7, 'fail')).toBeNull();
    expect(quiet.state.cancelled).toBe(true);
  });
});
