import { describe, expect, it, vi } from 'vitest';
import { LIST_EVENTS_HEADER, SOCKET_HELLO } from '@contract';
import { SECRET_STORAGE_KEY, createWebBridge } from '../../../../src-renderer/src/lib/web-bridge';
import type { SocketLike, WebBridgeDeps } from '../../../../src-renderer/src/lib/web-bridge';

class FakeSocket implements SocketLike {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.({});
  }
  push(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop(): void {
    this.onerror?.({});
    this.onclose?.({});
  }
}

function setup(hash = '#secret=abc123', stored: Record<string, string> = {}) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const storage = new Map(Object.entries(stored));
  const deps = {
    fetch: vi.fn<WebBridgeDeps['fetch']>(),
    openSocket: (url: string, protocols: string[]) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
    location: { hash, host: '127.0.0.1:4000', protocol: 'http:', pathname: '/', search: '' },
    history: { replaceState: vi.fn() },
    storage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) },
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  };
  const runTimers = () => timers.splice(0).forEach((t) => t.fn());
  return { deps, sockets, timers, storage, runTimers };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('web bridge secret handling', () => {
  it('takes the secret from the address, keeps it for the tab and clears the address bar', () => {
    const { deps, storage } = setup('#secret=s3cr3t');
    createWebBridge(deps);
    expect(storage.get(SECRET_STORAGE_KEY)).toBe('s3cr3t');
    expect(deps.history.replaceState).toHaveBeenCalledWith(null, '', '/');
  });

  it('falls back to the kept secret after a reload', async () => {
    const { deps } = setup('', { [SECRET_STORAGE_KEY]: 'kept' });
    deps.fetch.mockResolvedValue(json(200, { ok: true, value: 1 }));
    await createWebBridge(deps).invoke('app:info');
    expect(deps.history.replaceState).not.toHaveBeenCalled();
    expect((deps.fetch.mock.calls[0][1].headers as Record<string, string>)['X-Fleet-Secret']).toBe('kept');
  });

  it('refuses to call without a secret', async () => {
    const { deps } = setup('');
    const result = await createWebBridge(deps).invoke('app:info');
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(deps.fetch).not.toHaveBeenCalled();
  });
});

describe('web bridge invoke', () => {
  it('posts the arguments with the secret header and returns the Result', async () => {
    const { deps } = setup();
    deps.fetch.mockResolvedValue(json(200, { ok: true, value: [{ lat: 1, lng: 2, collectedOn: 'x' }] }));
    const result = await createWebBridge(deps).invoke('trail:get', 'thing:7', 24);
    expect(result).toEqual({ ok: true, value: [{ lat: 1, lng: 2, collectedOn: 'x' }] });
    const [url, init] = deps.fetch.mock.calls[0];
    expect(url).toBe('/api/invoke/trail%3Aget');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'X-Fleet-Secret': 'abc123' });
    expect(JSON.parse(String(init.body))).toEqual({ args: ['thing:7', 24] });
  });

  it('passes error Results through, including 403 answers', async () => {
    const { deps } = setup();
    deps.fetch.mockResolvedValue(json(403, { ok: false, error: { kind: 'forbidden', message: 'no' } }));
    expect(await createWebBridge(deps).invoke('app:info')).toEqual({ ok: false, error: { kind: 'forbidden', message: 'no' } });
  });

  it('reports a network failure as a lost connection', async () => {
    const { deps } = setup();
    deps.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await createWebBridge(deps).invoke('assets:refresh')).toEqual({
      ok: false,
      error: { kind: 'network', message: "Lost the connection to Fleet Desk's local server" },
    });
  });

  it('reports an unreadable answer without throwing', async () => {
    const { deps } = setup();
    deps.fetch.mockResolvedValue(new Response('<html>proxy error</html>', { status: 502 }));
    expect(await createWebBridge(deps).invoke('app:info')).toMatchObject({ ok: false, error: { kind: 'internal', status: 502 } });
  });
});

