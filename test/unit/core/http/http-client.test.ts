import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import type { PinnedTokenSource } from '../../../../src-main/core/ports';
import { boundedSleep } from './bounded-fakes';
import { failure } from '../../../fixtures/failure';

const URL_ASSETS = 'https://fleet.example/v1/branch/current/assets';
const TOKEN = 'tok-secret-abcdef123456';

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

function fakeFetch(steps: Step[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } });
    const step = steps.shift();
    if (!step) throw new Error('unexpected extra request');
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(init ?? {});
    return step;
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function refused(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
}

function setup(steps: Step[], opts: { token?: PinnedTokenSource; random?: number; now?: number } = {}) {
  const { fetch, calls } = fakeFetch(steps);
  const { sleep, waits: sleeps } = boundedSleep();
  const client = createHttpClient(opts.token ?? tokens(), {
    fetch,
    sleep,
    random: () => opts.random ?? 0.5,
    now: () => opts.now ?? Date.parse('2026-01-01T00:00:00Z'),
    baseBackoffMs: 1000,
    maxBackoffMs: 8000,
  });
  return { client, calls, sleeps };
}

describe('createHttpClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

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

  it('never puts the token or the query string into messages', async () => {
    const { client } = setup([json(400, { message: `bad token ${TOKEN}` })]);
    const err = await failure(client.get({ url: `${URL_ASSETS}?jws=${TOKEN}` }));
    expect(err.message).not.toContain(TOKEN);
  });

  it('refuses a URL that is not http(s) without touching the network', async () => {
    const { client, calls } = setup([]);
    const err = await failure(client.get({ url: 'file:///etc/passwd' }));
    expect(err.kind).toBe('invalid-argument');
    expect(calls).toHaveLength(0);
  });
});

describe('parseJsonBody', () => {
  it('names a web page answered instead of data, and plain broken JSON', async () => {
    const { parseJsonBody } = await import('../../../../src-main/core/http/http-client');
    const page = { status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><p>Log in', url: URL_ASSETS };
    expect(() => parseJsonBody(page)).toThrow(/web page instead of data/);
    const broken = { status: 200, headers: { 'content-type': 'application/json' }, body: '[{"a":', url: URL_ASSETS };
    expect(() => parseJsonBody(broken)).toThrow(/not valid JSON/);
    expect(parseJsonBody({ ...broken, body: '[1]' })).toEqual([1]);
  });
});
