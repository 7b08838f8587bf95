import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import type { TokenEndpoint, TokenSet } from '../../../../src-main/core/auth/oauth';
import { createSession, type Schedule } from '../../../../src-main/core/auth/session';
import { fakeVault } from './fake-vault';
import { deferred } from '../../../fixtures/deferred';

const endpoint: TokenEndpoint = { tokenUrl: 'https://auth.example.com/token', clientId: 'cid' };

function manualScheduler() {
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const schedule: Schedule = (fn, ms) => {
    const t = { fn, ms, cancelled: false };
    timers.push(t);
    return () => {
      t.cancelled = true;
    };
  };
  return { timers, schedule, live: () => timers.filter((t) => !t.cancelled) };
}

function setup(opts: { refresh?: (e: TokenEndpoint, r: string) => Promise<TokenSet>; endpoint?: TokenEndpoint | null; nowMs?: { t: number } } = {}) {
  const vault = fakeVault();
  const events: boolean[] = [];
  const sched = manualScheduler();
  const clock = opts.nowMs ?? { t: 1_000_000 };
  const session = createSession({
    profileId: 'p1',
    vault,
    endpoint: async () => (opts.endpoint === undefined ? endpoint : opts.endpoint),
    onSignedIn: (_id, s) => events.push(s),
    now: () => clock.t,
    schedule: sched.schedule,
    refreshLeadMs: 60_000,
    refresh: opts.refresh,
  });
  return { vault, events, sched, session, clock };
}

