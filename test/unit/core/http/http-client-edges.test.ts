/** The HTTP client at its edges (mutation survivors of http-client.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, defaultSleep, parseJsonBody } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import type { HttpRequest, PinnedTokenSource } from '../../../../src-main/core/ports';
import { boundedSleep } from './bounded-fakes';
import { failure } from '../../../fixtures/failure';

const ORIGIN = 'https://fleet.example';
const URL_ASSETS = `${ORIGIN}/v1/assets`;
const TOKEN = 'tok-edges-abcdef123456';

type Step = Response | Error | ((init: RequestInit) => Promise<Response>);

function setup(steps: Step[], opts: { token?: PinnedTokenSource; defaultTimeoutMs?: number; maxRetryAfterMs?: number } = {}) {
  const inits: RequestInit[] = [];
  const fetch = (async (_input: string, init: RequestInit = {}) => {
    inits.push(init);
    const step = steps.shift();
    if (!step) throw new Error('unexpected extra request');
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(init) : step;
  }) as unknown as typeof globalThis.fetch;
  const { sleep, waits } = boundedSleep();
  const token = opts.token ?? pinTokenSource({ getToken: async () => TOKEN, handleUnauthorized: async () => false }, [ORIGIN]);
  const client = createHttpClient(token, {
    fetch,
    sleep,
    random: () => 0.5,
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    baseBackoffMs: 1000,
    maxBackoffMs: 8000,
    defaultTimeoutMs: opts.defaultTimeoutMs,
    maxRetryAfterMs: opts.maxRetryAfterMs,
  });
  return { client, inits, waits };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const hang = (init: RequestInit): Promise<Response> =>
  new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('defaultSleep', () => {
  it('waits the time asked', async () => {
    vi.useFakeTimers();
    let done = false;
    const wait = defaultSleep(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(done).toBe(true);
  });

  it('is cancelled at once by an aborted signal, or when the signal aborts while waiting', async () => {
    vi.useFakeTimers();
    const aborted = AbortSignal.abort();
    await expect(defaultSleep(1000, aborted)).rejects.toMatchObject({ kind: 'cancelled', message: 'The request was cancelled' });
    const controller = new AbortController();
    const waiting = defaultSleep(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled', message: 'The request was cancelled' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets go of the signal once it has waited', async () => {
    vi.useFakeTimers();
    const signal = { aborted: false, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const wait = defaultSleep(10, signal as unknown as AbortSignal);
    await vi.advanceTimersByTimeAsync(10);
    await wait;
    expect(signal.addEventListener).toHaveBeenCalledWith('abort', expect.any(Function), { once: true });
    expect(signal.removeEventListener).toHaveBeenCalledWith('abort', signal.addEventListener.mock.calls[0][1]);
  });
});

describe('pinTokenSource', () => {
  it('pins a token source to the origins of its http(s) URLs and passes calls through', async () => {
    const source = { getToken: vi.fn(async () => TOKEN), handleUnauthorized: vi.fn(async () => true) };
    const pinned = pinTokenSource(source, ['https://a.example/x', 'ftp://b.example/', 'junk', 'http://c.example:81/']);
    expect(pinned.allowedOrigins()).toEqual(['https://a.example', 'http://c.example:81']);
    expect(await pinned.getToken()).toBe(TOKEN);
    expect(await pinned.handleUnauthorized()).toBe(true);
    expect(source.handleUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('createHttpClient edges', () => {
  it('uses the global fetch when given none', async () => {
    const fetch = vi.fn(async () => json(200, []));
    vi.stubGlobal('fetch', fetch);
    const client = createHttpClient(pinTokenSource({ getToken: async () => TOKEN, handleUnauthorized: async () => false }, [ORIGIN]));
    expect((await client.get({ url: URL_ASSETS })).status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends a GET, never following redirects itself', async () => {
    const { client, inits } = setup([json(200, [])]);
    await client.get({ url: URL_ASSETS });
    expect(inits[0].method).toBe('GET');
    expect(inits[0].redirect).toBe('manual');
  });

  it('refuses a foreign address as an invalid argument and a non-http(s) one with its own message', async () => {
    const { client, inits } = setup([]);
    expect((await failure(client.get({ url: 'https://evil.example/v1/assets' }))).kind).toBe('invalid-argument');
    for (const url of ['ftp://fleet.example/x', 'not a url']) {
      const err = await failure(client.get({ url }));
      expect(err.kind).toBe('invalid-argument');
      expect(err.message).toBe('The service address is not a valid http(s) URL; check the connection settings');
    }
    expect(inits).toHaveLength(0);
  });

  it('uses the default timeout it was given', async () => {
    vi.useFakeTimers();
    const { client } = setup([hang], { defaultTimeoutMs: 2000 });
    const pending = failure(client.get({ url: URL_ASSETS, retries: 0 }));
    await vi.advanceTimersByTimeAsync(2000);
    const err = await pending;
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('The service did not answer within 2 s (/v1/assets)');
  });

  it('retries a timed-out attempt', async () => {
    vi.useFakeTimers();
    const { client } = setup([hang, json(200, ['ok'])]);
    const pending = client.get({ url: URL_ASSETS, retries: 1, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect((await pending).body).toBe('["ok"]');
  });

  it('leaves no timer and no listener behind after an answer', async () => {
    vi.useFakeTimers();
    const signal = { aborted: false, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const { client } = setup([json(200, [])]);
    await client.get({ url: URL_ASSETS, signal: signal as unknown as AbortSignal });
    expect(vi.getTimerCount()).toBe(0);
    const added = signal.addEventListener.mock.calls.find((c) => c[0] === 'abort');
    expect(added).toBeDefined();
    expect(signal.removeEventListener).toHaveBeenCalledWith('abort', added![1]);
  });

  it('aborts the request in flight when the caller aborts, and says which request', async () => {
    const controller = new AbortController();
    const { client } = setup([
      (init) => {
        const pending = hang(init);
        queueMicrotask(() => controller.abort());
        return pending;
      },
    ]);
    const err = await failure(client.get({ url: URL_ASSETS, signal: controller.signal }));
    expect(err.kind).toBe('cancelled');
    expect(err.message).toBe('The request to /v1/assets was cancelled');
  });

  it('asks nothing when the caller has already aborted', async () => {
    const { client, inits } = setup([json(200, [])]);
    const err = await failure(client.get({ url: URL_ASSETS, signal: AbortSignal.abort() }));
    expect(err.kind).toBe('cancelled');
    expect(err.message).toBe('The request to /v1/assets was cancelled');
    expect(inits).toHaveLength(0);
  });

  it('treats 300 as an error answer, not data', async () => {
    const { client } = setup([new Response('x'.repeat(50), { status: 300 })]);
    const err = await failure(client.get({ url: URL_ASSETS, maxBytes: 10 } as HttpRequest));
    expect(err.kind).toBe('bad-request');
  });

  it('reads an accepted error status whole, not cut like an error answer', async () => {
    const big = 'y'.repeat(100 * 1024);
    const { client } = setup([new Response(big, { status: 404 })]);
    const res = await client.get({ url: URL_ASSETS, acceptStatuses: [404] });
    expect(res.body).toHaveLength(big.length);
  });

  it('stops signed out when a refresh leaves no token', async () => {
    let token: string | null = TOKEN;
    const source = pinTokenSource(
      {
        getToken: async () => token,
        handleUnauthorized: async () => {
          token = null;
          return true;
        },
      },
      [ORIGIN],
    );
    const { client, inits } = setup([json(401, {}), json(200, [])], { token: source });
    const err = await failure(client.get({ url: URL_ASSETS }));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('Not signed in to this connection');
    expect(inits).toHaveLength(1);
  });

  it('waits out a Retry-After of exactly the longest it waits, and backs off when a throttle names none', async () => {
    const exact = setup([json(429, {}, { 'retry-after': '60' }), json(200, [])]);
    await exact.client.get({ url: URL_ASSETS });
    expect(exact.waits).toEqual([60_000]);
    const none = setup([json(429, {}), json(200, [])]);
    await none.client.get({ url: URL_ASSETS });
    expect(none.waits).toEqual([500]);
  });

  it('honours a server error’s Retry-After up to the longest wait, and backs off past it', async () => {
    const within = setup([json(500, {}, { 'retry-after': '60' }), json(200, [])]);
    await within.client.get({ url: URL_ASSETS });
    expect(within.waits).toEqual([60_000]);
    const past = setup([json(500, {}, { 'retry-after': '900' }), json(200, [])]);
    await past.client.get({ url: URL_ASSETS });
    expect(past.waits).toEqual([500]);
  });
});

describe('redirect refusals', () => {
  it.each([
    ['no Location', {}],
    ['an unreadable Location', { location: 'http://[bad' }],
  ])('refuses a redirect with %s, naming the status', async (_what, headers) => {
    const { client } = setup([new Response(null, { status: 302, headers })]);
    const err = await failure(client.get({ url: URL_ASSETS }));
    expect(err.kind).toBe('bad-payload');
    expect(err.status).toBe(302);
    expect(err.message).toBe('The service answered /v1/assets with a redirect (302) to no usable address');
  });

  it('refuses a redirect to another site and too many redirects as bad payloads with their status', async () => {
    const away = setup([new Response(null, { status: 301, headers: { location: 'https://evil.example/x' } })]);
    const err = await failure(away.client.get({ url: URL_ASSETS }));
    expect(err).toMatchObject({ kind: 'bad-payload', status: 301 });
    const loop = setup(Array.from({ length: 6 }, () => new Response(null, { status: 307, headers: { location: URL_ASSETS } })));
    expect(await failure(loop.client.get({ url: URL_ASSETS }))).toMatchObject({ kind: 'bad-payload', status: 307 });
  });
});

describe('parseJsonBody edges', () => {
  const res = (body: string, headers: Record<string, string> = {}) => ({ status: 200, headers, body, url: URL_ASSETS });
  const PAGE = 'The service answered /v1/assets with a web page instead of data (a proxy or login page in between?)';
  const NOT_JSON = "The service's answer from /v1/assets is not valid JSON";

  it('calls an HTML answer a web page, by its type or by how it starts', () => {
    expect(() => parseJsonBody(res('oops', { 'content-type': 'text/html' }))).toThrow(PAGE);
    expect(() => parseJsonBody(res('<!DOCTYPE html><p>login</p>'))).toThrow(PAGE);
    expect(() => parseJsonBody(res('  \n\t<html><p>login</p>'))).toThrow(PAGE);
  });

  it('calls other broken text not valid JSON, looking only at the first 200 characters for a page', () => {
    expect(() => parseJsonBody(res('x<html>'))).toThrow(NOT_JSON);
    expect(() => parseJsonBody(res(`${' '.repeat(200)}<html>`))).toThrow(NOT_JSON);
    expect(() => parseJsonBody(res('{"a":'))).toThrow(NOT_JSON);
  });

  it('marks the refusal at the root path with the status', () => {
    try {
      parseJsonBody({ ...res('{'), status: 203 });
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ kind: 'bad-payload', path: '$', status: 203 });
    }
  });
});
