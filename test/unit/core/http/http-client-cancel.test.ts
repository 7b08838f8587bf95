/** A caller's abort reaches the request in flight at once, and reads as "cancelled" even with no retries left (mutation survivors of http-client.ts). */
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import { boundedSleep } from './bounded-fakes';
import { failure } from '../../../fixtures/failure';

const ORIGIN = 'https://fleet.example';
const URL_ASSETS = `${ORIGIN}/v1/assets`;

/** A fetch that aborts the caller's controller while it is asked, notes whether its own signal followed, then fails like a cut connection. */
function abortingFetch(caller: AbortController) {
  const seen: boolean[] = [];
  const fetch = (async (_input: string, init: RequestInit = {}) => {
    if (seen.length > 2) throw new Error('unexpected extra request');
    caller.abort();
    seen.push(init.signal?.aborted === true);
    throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

function client(fetch: typeof globalThis.fetch) {
  const { sleep } = boundedSleep();
  return createHttpClient(pinTokenSource({ getToken: async () => 'tok-cancel-abcdef123456', handleUnauthorized: async () => false }, [ORIGIN]), { fetch, sleep, random: () => 0.5 });
}

describe('caller abort', () => {
  it('aborts the fetch in flight at the moment the caller aborts', async () => {
    const caller = new AbortController();
    const { fetch, seen } = abortingFetch(caller);
    await failure(client(fetch).get({ url: URL_ASSETS, signal: caller.signal }));
    expect(seen).toEqual([true]);
  });

  it('reports cancelled, naming the request, when no retry is left', async () => {
    const caller = new AbortController();
    const { fetch } = abortingFetch(caller);
    const err = await failure(client(fetch).get({ url: URL_ASSETS, signal: caller.signal, retries: 0 }));
    expect(err).toMatchObject({ kind: 'cancelled', message: 'The request to /v1/assets was cancelled' });
  });
});
