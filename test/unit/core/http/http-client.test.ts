/**
 * The HTTP client: the pinned bearer token, retries and backoff, throttling, a refused
 * token refreshed once, error answers, timeouts and cancelling, redirects, and reading
 * a JSON body.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, defaultSleep, parseJsonBody } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import type { HttpRequest, PinnedTokenSource } from '../../../../src-main/core/ports';
import { boundedSleep } from './bounded-fakes';
import { failure } from '../../../fixtures/failure';

const ORIGIN = 'https://fleet.example';
const URL_ASSETS = `${ORIGIN}/v1/branch/current/assets`;
const URL_V1_ASSETS = `${ORIGIN}/v1/assets`;
const TOKEN = 'tok-secret-abcdef123456';

/** A token source whose token and refresh a test can change, counting refreshes. */
function tokens(token: string | null = TOKEN, refresh: () => Promise<boolean> = async () => false): PinnedTokenSource & { refreshCalls: number; current: string | null } {
  const source = {
    refreshCalls: 0,
    current: token as string | null,
    allowedOrigins: () => [new URL(URL_ASSETS).origin],
    async getToken() {
      return source.current;
    },
    async handleUnauthorized() {
      source.refreshCalls += 1;
      return refresh();
    },
  };
  return source;
}

type Step = Response | Error | ((init: RequestInit) => Promise<Response>);

/** A client over a fetch that answers `steps` in turn, recording each request, with waits that return at once. */
function setup(steps: Step[], opts: { token?: PinnedTokenSource; random?: number; now?: number; defaultTimeoutMs?: number; maxRetryAfterMs?: number } = {}) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const inits: RequestInit[] = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(input), headers: { ...(init.headers as Record<string, string>) } });
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
    random: () => opts.random ?? 0.5,
    now: () => opts.now ?? Date.parse('2026-01-01T00:00:00Z'),
    baseBackoffMs: 1000,
    maxBackoffMs: 8000,
    ...(opts.defaultTimeoutMs !== undefined && { defaultTimeoutMs: opts.defaultTimeoutMs }),
    ...(opts.maxRetryAfterMs !== undefined && { maxRetryAfterMs: opts.maxRetryAfterMs }),
  });
  return { client, calls, inits, sleeps: waits, waits };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function refused(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
}

