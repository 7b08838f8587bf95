/**
 * The loopback sign-in listener and the whole sign-in flow (oauth.ts), driven over real
 * HTTP on 127.0.0.1: the pages a browser is shown, what the app is told for each answer,
 * a second answer, connections left open, the default time limit, and the flow from the
 * authorize URL to the code exchange. The token endpoint is a fake that answers once.
 */
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FleetError, scrubSecrets } from '../../../../src-main/core/errors';
import { MESSAGES, pkceChallenge, startLoopbackListener, startSignInFlow, type FetchLike, type LoopbackListener } from '../../../../src-main/core/auth/oauth';

type Init = Parameters<FetchLike>[1];

/** Settles to 'pending' unless `promise` settled already (checked after pending I/O callbacks ran). */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}

/** A raw connection to the listener, to hold a request half sent. */
async function openSocket(redirectUri: string): Promise<Socket> {
  const { port } = new URL(redirectUri);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/** Everything the server sends on `socket` until it closes it. */
async function readAll(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

describe('the loopback listener', () => {
  let listener: LoopbackListener | null = null;
  afterEach(async () => {
    vi.useRealTimers();
    listener?.cancel();
    await listener?.closed;
    listener = null;
  });

  const start = async (state = 'the-state-123') => {
    listener = await startLoopbackListener({ state, timeoutMs: 60_000 });
    return listener;
  };
  const hit = async (path: string, init?: RequestInit) => {
    const res = await fetch(listener!.redirectUri.replace('/callback', path), init);
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const failure = async (): Promise<FleetError> => {
    const err = await listener!.code.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FleetError);
    return err as FleetError;
  };

  it('answers anything but a GET of /callback with a plain page, and keeps waiting', async () => {
    await start();
    for (const [path, method] of [
      ['/', 'GET'],
      ['/callback?code=posted-code-1&state=the-state-123', 'POST'],
    ]) {
      const page = await hit(path, { method });
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      // The browser does not keep the connection: the listener can close as soon as it has its answer.
      expect(page.headers.get('connection')).toBe('close');
      expect(page.text).toBe(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>' +
          '<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><h1>Not found</h1>' +
          '<p>This address only receives the Fleet Desk sign-in answer.</p></body></html>',
      );
    }
    expect(await stateOf(listener!.code)).toBe('pending');
  });

  it('listens on 127.0.0.1 only, not on every address of the machine', async () => {
    await start();
    const { port } = new URL(listener!.redirectUri);
    // 127.0.0.2 is this machine too, but a listener bound to 127.0.0.1 alone refuses it.
    await expect(fetch(`http://127.0.0.2:${port}/callback?code=c-123456&state=the-state-123`)).rejects.toThrow();
    expect(await stateOf(listener!.code)).toBe('pending');
  });

  it('shows the signed-in page and keeps the code out of logs', async () => {
    await start();
    const page = await hit('/callback?code=code-for-the-desk-4711&state=the-state-123');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Signed in</title>');
    expect(page.text).toContain('<p>Signed in — you can close this tab and return to Fleet Desk.</p>');
    await expect(listener!.code).resolves.toBe('code-for-the-desk-4711');
    expect(scrubSecrets('got code-for-the-desk-4711')).toBe('got [redacted]');
  });

  it('refuses a state of the right length but the wrong value, and a missing one', async () => {
    await start('abcdef');
    const page = await hit('/callback?code=c-123456&state=abcdeg');
    expect(page.status).toBe(400);
    expect(page.text).toContain('<title>Sign-in failed</title>');
    expect(page.text).toContain('(state mismatch)');
    expect(await failure()).toMatchObject({ kind: 'auth-flow', message: MESSAGES.stateMismatch });

    await listener!.closed;
    await start('abcdef');
    expect((await hit('/callback?code=c-123456')).status).toBe(400);
    expect((await failure()).message).toBe(MESSAGES.stateMismatch);
  });

  it('shows a denial as a plain page, not a failure', async () => {
    await start();
    const page = await hit('/callback?state=the-state-123&error=access_denied');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Sign-in denied</title><');
    expect(page.text).toContain('<p>Sign-in was denied in the browser. You can close this tab.</p>');
    expect(await failure()).toMatchObject({ kind: 'auth-flow', message: MESSAGES.denied });
  });

  it('names another error and its description, escaped on the page', async () => {
    await start();
    const description = encodeURIComponent(`try <b>later</b> & "don't"`);
    const page = await hit(`/callback?state=the-state-123&error=temporarily_unavailable&error_description=${description}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain('<title>Sign-in failed</title>');
    expect(page.text).toContain(
      '<p>The sign-in page reported an error: temporarily_unavailable (try &#60;b&#62;later&#60;/b&#62; &#38; &#34;don&#39;t&#34;). You can close this tab.</p>',
    );
    expect(await failure()).toMatchObject({
      kind: 'auth-flow',
      message: `The sign-in page reported an error: temporarily_unavailable (try <b>later</b> & "don't").`,
    });
  });

  it('names an error without a description plainly', async () => {
    await start();
    await hit('/callback?state=the-state-123&error=server_error');
    expect((await failure()).message).toBe('The sign-in page reported an error: server_error.');
  });

  it('says so when the answer carries no code', async () => {
    await start();
    const page = await hit('/callback?state=the-state-123&code=');
    expect(page.status).toBe(400);
    expect(page.text).toContain('<title>Sign-in failed</title>');
    expect(page.text).toContain('<p>The answer carried no authorization code.</p>');
    expect(await failure()).toMatchObject({ kind: 'auth-flow', message: 'The sign-in answer carried no authorization code.' });
  });

  it('answers a second callback that was already on its way with "already answered", keeping the first code', async () => {
    await start();
    // The second browser tab's request has started (its headers are half sent) before the first one lands.
    const late = await openSocket(listener!.redirectUri);
    const lateAnswer = readAll(late);
    late.write('GET /callback?code=second-code-222&state=the-state-123 HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setImmediate(resolve));
    await hit('/callback?code=first-code-111&state=the-state-123');
    await expect(listener!.code).resolves.toBe('first-code-111');
    late.write('\r\n');
    const answer = await lateAnswer;
    expect(answer).toMatch(/^HTTP\/1\.1 410 /);
    expect(answer).toContain('<title>Already answered</title>');
    expect(answer).toContain('This sign-in was already completed or stopped. Return to Fleet Desk.');
    await listener!.closed;
  });

  it('drops a connection still open when cancelled, so the port closes', async () => {
    await start();
    const socket = await openSocket(listener!.redirectUri);
    const errors: string[] = [];
    socket.on('error', (err: NodeJS.ErrnoException) => errors.push(String(err.code)));
    socket.write('GET /callback?code=never-sent&state=the-state-123 HTTP/1.1\r\n');
    // (events.once would reject on the reset that comes first)
    const dropped = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    listener!.cancel();
    await dropped;
    expect(errors.every((code) => code === 'ECONNRESET')).toBe(true);
    await listener!.closed;
    expect(await failure()).toMatchObject({ kind: 'cancelled', message: MESSAGES.cancelled });
  });

  it('keeps the code when cancelled after the answer came', async () => {
    await start();
    await hit('/callback?code=kept-code-333&state=the-state-123');
    listener!.cancel();
    await expect(listener!.code).resolves.toBe('kept-code-333');
  });

  it('waits five minutes by default, then times out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    listener = await startLoopbackListener({ state: 'the-state-123' });
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(await stateOf(listener.code)).toBe('pending');
    vi.advanceTimersByTime(1);
    expect(await failure()).toMatchObject({ kind: 'timeout', message: MESSAGES.timedOut });
    await listener.closed;
  });
});

describe('the sign-in flow', () => {
  const TOKEN_URL = 'https://id.example/oauth/token';
  const tokens = { access_token: 'flow-access-abcdef', refresh_token: 'flow-refresh-abcdef', expires_in: 600 };

  /** A token endpoint that answers once with tokens; the forms it was sent. */
  function tokenEndpoint() {
    const forms: Array<Record<string, string>> = [];
    const signals: Array<AbortSignal | undefined> = [];
    const fetch: FetchLike = async (_url: string, init: Init) => {
      if (forms.length > 0) throw new Error('asked twice');
      forms.push(Object.fromEntries(new URLSearchParams(init.body)));
      signals.push(init.signal);
      return { status: 200, text: async () => JSON.stringify(tokens) };
    };
    return { fetch, forms, signals };
  }

  const callback = async (authorizeUrl: string, query: string) => {
    const params = new URL(authorizeUrl).searchParams;
    const res = await fetch(`${params.get('redirect_uri')}?state=${params.get('state')}&${query}`);
    await res.text();
    return res.status;
  };

  it('opens the browser at the authorize URL, then exchanges the code with the PKCE verifier', async () => {
    const endpoint = tokenEndpoint();
    const seen: string[] = [];
    const flow = await startSignInFlow({
      tokenUrl: TOKEN_URL,
      clientId: 'desk',
      fetch: endpoint.fetch,
      authorizeUrl: 'https://id.example/authorize',
      scopes: 'fleet.read',
      timeoutMs: 60_000,
      onAuthorizeUrl: (url) => seen.push(`authorize ${url}`),
      openExternal: async (url) => {
        seen.push(`open ${url}`);
      },
      onExchanging: () => seen.push('exchanging'),
    });
    const params = new URL(flow.authorizeUrl).searchParams;
    expect(params.get('client_id')).toBe('desk');
    expect(params.get('scope')).toBe('fleet.read');
    expect(params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await callback(flow.authorizeUrl, 'code=flow-code-abcdef')).toBe(200);
    await expect(flow.tokens).resolves.toMatchObject({ accessToken: 'flow-access-abcdef', refreshToken: 'flow-refresh-abcdef', expiresInSec: 600 });
    expect(seen).toEqual([`authorize ${flow.authorizeUrl}`, `open ${flow.authorizeUrl}`, 'exchanging']);
    const form = endpoint.forms[0];
    expect(form).toMatchObject({ grant_type: 'authorization_code', code: 'flow-code-abcdef', redirect_uri: params.get('redirect_uri'), client_id: 'desk' });
    expect(pkceChallenge(form.code_verifier)).toBe(params.get('code_challenge'));
    expect(scrubSecrets(`verifier ${form.code_verifier}`)).toBe('verifier [redacted]');
    expect(endpoint.signals[0]?.aborted).toBe(false);
  });

  it('keeps waiting when the browser cannot be opened (the web shell opens the tab itself)', async () => {
    const endpoint = tokenEndpoint();
    const flow = await startSignInFlow({
      tokenUrl: TOKEN_URL,
      clientId: 'desk',
      fetch: endpoint.fetch,
      authorizeUrl: 'https://id.example/authorize',
      scopes: '',
      timeoutMs: 60_000,
      openExternal: async () => {
        throw new Error('no browser here');
      },
    });
    await callback(flow.authorizeUrl, 'code=flow-code-abcdef');
    await expect(flow.tokens).resolves.toMatchObject({ accessToken: 'flow-access-abcdef' });
  });

  it('refuses an authorize URL that is no http(s) address, and closes its listener', async () => {
    const servers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;
    const before = servers();
    await expect(
      startSignInFlow({ tokenUrl: TOKEN_URL, clientId: 'desk', authorizeUrl: 'file:///etc/passwd', scopes: '', timeoutMs: 60_000, openExternal: async () => {} }),
    ).rejects.toMatchObject({ kind: 'invalid-argument' });
    // A closed server lets go of its handle a few turns of the event loop later (bounded wait).
    for (let turn = 0; turn < 50 && servers() !== before; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(servers()).toBe(before);
  });

  it('stops without exchanging the code when cancelled before the answer is read', async () => {
    const endpoint = tokenEndpoint();
    let browserOpened!: () => void;
    const exchanging = vi.fn();
    const flow = await startSignInFlow({
      tokenUrl: TOKEN_URL,
      clientId: 'desk',
      fetch: endpoint.fetch,
      authorizeUrl: 'https://id.example/authorize',
      scopes: '',
      timeoutMs: 60_000,
      // The browser comes back before the app hears that it opened.
      openExternal: () => new Promise<void>((resolve) => (browserOpened = resolve)),
      onExchanging: exchanging,
    });
    expect(await callback(flow.authorizeUrl, 'code=flow-code-abcdef')).toBe(200);
    flow.cancel();
    browserOpened();
    await expect(flow.tokens).rejects.toMatchObject({ kind: 'cancelled', message: MESSAGES.cancelled });
    expect(exchanging).not.toHaveBeenCalled();
    expect(endpoint.forms).toEqual([]);
  });

  it('aborts the code exchange when cancelled during it', async () => {
    let started!: () => void;
    const exchangeStarted = new Promise<void>((resolve) => (started = resolve));
    const fetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        started();
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
      });
    const flow = await startSignInFlow({
      tokenUrl: TOKEN_URL,
      clientId: 'desk',
      fetch,
      authorizeUrl: 'https://id.example/authorize',
      scopes: '',
      timeoutMs: 60_000,
      openExternal: async () => {},
    });
    await callback(flow.authorizeUrl, 'code=flow-code-abcdef');
    await exchangeStarted;
    flow.cancel();
    await expect(flow.tokens).rejects.toMatchObject({ kind: 'cancelled', message: MESSAGES.cancelled });
  });

  it('leaves no unobserved failure behind when the caller never reads the tokens', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const flow = await startSignInFlow({ tokenUrl: TOKEN_URL, clientId: 'desk', authorizeUrl: 'https://id.example/authorize', scopes: '', timeoutMs: 60_000, openExternal: async () => {} });
      flow.cancel();
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
