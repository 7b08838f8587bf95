/**
 * Checked redirects and bounded answers for "Test connection" (probe) and the token endpoint POST:
 * redirects are followed by hand (same origin only; the POST only on 307/308), and an
 * answer is read up to a byte limit. Fake bodies end after a bounded number of bytes,
 * so reading without a limit fails these tests instead of hanging them.
 */
import { describe, expect, it } from 'vitest';
import { refreshTokens, type FetchLike } from '../../../../src-main/core/auth/oauth';
import { probeConnection, type ProbeFetch } from '../../../../src-main/core/auth/probe';
import { failure } from '../../../fixtures/failure';

const MB = 1024 * 1024;

/** A 200 answer whose body is `totalMb` of 'a', counting what was pulled. */
function hugeAnswer(totalMb: number) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(256 * 1024).fill(0x61);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= totalMb * MB) return controller.close();
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { response: new Response(body, { status: 200 }), counter };
}

describe('the token endpoint POST', () => {
  const endpoint = (fetch: FetchLike) => ({ tokenUrl: 'https://id.example/oauth/token', clientId: 'desk', clientSecret: 'client-secret-abcdef', fetch });

  it.each([301, 302, 303])('refuses a same-origin %i (it would drop the form), naming the status', async (status) => {
    const urls: string[] = [];
    const fetch: FetchLike = async (url) => {
      urls.push(url);
      return new Response(null, { status, headers: { location: '/elsewhere' } });
    };
    const err = await failure(refreshTokens(endpoint(fetch), 'refresh-abcdef-123456'));
    expect(err.message).toContain(String(status));
    expect(urls).toEqual(['https://id.example/oauth/token']);
  });

  it('asks fetch not to follow redirects itself', async () => {
    const seen: Array<string | undefined> = [];
    const fetch: FetchLike = async (_url, init) => {
      seen.push(init.redirect);
      return new Response('{"access_token":"fresh-access-abcdef"}', { status: 200 });
    };
    await refreshTokens(endpoint(fetch), 'refresh-abcdef-123456');
    expect(seen).toEqual(['manual']);
  });

  it('stops reading an endless answer', async () => {
    const huge = hugeAnswer(64);
    const err = await failure(refreshTokens(endpoint(async () => huge.response), 'refresh-abcdef-123456'));
    expect(err.message).toMatch(/larger than/);
    expect(huge.counter.pulled).toBeLessThan(64 * MB);
  });
});

describe('"Test connection"', () => {
  it('asks fetch not to follow redirects itself, and refuses one to another origin', async () => {
    const seen: Array<{ url: string; redirect?: string }> = [];
    const fetch: ProbeFetch = async (url, init) => {
      seen.push({ url, redirect: init.redirect });
      return new Response(null, { status: 302, headers: { location: 'https://collector.example/v1/branch/current/assets' } });
    };
    const result = await probeConnection({ baseUrl: 'https://svc.example/v1', token: 'tok-probe-abcdef123', fetch });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('collector.example');
    expect(seen).toEqual([{ url: 'https://svc.example/v1/branch/current/assets', redirect: 'manual' }]);
  });

  it('stops reading an endless answer', async () => {
    const huge = hugeAnswer(400);
    const result = await probeConnection({ baseUrl: 'https://svc.example/v1', token: 'tok-probe-abcdef123', fetch: async () => huge.response });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/larger than/);
    expect(huge.counter.pulled).toBeLessThan(400 * MB);
  });
});
