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
    bridge.emit('embed:expired', { sessionId: 'other' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.session?.id).toBe('s1');
    bridge.emit('embed:expired', { sessionId: 's1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.session?.id).toBe('s2');
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