const hang = (init: RequestInit): Promise<Response> =>
  new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createHttpClient sends each request with the token pinned to its origins', () => {
  it('sends the bearer token and Accept header and returns the answer', async () => {
    const { client, calls } = setup([json(200, [{ a: 1 }], { 'X-Thing': 'yes' })]);
    const res = await client.get({ url: URL_ASSETS });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual([{ a: 1 }]);
    expect(res.headers['x-thing']).toBe('yes');
    expect(calls[0].headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[0].headers.Accept).toBe('application/json');
  });

  it('refuses without a token and never touches the network', async () => {
    const { client, calls } = setup([], { token: tokens(null) });
    const err = await failure(client.get({ url: URL_ASSETS }));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toMatch(/Not signed in/);
    expect(calls).toHaveLength(0);
  });

  it('uses the global fetch when given none', async () => {
    const fetch = vi.fn(async () => json(200, []));
    vi.stubGlobal('fetch', fetch);
    const client = createHttpClient(pinTokenSource({ getToken: async () => TOKEN, handleUnauthorized: async () => false }, [ORIGIN]));
    expect((await client.get({ url: URL_V1_ASSETS })).status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends a GET, never following redirects itself', async () => {
    const { client, inits } = setup([json(200, [])]);
    await client.get({ url: URL_V1_ASSETS });
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

  it('refuses a URL that is not http(s) without touching the network', async () => {
    const { client, calls } = setup([]);
    const err = await failure(client.get({ url: 'file:///etc/passwd' }));
    expect(err.kind).toBe('invalid-argument');
    expect(calls).toHaveLength(0);
  });

  it('never puts the token or the query string into messages', async () => {
    const { client } = setup([json(400, { message: `bad token ${TOKEN}` })]);
    const err = await failure(client.get({ url: `${URL_ASSETS}?jws=${TOKEN}` }));
    expect(err.message).not.toContain(TOKEN);
  });
});

describe('createHttpClient retries with capped backoff and honours throttling', () => {
  it('retries 5xx and network errors with capped, jittered backoff, then succeeds', async () => {
    const { client, calls, sleeps } = setup([json(500, {}), refused(), json(503, {}), json(200, [])], { random: 0.999 });
    const waits: string[] = [];
    const res = await client.get({ url: URL_ASSETS, onWait: (w) => waits.push(`${w.reason}:${w.status ?? '-'}`) });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(4);
    // full jitter below min(8000, 1000 · 2^n)
    expect(sleeps).toEqual([999, 1998, 3996]);
    expect(waits).toEqual(['retry:500', 'retry:-', 'retry:503']);
  });

  it('keeps every backoff inside [0, cap] whatever the random source says', async () => {
    for (const r of [0, 0.3, 1]) {
      const { client, sleeps } = setup([json(502, {}), json(502, {}), json(502, {}), json(502, {}), json(502, {}), json(200, [])], { random: r });
      await client.get({ url: URL_ASSETS, retries: 5 });
      sleeps.forEach((ms, i) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThanOrEqual(Math.min(8000, 1000 * 2 ** i));
      });
    }
  });

  it('gives up after the retries with a server error naming the endpoint', async () => {
    const { client, calls } = setup([json(500, {}), json(500, {}), json(500, { message: 'database down' })]);
    const err = await failure(client.get({ url: URL_ASSETS, retries: 2 }));
    expect(err.kind).toBe('server');
    expect(err.status).toBe(500);
    expect(err.message).toContain('/v1/branch/current/assets');
    expect(err.message).toContain('database down');
    expect(calls).toHaveLength(3);
  });

  it('honours Retry-After in seconds', async () => {
    const { client, sleeps } = setup([json(429, {}, { 'Retry-After': '7' }), json(200, [])]);
    const waits: { until: Date; reason: string }[] = [];
    await client.get({ url: URL_ASSETS, onWait: (w) => waits.push(w) });
    expect(sleeps).toEqual([7000]);
    expect(waits[0].reason).toBe('throttled');
    expect(waits[0].until.toISOString()).toBe('2026-01-01T00:00:07.000Z');
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { client, sleeps } = setup([json(429, {}, { 'Retry-After': 'Thu, 01 Jan 2026 00:00:30 GMT' }), json(200, [])]);
    await client.get({ url: URL_ASSETS });
    expect(sleeps).toEqual([30_000]);
  });

  it('does not wait out a very long Retry-After: fails rate-limited with retryAfterMs', async () => {
    const { client, sleeps, calls } = setup([json(429, {}, { 'Retry-After': '900' })]);
    const err = await failure(client.get({ url: URL_ASSETS }));
    expect(err.kind).toBe('rate-limited');
    expect(err.retryAfterMs).toBe(900_000);
    expect(sleeps).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('reports rate-limited after the retries are exhausted', async () => {
    const { client } = setup([json(429, {}, { 'Retry-After': '1' }), json(429, {}, { 'Retry-After': '2' })]);
    const err = await failure(client.get({ url: URL_ASSETS, retries: 1 }));
    expect(err.kind).toBe('rate-limited');
    expect(err.retryAfterMs).toBe(2000);
  });

  it('treats extra throttle statuses (405/503 of fleet feeds) as throttling', async () => {
    const { client } = setup([json(405, {}), json(405, {})]);
    const err = await failure(client.get({ url: URL_ASSETS, retries: 1, throttleStatuses: [405, 503] }));
    expect(err.kind).toBe('rate-limited');
    expect(err.status).toBe(405);
  });

  it('waits out a Retry-After of exactly the longest it waits, and backs off when a throttle names none', async () => {
    const exact = setup([json(429, {}, { 'retry-after': '60' }), json(200, [])]);
    await exact.client.get({ url: URL_V1_ASSETS });
    expect(exact.waits).toEqual([60_000]);
    const none = setup([json(429, {}), json(200, [])]);
    await none.client.get({ url: URL_V1_ASSETS });
    expect(none.waits).toEqual([500]);
  });

  it('honours a server error’s Retry-After up to the longest wait, and backs off past it', async () => {
    const within = setup([json(500, {}, { 'retry-after': '60' }), json(200, [])]);
    await within.client.get({ url: URL_V1_ASSETS });
    expect(within.waits).toEqual([60_000]);
    const past = setup([json(500, {}, { 'retry-after': '900' }), json(200, [])]);
    await past.client.get({ url: URL_V1_ASSETS });
    expect(past.waits).toEqual([500]);
  });
});

describe('createHttpClient refreshes a refused token once', () => {
  it('calls handleUnauthorized once on 401 and retries with the fresh token', async () => {
    const source = tokens(TOKEN, async () => {
      source.current = 'fresh-token-999999';
      return true;
    });
    const { client, calls } = setup([json(401, {}), json(200, [])], { token: source });
    const res = await client.get({ url: URL_ASSETS });
    expect(res.status).toBe(200);
    expect(source.refreshCalls).toBe(1);
    expect(calls[1].headers.Authorization).toBe('Bearer fresh-token-999999');
  });

  it('throws unauthorized when the refresh fails, or a second 401 follows', async () => {
    const a = setup([json(401, {})]);
    expect((await failure(a.client.get({ url: URL_ASSETS }))).kind).toBe('unauthorized');

    const source = tokens(TOKEN, async () => true);
    const b = setup([json(401, {}), json(401, {})], { token: source });
    const err = await failure(b.client.get({ url: URL_ASSETS }));
    expect(err.kind).toBe('unauthorized');
    expect(source.refreshCalls).toBe(1);
    expect(err.message).not.toContain(TOKEN);
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
    const err = await failure(client.get({ url: URL_V1_ASSETS }));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('Not signed in to this connection');
    expect(inits).toHaveLength(1);
  });
});

describe('createHttpClient names error answers and broken connections', () => {
  it.each([
    [403, 'forbidden'],
    [404, 'not-found'],
    [400, 'bad-request'],
    [414, 'bad-request'],
    [422, 'bad-request'],
  ] as const)('maps %i to %s without retrying', async (status, kind) => {
    const { client, calls } = setup([json(status, { message: 'assets parameter names unknown assets' })]);
    const err = await failure(client.get({ url: URL_ASSETS }));
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
    expect(calls).toHaveLength(1);
    if (status !== 404 || kind === 'not-found') expect(err.message).toContain('/v1/branch/current/assets');
  });

  it('passes on the service JSON message of a 400', async () => {
    const { client } = setup([json(400, { message: 'assets must not be empty' })]);
    const err = await failure(client.get({ url: URL_ASSETS }));
    expect(err.message).toContain('assets must not be empty');
  });

  it('resolves statuses listed in acceptStatuses', async () => {
    const { client } = setup([json(404, [])]);
    const res = await client.get({ url: URL_ASSETS, acceptStatuses: [404] });
    expect(res.status).toBe(404);
  });

  it('treats 300 as an error answer, not data', async () => {
    const { client } = setup([new Response('x'.repeat(50), { status: 300 })]);
    const err = await failure(client.get({ url: URL_V1_ASSETS, maxBytes: 10 } as HttpRequest));
    expect(err.kind).toBe('bad-request');
  });

  it('reads an accepted error status whole, not cut like an error answer', async () => {
    const big = 'y'.repeat(100 * 1024);
    const { client } = setup([new Response(big, { status: 404 })]);
    const res = await client.get({ url: URL_V1_ASSETS, acceptStatuses: [404] });
    expect(res.body).toHaveLength(big.length);
  });

  it('reports a body cut off mid-way as a broken connection, after retrying', async () => {
    const truncated = (): Response => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('[{"assetId":"thing:1",'));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(stream, { status: 200 });
    };
    const { client, calls } = setup([truncated(), truncated()]);
    const err = await failure(client.get({ url: URL_ASSETS, retries: 1 }));
    expect(err.kind).toBe('network');
    expect(err.message).toContain('The connection to the service broke off while receiving data');
    expect(calls).toHaveLength(2);
  });

  it('names a refused connection', async () => {
    const { client } = setup([refused()]);
    const err = await failure(client.get({ url: URL_ASSETS, retries: 0 }));
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/refused the connection/);
  });
});

