import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { EmbedController, OFFLINE_EMBED_MESSAGE } from '../../../../src-renderer/src/state/embed.svelte';
import type { EmbedRequest, EmbedSession } from '../../../../src-main/contract';
import { FakeBridge } from '../fixtures';

const T0 = Date.parse('2026-11-22T12:00:00Z');

function sessionFor(n: number, now: number, req: EmbedRequest): EmbedSession {
  return { id: `s${n}`, kind: req.kind, assetIds: [], url: `http://127.0.0.1:7001/embed/auth?req=x&jws=${n}`, expiresAt: new Date(now + 3600_000).toISOString(), requestedAt: new Date(now).toISOString() };
}

describe('EmbedController', () => {
  let bridge: FakeBridge;
  let n = 0;
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    n = 0;
    bridge = new FakeBridge().handle('embed:open', (req) => sessionFor(++n, Date.now(), req as EmbedRequest)).handle('embed:hide', () => undefined);
    setBridge(bridge);
  });
  afterEach(() => {
    vi.useRealTimers();
    setBridge(null);
  });

  it('opens a session and renews it before it ends with no user action', async () => {
    const c = new EmbedController();
    await c.open({ kind: 'branch' });
    expect(c.session?.id).toBe('s1');
    expect(c.renewedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(3600_000 - 20_000);
    expect(c.session?.id).toBe('s1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.session?.id).toBe('s2');
    expect(c.renewedAt).toBe(new Date(T0 + 3600_000 - 15_000).toISOString());
    expect(bridge.callsTo('embed:open')).toEqual([[{ kind: 'branch' }], [{ kind: 'branch' }]]);
  });

  it('renews when the Electron view reports expiry, only for the current session', async () => {
    const c = new EmbedController();
    await c.open({ kind: 'asset', assetId: 'thing:7' });
    await vi.advanceTimersByTimeAsync(60_000); // the view reports a session that served a while
    bridge.emit('embed:expired', { sessionId: 'other' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.session?.id).toBe('s1');
    bridge.emit('embed:expired', { sessionId: 's1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.session?.id).toBe('s2');
  });

  it('does not ask for a map the main side would refuse: the shared rule in words, and no Try again', async () => {
    const c = new EmbedController();
    await c.open({ kind: 'subset', assetIds: ['thing:1', 'truck 7'] });
    expect(c.error).toEqual({ kind: 'invalid-argument', message: 'An asset id looks like thing:123 or area:45' });
    expect(c.canRetry).toBe(false);
    expect(bridge.callsTo('embed:open')).toEqual([]);
    await c.renew();
    expect(bridge.callsTo('embed:open')).toEqual([]);
    await c.open({ kind: 'subset', assetIds: ['thing:1'] });
    expect(c.error).toBeNull();
    expect(c.canRetry).toBe(true);
    expect(bridge.callsTo('embed:open')).toHaveLength(1);
  });

  it('shows the specific error and does not spin offline', async () => {
    bridge.handle('embed:open', () => {
      throw Object.assign(new Error('Too many assets for one map (at most 500)'), { kind: 'bad-request' });
    });
    const c = new EmbedController();
    await c.open({ kind: 'subset', assetIds: ['thing:1'] });
    expect(c.error?.message).toBe('Too many assets for one map (at most 500)');
    expect(c.loading).toBe(false);

    const offline = new EmbedController({ isOffline: () => true });
    const before = bridge.calls.length;
    await offline.open({ kind: 'branch' });
    expect(offline.error?.message).toBe(OFFLINE_EMBED_MESSAGE);
    expect(bridge.calls.length).toBe(before);
  });

  it('a network failure says a connection is needed', async () => {
    bridge.handle('embed:open', () => {
      throw Object.assign(new Error('Connection refused'), { kind: 'network' });
    });
    const c = new EmbedController();
    await c.open({ kind: 'branch' });
    expect(c.error?.message).toBe(`${OFFLINE_EMBED_MESSAGE}. Connection refused`);
  });

  it('close stops renewal and hides the view', async () => {
    const c = new EmbedController();
    await c.open({ kind: 'branch' });
    c.close();
    await vi.advanceTimersByTimeAsync(2 * 3600_000);
    expect(bridge.callsTo('embed:open')).toHaveLength(1);
    expect(bridge.callsTo('embed:hide')).toHaveLength(1);
    expect(c.isOpen).toBe(false);
  });
});

describe('EmbedController renewal floor', () => {
  let bridge: FakeBridge;
  /** When each embed:open came in (fake clock). */
  let openedAt: number[];
  /** How long each new URL is good for; the service under test decides. */
  let validFor: number;
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    openedAt = [];
    validFor = -1_000;
    bridge = new FakeBridge()
      .handle('embed:open', (req) => {
        openedAt.push(Date.now());
        const n = openedAt.length;
        return { id: `s${n}`, kind: (req as EmbedRequest).kind, assetIds: [], url: `https://maps.example.com/embed?jws=${n}`, expiresAt: new Date(Date.now() + validFor).toISOString(), requestedAt: new Date(Date.now()).toISOString() };
      })
      .handle('embed:hide', () => undefined);
    setBridge(bridge);
  });
  afterEach(() => {
    vi.useRealTimers();
    setBridge(null);
  });

  /** Runs the fake clock in small steps for a bounded time, so a hot loop shows as a call count instead of a hang. */
  async function run(ms: number, step = 100): Promise<void> {
    for (let t = 0; t < ms; t += step) await vi.advanceTimersByTimeAsync(step);
  }
  const gaps = () => openedAt.slice(1).map((at, i) => at - openedAt[i]);

  it.each([
    ['already expired', -1_000],
    ['expiring in under 5 s', 2_000],
  ])('an embed URL %s is renewed no sooner than 5 s, and renewal stops after 3 such renewals in a row', async (_label, valid) => {
    validFor = valid;
    const c = new EmbedController();
    await c.open({ kind: 'branch' });
    await run(120_000);
    expect(openedAt).toHaveLength(4);
    for (const gap of gaps()) expect(gap).toBeGreaterThanOrEqual(5_000);
    expect(c.session).toBeNull();
    expect(c.error?.message).toMatch(/maps\.example\.com.*expire.*4 in a row.*Try again/s);
    expect(bridge.callsTo('embed:hide')).toHaveLength(1);

    // Pressing Try again asks once more, with a fresh allowance.
    validFor = 3600_000;
    await c.renew();
    expect(openedAt).toHaveLength(5);
    expect(c.error).toBeNull();
    expect(c.session?.id).toBe('s5');
  });

  it('a view that reports its session ended right after opening gets a renewal every 5 s at most, then a message', async () => {
    validFor = 3600_000;
    const c = new EmbedController();
    // The Electron view of each new session reports expiry at once, again and again.
    const spam = setInterval(() => c.session && bridge.emit('embed:expired', { sessionId: c.session.id }), 10);
    await c.open({ kind: 'asset', assetId: 'thing:7' });
    await run(120_000);
    clearInterval(spam);
    expect(openedAt).toHaveLength(4);
    for (const gap of gaps()) expect(gap).toBeGreaterThanOrEqual(5_000);
    expect(c.error?.message).toMatch(/maps\.example\.com.*ended right after.*4 in a row.*Try again/s);
  });

  it('a session that lasted is renewed at once when it ends, and resets the count', async () => {
    validFor = 3600_000;
    const c = new EmbedController();
    await c.open({ kind: 'branch' });
    for (let i = 0; i < 5; i++) {
      await run(60_000, 1_000);
      bridge.emit('embed:expired', { sessionId: c.session!.id });
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(openedAt).toHaveLength(6);
    expect(c.error).toBeNull();
    expect(c.renewedAt).not.toBeNull();
  });

  it('a failing renewal stops with its own message instead of retrying', async () => {
    validFor = 20_000;
    const c = new EmbedController();
    await c.open({ kind: 'branch' });
    bridge.handle('embed:open', () => {
      openedAt.push(Date.now());
      throw Object.assign(new Error('HTTP 500 from maps.example.com'), { kind: 'server' });
    });
    await run(120_000);
    expect(openedAt).toHaveLength(2);
    expect(c.error?.message).toBe('HTTP 500 from maps.example.com');
  });
});
