/**
 * Bounded answers: an answer is read while it streams and abandoned past its byte
 * limit, with an error naming the limit and the endpoint. Every fake body here ends
 * after a bounded number of bytes, so a client that reads without a limit fails these
 * tests (it gets a whole answer) instead of hanging.
 */
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import { MAX_ERROR_BODY_BYTES, MAX_RESPONSE_BYTES } from '../../../../src-main/core/limits';
import { boundedSleep } from './bounded-fakes';
import { failure } from '../../../fixtures/failure';

const TOKEN = 'tok-limits-abcdef123456';
const URL_ASSETS = 'https://fleet.example/v1/branch/current/assets';
const MB = 1024 * 1024;

/** A body of `chunks` pieces of `chunkBytes` each, counting what was pulled. */
function countedBody(chunkBytes: number, chunks: number) {
  const counter = { pulled: 0, cancelled: false };
  const piece = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= chunks * chunkBytes) {
        controller.close();
        return;
      }
      counter.pulled += chunkBytes;
      controller.enqueue(piece);
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  return { stream, counter };
}

function client(respond: () => Response) {
  let calls = 0;
  const fetchImpl = (async () => {
    calls += 1;
    if (calls > 10) throw new Error('unexpected extra request');
    return respond();
  }) as unknown as typeof fetch;
  const http = createHttpClient(pinTokenSource({ getToken: async () => TOKEN, handleUnauthorized: async () => false }, ['https://fleet.example']), {
    fetch: fetchImpl,
    sleep: boundedSleep().sleep,
  });
  return { http, calls: () => calls };
}

describe('response byte limits', () => {
  it('abandons a body past the request limit, naming the limit and the endpoint, without retrying', async () => {
    const body = countedBody(64 * 1024, 16 * 40); // 40 MB in all
    const { http, calls } = client(() => new Response(body.stream, { status: 200 }));
    const err = await failure(http.get({ url: URL_ASSETS, maxBytes: 2 * MB }));
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toContain('2 MB');
    expect(err.message).toContain('/v1/branch/current/assets');
    expect(body.counter.pulled).toBeLessThanOrEqual(2 * MB + 2 * 64 * 1024);
    expect(body.counter.cancelled).toBe(true);
    expect(calls()).toBe(1);
  });

  it(`applies ${MAX_RESPONSE_BYTES / MB} MB when the request sets no limit`, async () => {
    const body = countedBody(256 * 1024, 4 * 40); // 40 MB
    const { http } = client(() => new Response(body.stream, { status: 200 }));
    const err = await failure(http.get({ url: URL_ASSETS }));
    expect(err.message).toContain(`${MAX_RESPONSE_BYTES / MB} MB`);
    expect(body.counter.pulled).toBeLessThanOrEqual(MAX_RESPONSE_BYTES + 2 * 256 * 1024);
  });

  it('refuses an announced Content-Length above the limit before reading the body', async () => {
    const body = countedBody(64 * 1024, 16 * 40);
    const { http } = client(() => new Response(body.stream, { status: 200, headers: { 'content-length': String(40 * MB) } }));
    const err = await failure(http.get({ url: URL_ASSETS, maxBytes: 2 * MB }));
    expect(err.message).toContain('2 MB');
    expect(body.counter.pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('reads an answer just under the limit whole, decoding UTF-8 split across chunks', async () => {
    const text = `["${'é'.repeat(1000)}"]`;
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split inside a two-byte character on purpose.
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const { http } = client(() => new Response(stream, { status: 200 }));
    const res = await http.get({ url: URL_ASSETS, maxBytes: bytes.length });
    expect(res.body).toBe(text);
  });

  it('drops a byte-order mark like text() does', async () => {
    const { http } = client(() => new Response(new Uint8Array([0xef, 0xbb, 0xbf, 0x5b, 0x5d]), { status: 200 }));
    expect((await http.get({ url: URL_ASSETS })).body).toBe('[]');
  });

  it('reads only the start of an error answer, enough for the service message', async () => {
    const head = new TextEncoder().encode('{"message":"database down","pad":"');
    const body = countedBody(64 * 1024, 16 * 40);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      async pull(controller) {
        const reader = body.stream.getReader();
        const { value, done } = await reader.read();
        reader.releaseLock();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    const { http } = client(() => new Response(stream, { status: 400 }));
    const err = await failure(http.get({ url: URL_ASSETS, maxBytes: 100 * MB }));
    expect(err.kind).toBe('bad-request');
    expect(err.status).toBe(400);
    expect(body.counter.pulled).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES + 2 * 64 * 1024);
  });
});