describe('createHttpClient times out and cancels', () => {
  it('times out a request whose answer never comes (fake timers)', async () => {
    vi.useFakeTimers();
    const hang = (init: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { client } = setup([hang]);
    const pending = failure(client.get({ url: URL_ASSETS, retries: 0, timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);
    const err = await pending;
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('5 s');
  });

  it('times out when the headers arrive but the body stalls (fake timers)', async () => {
    vi.useFakeTimers();
    const stalledBody = (init: RequestInit): Promise<Response> => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('[{"a":'));
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return Promise.resolve(new Response(stream, { status: 200 }));
    };
    const { client } = setup([stalledBody]);
    const pending = failure(client.get({ url: URL_ASSETS, retries: 0, timeoutMs: 3000 }));
    await vi.advanceTimersByTimeAsync(3000);
    const err = await pending;
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/finish sending/);
  });

  it('stops with cancelled when the caller aborts', async () => {
    const controller = new AbortController();
    const hang = (init: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        controller.abort();
      });
    const { client } = setup([hang]);
    const err = await failure(client.get({ url: URL_ASSETS, signal: controller.signal }));
    expect(err.kind).toBe('cancelled');
  });

  it('uses the default timeout it was given', async () => {
    vi.useFakeTimers();
    const { client } = setup([hang], { defaultTimeoutMs: 2000 });
    const pending = failure(client.get({ url: URL_V1_ASSETS, retries: 0 }));
    await vi.advanceTimersByTimeAsync(2000);
    const err = await pending;
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('The service did not answer within 2 s (/v1/assets)');
  });

  it('retries a timed-out attempt', async () => {
    vi.useFakeTimers();
    const { client } = setup([hang, json(200, ['ok'])]);
    const pending = client.get({ url: URL_V1_ASSETS, retries: 1, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect((await pending).body).toBe('["ok"]');
  });

  it('leaves no timer and no listener behind after an answer', async () => {
    vi.useFakeTimers();
    const signal = { aborted: false, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const { client } = setup([json(200, [])]);
    await client.get({ url: URL_V1_ASSETS, signal: signal as unknown as AbortSignal });
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
    const err = await failure(client.get({ url: URL_V1_ASSETS, signal: controller.signal }));
    expect(err.kind).toBe('cancelled');
    expect(err.message).toBe('The request to /v1/assets was cancelled');
  });

  it('asks nothing when the caller has already aborted', async () => {
    const { client, inits } = setup([json(200, [])]);
    const err = await failure(client.get({ url: URL_V1_ASSETS, signal: AbortSignal.abort() }));
    expect(err.kind).toBe('cancelled');
    expect(err.message).toBe('The request to /v1/assets was cancelled');
    expect(inits).toHaveLength(0);
  });
});

describe('createHttpClient refuses redirects it cannot follow safely', () => {
  it.each([
    ['no Location', {}],
    ['an unreadable Location', { location: 'http://[bad' }],
  ])('refuses a redirect with %s, naming the status', async (_what, headers) => {
    const { client } = setup([new Response(null, { status: 302, headers })]);
    const err = await failure(client.get({ url: URL_V1_ASSETS }));
    expect(err.kind).toBe('bad-payload');
    expect(err.status).toBe(302);
    expect(err.message).toBe('The service answered /v1/assets with a redirect (302) to no usable address');
  });

  it('refuses a redirect to another site and too many redirects as bad payloads with their status', async () => {
    const away = setup([new Response(null, { status: 301, headers: { location: 'https://evil.example/x' } })]);
    const err = await failure(away.client.get({ url: URL_V1_ASSETS }));
    expect(err).toMatchObject({ kind: 'bad-payload', status: 301 });
    const loop = setup(Array.from({ length: 6 }, () => new Response(null, { status: 307, headers: { location: URL_V1_ASSETS } })));
    expect(await failure(loop.client.get({ url: URL_V1_ASSETS }))).toMatchObject({ kind: 'bad-payload', status: 307 });
  });
});

describe('defaultSleep waits the time asked and stops when cancelled', () => {
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

describe('pinTokenSource pins a token source to its origins', () => {
  it('pins a token source to the origins of its http(s) URLs and passes calls through', async () => {
    const source = { getToken: vi.fn(async () => TOKEN), handleUnauthorized: vi.fn(async () => true) };
    const pinned = pinTokenSource(source, ['https://a.example/x', 'ftp://b.example/', 'junk', 'http://c.example:81/']);
    expect(pinned.allowedOrigins()).toEqual(['https://a.example', 'http://c.example:81']);
    expect(await pinned.getToken()).toBe(TOKEN);
    expect(await pinned.handleUnauthorized()).toBe(true);
    expect(source.handleUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('parseJsonBody names a web page or broken JSON', () => {
  const res = (body: string, headers: Record<string, string> = {}) => ({ status: 200, headers, body, url: URL_V1_ASSETS });
  const PAGE = 'The service answered /v1/assets with a web page instead of data (a proxy or login page in between?)';
  const NOT_JSON = "The service's answer from /v1/assets is not valid JSON";

  it('names a web page answered instead of data, and plain broken JSON', async () => {
    const { parseJsonBody } = await import('../../../../src-main/core/http/http-client');
    const page = { status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><p>Log in', url: URL_ASSETS };
    expect(() => parseJsonBody(page)).toThrow(/web page instead of data/);
    const broken = { status: 200, headers: { 'content-type': 'application/json' }, body: '[{"a":', url: URL_ASSETS };
    expect(() => parseJsonBody(broken)).toThrow(/not valid JSON/);
    expect(parseJsonBody({ ...broken, body: '[1]' })).toEqual([1]);
  });

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