describe('web bridge events', () => {
  it('opens one socket with the secret as subprotocol and routes events by name', () => {
    const { deps, sockets } = setup();
    const bridge = createWebBridge(deps);
    const status = vi.fn();
    const menu = vi.fn();
    bridge.on('status', status);
    bridge.on('menu:command', menu);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://127.0.0.1:4000/api/events');
    expect(sockets[0].protocols).toEqual(['fleet-desk', 'secret.abc123']);
    sockets[0].open();
    sockets[0].push({ name: 'menu:command', payload: { command: 'refresh' } });
    sockets[0].push('not json');
    sockets[0].push({ payload: 'nameless' });
    expect(menu).toHaveBeenCalledWith({ command: 'refresh' });
    expect(status).not.toHaveBeenCalled();
  });

  it('stops calling a listener after unsubscribe and survives a throwing listener', () => {
    const { deps, sockets } = setup();
    const bridge = createWebBridge(deps);
    const bad = vi.fn(() => {
      throw new Error('listener bug');
    });
    const good = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    bridge.on('status', bad);
    const off = bridge.on('status', good);
    sockets[0].push({ name: 'status', payload: 1 });
    off();
    sockets[0].push({ name: 'status', payload: 2 });
    expect(good).toHaveBeenCalledTimes(1);
    expect(bad).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('reconnects with growing, capped backoff and resets after a good connection', () => {
    const { deps, sockets, timers, runTimers } = setup();
    const bridge = createWebBridge(deps);
    const listener = vi.fn();
    bridge.on('assets', listener);
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      sockets[sockets.length - 1].drop();
      delays.push(timers[0].ms);
      runTimers();
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(sockets).toHaveLength(9);
    const last = sockets[8];
    last.open();
    last.push({ name: 'assets', payload: 'after reconnect' });
    expect(listener).toHaveBeenCalledWith('after reconnect');
    last.drop();
    expect(timers[0].ms).toBe(500);
  });

  it('does not open a socket without a secret', () => {
    const { deps, sockets } = setup('');
    createWebBridge(deps).on('status', () => {});
    expect(sockets).toHaveLength(0);
  });
});

describe('web bridge after a restart of the web shell (a new per-launch secret)', () => {
  const refused = () => json(403, { ok: false, error: { kind: 'forbidden', message: 'Fleet Desk refused this request' } });

  it('a call refused with 403 means the key is from an earlier run: reported once, later calls not sent', async () => {
    const { deps, storage } = setup();
    const bridge = createWebBridge(deps);
    const losses: (string | null)[] = [];
    bridge.onLoss((loss) => losses.push(loss));
    deps.fetch.mockResolvedValue(refused());
    const first = await bridge.invoke('assets:refresh');
    expect(first).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(losses).toEqual(['restarted']);
    expect(bridge.loss()).toBe('restarted');
    // The stale key is dropped so a reload of this tab does not send it again.
    expect(storage.has(SECRET_STORAGE_KEY)).toBe(false);
    const second = await bridge.invoke('status:get');
    expect(second).toMatchObject({ ok: false, error: { kind: 'forbidden', message: expect.stringContaining('Fleet Desk was restarted') } });
    expect(deps.fetch).toHaveBeenCalledTimes(1);
    expect(losses).toEqual(['restarted']);
  });

  it('a dropped event socket whose reconnect is refused is told apart by a probe: 403 → restarted, no more reconnects', async () => {
    const { deps, sockets, timers, runTimers } = setup();
    const bridge = createWebBridge(deps);
    const losses: (string | null)[] = [];
    bridge.onLoss((loss) => losses.push(loss));
    bridge.on('status', () => {});
    sockets[0].open();
    deps.fetch.mockResolvedValue(refused());
    sockets[0].drop(); // the old shell went away
    await vi.waitFor(() => expect(losses).toEqual(['restarted']));
    expect(deps.fetch.mock.calls[0][0]).toBe('/api/invoke/status%3Aget');
    runTimers();
    expect(sockets).toHaveLength(1); // no reconnect with a key that cannot work
    expect(timers).toHaveLength(0);
  });

  it('a server that does not answer is "unreachable" until the socket opens again', async () => {
    const { deps, sockets, runTimers } = setup();
    const bridge = createWebBridge(deps);
    const losses: (string | null)[] = [];
    bridge.onLoss((loss) => losses.push(loss));
    bridge.on('status', () => {});
    sockets[0].open();
    deps.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    sockets[0].drop();
    await vi.waitFor(() => expect(losses).toEqual(['unreachable']));
    runTimers();
    expect(sockets).toHaveLength(2);
    sockets[1].open(); // the same run came back (same key)
    expect(losses).toEqual(['unreachable', null]);
    expect(bridge.loss()).toBeNull();
  });

  it('then says "restarted" when the server comes back with another key', async () => {
    const { deps, sockets, runTimers } = setup();
    const bridge = createWebBridge(deps);
    const losses: (string | null)[] = [];
    bridge.onLoss((loss) => losses.push(loss));
    bridge.on('status', () => {});
    sockets[0].open();
    deps.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    sockets[0].drop();
    await vi.waitFor(() => expect(losses).toEqual(['unreachable']));
    deps.fetch.mockResolvedValue(refused());
    runTimers();
    sockets[1].drop(); // upgrade refused (browsers only see a close)
    await vi.waitFor(() => expect(losses).toEqual(['unreachable', 'restarted']));
  });

  it('a new address pasted into this tab (only the #secret changes, so no page load) is taken and the page reloads', () => {
    const { deps, storage } = setup();
    let onHash: (() => void) | null = null;
    const reload = vi.fn();
    const bridge = createWebBridge({ ...deps, listenHashChange: (fn) => (onHash = fn), reload });
    deps.location.hash = '#secret=newkey';
    onHash!();
    expect(storage.get(SECRET_STORAGE_KEY)).toBe('newkey');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(bridge.loss()).toBeNull();
  });

  it('useAddress takes a new address typed into the restart notice, and refuses anything else', () => {
    const { deps, storage } = setup();
    const reload = vi.fn();
    const assign = vi.fn();
    const bridge = createWebBridge({ ...deps, reload, assign });
    expect(bridge.useAddress('http://127.0.0.1:4000/#secret=fresh')).toBeNull();
    expect(storage.get(SECRET_STORAGE_KEY)).toBe('fresh');
    expect(reload).toHaveBeenCalledTimes(1);
    // Another port: a new run on another port; go there (it is loopback, with a key).
    expect(bridge.useAddress(' http://127.0.0.1:4100/#secret=other ')).toBeNull();
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4100/#secret=other');
    expect(bridge.useAddress('http://127.0.0.1:4000/')).toMatch(/access key/);
    expect(bridge.useAddress('https://evil.example/#secret=x')).toMatch(/http:\/\/127\.0\.0\.1/);
    expect(bridge.useAddress('not an address')).toMatch(/http:\/\/127\.0\.0\.1/);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('catching up when the event socket opens', () => {
  /** Answers each call by channel; counts the calls per channel. */
  function answering(deps: ReturnType<typeof setup>['deps'], answers: Record<string, unknown>) {
    const calls: string[] = [];
    deps.fetch.mockImplementation(async (input) => {
      const channel = decodeURIComponent(String(input).split('/').pop()!);
      calls.push(channel);
      return json(200, { ok: true, value: answers[channel] ?? null });
    });
    return calls;
  }

  it('hands the status asked for on opening to the status listeners (a change sent before the socket opened is not missed)', async () => {
    const { deps, sockets } = setup();
    const calls = answering(deps, { 'status:get': { state: 'online' } });
    const bridge = createWebBridge(deps);
    const seen: unknown[] = [];
    bridge.on('status', (s) => seen.push(s));
    sockets[0].open();
    await vi.waitFor(() => expect(seen).toEqual([{ state: 'online' }]));
    expect(calls).toEqual(['status:get']);
  });

  it('drops a catch-up answer when an event came while it was under way (the event is newer)', async () => {
    const { deps, sockets, runTimers } = setup();
    /** The calls under way, each with its channel and the way to answer it. */
    const pending: { channel: string; answer: (value: unknown) => void }[] = [];
    deps.fetch.mockImplementation(
      (input) =>
        new Promise((resolve) => {
          const channel = decodeURIComponent(String(input).split('/').pop()!);
          pending.push({ channel, answer: (value) => resolve(json(200, { ok: true, value })) });
        }),
    );
    /** Answers every call of `channel` under way (a dropped socket also sends a status:get of its own). */
    const answer = async (channel: string, value: unknown) => {
      await vi.waitFor(() => expect(pending.some((p) => p.channel === channel)).toBe(true));
      for (const call of pending.filter((p) => p.channel === channel)) {
        pending.splice(pending.indexOf(call), 1);
        call.answer(value);
      }
      await new Promise((r) => setTimeout(r, 0));
    };
    const bridge = createWebBridge(deps);
    const statuses: unknown[] = [];
    const lists: unknown[] = [];
    bridge.on('status', (s) => statuses.push(s));
    bridge.on('assets', (a) => lists.push(a));
    sockets[0].open();
    await vi.waitFor(() => expect(pending.map((p) => p.channel)).toContain('status:get'));
    sockets[0].push({ name: 'status', payload: { state: 'online' } });
    await answer('status:get', { state: 'syncing' });
    expect(statuses).toEqual([{ state: 'online' }]);

    // After a reconnect: a list event during the list's catch-up call wins too.
    sockets[0].drop();
    runTimers();
    sockets[1].open();
    await answer('status:get', { state: 'online' });
    await vi.waitFor(() => expect(pending.map((p) => p.channel)).toContain('assets:get'));
    sockets[1].push({ name: 'assets', payload: { assets: ['new'], profileId: 'demo' } });
    await answer('assets:get', { assets: ['old'], profileId: 'demo' });
    expect(lists).toEqual([{ assets: ['new'], profileId: 'demo' }]);
    expect(statuses).toEqual([{ state: 'online' }, { state: 'online' }]);
  });

  it('after a reconnect also asks for the asset list again, and passes on only a list there is', async () => {
    const { deps, sockets, runTimers } = setup();
    const calls = answering(deps, { 'status:get': { state: 'online' }, 'assets:get': { assets: [], profileId: 'demo' } });
    const bridge = createWebBridge(deps);
    const lists: unknown[] = [];
    bridge.on('status', () => {});
    bridge.on('assets', (a) => lists.push(a));
    sockets[0].open();
    await vi.waitFor(() => expect(calls).toEqual(['status:get']));
    expect(lists).toEqual([]);
    sockets[0].drop();
    runTimers();
    sockets[1].open();
    await vi.waitFor(() => expect(lists).toEqual([{ assets: [], profileId: 'demo' }]));
    expect(calls.filter((c) => c === 'assets:get')).toHaveLength(1);
  });
});

describe('a list answered before the event socket joined (events in between reached no page)', () => {
  /** Answers every assets:get with `lists` in turn, each with the list-event count the shell had then. */
  function shell(deps: ReturnType<typeof setup>['deps'], answers: { value: unknown; listEvents: string | null }[]) {
    const calls: string[] = [];
    deps.fetch.mockImplementation(async (input) => {
      const channel = decodeURIComponent(String(input).split('/').pop()!);
      calls.push(channel);
      if (channel !== 'assets:get') return json(200, { ok: true, value: null });
      const { value, listEvents } = answers.shift()!;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (listEvents !== null) headers[LIST_EVENTS_HEADER] = listEvents;
      return new Response(JSON.stringify({ ok: true, value }), { status: 200, headers });
    });
    return calls;
  }
  const hello = (listEvents: number) => ({ name: SOCKET_HELLO, payload: { listEvents } });

  it('asks again when the socket joined after list events the answer did not count, and hands the list to the listeners', async () => {
    const { deps, sockets } = setup();
    const calls = shell(deps, [
      { value: null, listEvents: '0' }, // a fresh install's early answer: nothing stored yet
      { value: { assets: ['first'], profileId: 'demo' }, listEvents: '1' },
    ]);
    const bridge = createWebBridge(deps);
    const lists: unknown[] = [];
    bridge.on('assets', (a) => lists.push(a));
    await expect(bridge.invoke('assets:get')).resolves.toEqual({ ok: true, value: null });
    sockets[0].open();
    sockets[0].push(hello(1)); // the first refresh's event went out before the socket joined
    await vi.waitFor(() => expect(lists).toEqual([{ assets: ['first'], profileId: 'demo' }]));
    expect(calls.filter((c) => c === 'assets:get')).toHaveLength(2);
  });

  it('also when the answer comes after the hello but was made before the socket joined', async () => {
    const { deps, sockets } = setup();
    const calls = shell(deps, [
      { value: { assets: ['old'], profileId: 'demo' }, listEvents: '4' },
      { value: { assets: ['new'], profileId: 'demo' }, listEvents: '5' },
    ]);
    const bridge = createWebBridge(deps);
    const lists: unknown[] = [];
    bridge.on('assets', (a) => lists.push(a));
    sockets[0].open();
    sockets[0].push(hello(5));
    await bridge.invoke('assets:get');
    await vi.waitFor(() => expect(lists).toEqual([{ assets: ['new'], profileId: 'demo' }]));
    expect(calls.filter((c) => c === 'assets:get')).toHaveLength(2);
  });

  it('does not ask again for an answer made after the socket joined, or from a shell that sends no count; the hello is no event', async () => {
    const { deps, sockets } = setup();
    const calls = shell(deps, [
      { value: null, listEvents: '3' },
      { value: null, listEvents: null },
    ]);
    const bridge = createWebBridge(deps);
    const seen: unknown[] = [];
    bridge.on('assets', (a) => seen.push(a));
    bridge.on(SOCKET_HELLO as never, (p: unknown) => seen.push(p));
    await bridge.invoke('assets:get');
    sockets[0].open();
    sockets[0].push(hello(3));
    await bridge.invoke('assets:get');
    sockets[0].push(hello(9)); // a count with no answer before it asks for nothing
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.filter((c) => c === 'assets:get')).toHaveLength(2);
    expect(seen).toEqual([]);
  });
});