describe('session', () => {
  it('stores a token set and hands out the access token', async () => {
    const { session, vault, events } = setup();
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: null, tokenType: 'Bearer' });
    expect(await session.getToken()).toBe('acc-1');
    expect(vault.entries.get('p1:refresh')).toBe('ref-1');
    expect(events).toEqual([true]);
  });

  it('refreshes once for concurrent 401s (single flight)', async () => {
    const gate = deferred<TokenSet>();
    const used: string[] = [];
    const { session } = setup({
      refresh: (_e, r) => {
        used.push(r);
        return gate.promise;
      },
    });
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: null, tokenType: null });
    const a = session.handleUnauthorized();
    const b = session.handleUnauthorized();
    const token = session.getToken();
    gate.resolve({ accessToken: 'acc-2', refreshToken: 'ref-2', expiresInSec: null, tokenType: null });
    expect(await Promise.all([a, b])).toEqual([true, true]);
    expect(used).toEqual(['ref-1']);
    expect(await token).toBe('acc-2');
  });

  it('keeps the old refresh token when the server does not rotate it', async () => {
    const { session, vault } = setup({ refresh: async () => ({ accessToken: 'acc-2', refreshToken: null, expiresInSec: null, tokenType: null }) });
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: null, tokenType: null });
    expect(await session.handleUnauthorized()).toBe(true);
    expect(vault.entries.get('p1:refresh')).toBe('ref-1');
  });

  it('signs out on 401 without a refresh token', async () => {
    const { session, vault, events } = setup();
    await session.store({ accessToken: 'acc-1', refreshToken: null, expiresInSec: null, tokenType: null });
    expect(await session.handleUnauthorized()).toBe(false);
    expect(events).toEqual([true, false]);
    expect(await session.getToken()).toBeNull();
    expect(vault.entries.size).toBe(0);
  });

  it('signs out when the refresh is refused', async () => {
    const { session, events } = setup({
      refresh: async () => {
        throw new FleetError('auth-flow', 'The token endpoint refused the request (invalid_grant).');
      },
    });
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: null, tokenType: null });
    expect(await session.handleUnauthorized()).toBe(false);
    expect(events.at(-1)).toBe(false);
    expect(await session.getToken()).toBeNull();
  });

  it('keeps the tokens when the refresh fails for network reasons', async () => {
    const { session, events } = setup({
      refresh: async () => {
        throw new FleetError('network', 'Could not reach the token endpoint');
      },
    });
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: null, tokenType: null });
    expect(await session.handleUnauthorized()).toBe(false);
    expect(events).toEqual([true]);
    expect(await session.getToken()).toBe('acc-1');
  });

  it('refreshes shortly before expires_in runs out', async () => {
    let n = 1;
    const { session, sched } = setup({ refresh: async () => ({ accessToken: `acc-${++n}`, refreshToken: `ref-${n}`, expiresInSec: 600, tokenType: null }) });
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: 300, tokenType: null });
    expect(sched.live().map((t) => t.ms)).toEqual([240_000]);
    const due = sched.live()[0];
    due.cancelled = true; // it fired
    due.fn();
    await new Promise((r) => setTimeout(r, 0));
    await session.getToken();
    expect(await session.getToken()).toBe('acc-2');
    expect(sched.live().map((t) => t.ms)).toEqual([540_000]);
    session.dispose();
    expect(sched.live()).toEqual([]);
  });

  it('tries a failed proactive refresh again later', async () => {
    let calls = 0;
    const { session, sched } = setup({
      refresh: async () => {
        calls++;
        if (calls === 1) throw new FleetError('network', 'Could not reach the token endpoint');
        return { accessToken: 'acc-2', refreshToken: 'ref-2', expiresInSec: 300, tokenType: null };
      },
    });
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: 300, tokenType: null });
    const fire = async () => {
      const due = sched.live()[0];
      due.cancelled = true;
      due.fn();
      await new Promise((r) => setTimeout(r, 0));
      await session.getToken();
    };
    await fire();
    expect(calls).toBe(1);
    expect(sched.live().map((t) => t.ms)).toEqual([30_000]);
    expect(await session.getToken()).toBe('acc-1');
    await fire();
    expect(calls).toBe(2);
    expect(await session.getToken()).toBe('acc-2');
  });

  it('refreshes before handing out a token known to be expired', async () => {
    const clock = { t: 0 };
    const { session } = setup({ nowMs: clock, refresh: async () => ({ accessToken: 'fresh', refreshToken: 'r2', expiresInSec: 60, tokenType: null }) });
    await session.store({ accessToken: 'stale', refreshToken: 'r1', expiresInSec: 60, tokenType: null });
    clock.t = 61_000;
    expect(await session.getToken()).toBe('fresh');
  });

  it('signOut deletes the tokens and stops the timer', async () => {
    const { session, vault, sched, events } = setup();
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: 300, tokenType: null });
    await session.signOut();
    expect(vault.entries.size).toBe(0);
    expect(sched.live()).toEqual([]);
    expect(events).toEqual([true, false]);
  });
});

describe('session: signed out while a refresh looks up its token URL', () => {
  it('does not send the refresh token once the profile was signed out (its address may have changed meanwhile)', async () => {
    const vault = fakeVault();
    const lookup = deferred<TokenEndpoint | null>();
    const sent: { tokenUrl: string; refreshToken: string }[] = [];
    const session = createSession({
      profileId: 'p1',
      vault,
      endpoint: () => lookup.promise,
      onSignedIn: () => undefined,
      schedule: manualScheduler().schedule,
      refresh: async (e, r) => {
        sent.push({ tokenUrl: e.tokenUrl, refreshToken: r });
        return { accessToken: 'acc-new', refreshToken: 'ref-new', expiresInSec: null, tokenType: 'Bearer' };
      },
    });
    await session.store({ accessToken: 'acc-1', refreshToken: 'ref-1', expiresInSec: null, tokenType: 'Bearer' });
    const refreshing = session.handleUnauthorized();
    // The refresh has read its refresh token and waits for the token URL; the profile is re-pointed now.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    await session.signOut();
    lookup.resolve({ tokenUrl: 'https://collector.example.net/token', clientId: 'cid' });
    expect(await refreshing).toBe(false);
    expect(sent).toEqual([]);
    expect(vault.entries.size).toBe(0);
  });
});
