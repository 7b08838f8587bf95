/**
 * The refresh schedule follows the auth module's sign-in news for the active profile:
 * a sign-out stops it, a new token (paste, sign-in) resumes it; news about another
 * profile changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthModule, type AuthModule } from '../../../../src-main/core/auth';
import { createAuthEvents } from '../../../../src-main/core/auth/auth-events';
import { followAuth } from '../../../../src-main/core/sync/follow-auth';
import { RefreshScheduler } from '../../../../src-main/core/sync/refresh-scheduler';
import { DEMO_URLS } from '../auth/demo-urls';
import { fakeVault } from '../auth/fake-vault';

const TOKEN = { refreshToken: null, expiresInSec: null, tokenType: null };

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

let dir: string;
let auth: AuthModule;
let refreshes: number;
let scheduler: RefreshScheduler<string>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-follow-auth-'));
  auth = await createAuthModule({ userDataDir: dir, demo: DEMO_URLS, env: {}, vault: fakeVault() });
  refreshes = 0;
  scheduler = new RefreshScheduler<string>({
    refresh: async () => {
      refreshes += 1;
      return 'list';
    },
    intervalSec: () => 60,
    profileId: () => auth.profiles.activeId,
    // Timers that never fire: only the sign-in news makes attempts here.
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
  });
  followAuth(auth.events, scheduler, () => auth.profiles.activeId);
});

afterEach(() => {
  scheduler.stop();
  auth.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('the schedule follows sign-in and sign-out of the active profile', () => {
  it('stops when the active profile signs out and starts again when it gets a token', async () => {
    await auth.seedToken('demo', 'token-1');
    scheduler.start();
    await settle();
    expect([refreshes, scheduler.status().state]).toEqual([1, 'online']);

    await auth.sessions.get('demo').signOut();
    expect(scheduler.status()).toMatchObject({ state: 'signed-out', nextAttemptAt: null });
    expect(refreshes).toBe(1);

    await auth.sessions.get('demo').store({ accessToken: 'token-2', ...TOKEN });
    await settle();
    expect([refreshes, scheduler.status().state]).toEqual([2, 'online']);
  });

  it('ignores sign-in news of another profile', async () => {
    const other = await auth.profiles.save({ name: 'North', baseUrl: 'https://fleet.example.com/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' });
    scheduler.start();
    await settle();
    await auth.sessions.get(other.id).store({ accessToken: 'north-1', ...TOKEN });
    await auth.sessions.get(other.id).signOut();
    await settle();
    expect([refreshes, scheduler.status().state]).toEqual([1, 'online']);
  });
});

describe('auth events', () => {
  it('tells every listener, even when one of them fails, and stops telling one that left', () => {
    const logged: string[] = [];
    const events = createAuthEvents((m) => logged.push(m));
    const heard: string[] = [];
    events.on('signed-in', () => {
      throw new Error('listener broke');
    });
    const off = events.on('signed-in', ({ profileId }) => heard.push(`in ${profileId}`));
    events.on('signed-out', ({ profileId }) => heard.push(`out ${profileId}`));
    events.emit('signed-in', { profileId: 'demo' });
    events.emit('signed-out', { profileId: 'demo' });
    off();
    events.emit('signed-in', { profileId: 'p-1' });
    expect(heard).toEqual(['in demo', 'out demo']);
    expect(logged).toEqual(['Fleet Desk: a signed-in listener failed: listener broke', 'Fleet Desk: a signed-in listener failed: listener broke']);
  });

  it('come from the auth module for sign-in, sign-out and a refused renewal', async () => {
    const heard: string[] = [];
    auth.events.on('signed-in', ({ profileId }) => heard.push(`in ${profileId}`));
    auth.events.on('signed-out', ({ profileId }) => heard.push(`out ${profileId}`));
    await auth.seedToken('demo', 'token-1');
    await auth.sessions.get('demo').signOut();
    // No refresh token: a 401 signs the profile out.
    await auth.seedToken('demo', 'token-2');
    await auth.sessions.get('demo').handleUnauthorized();
    expect(heard).toEqual(['in demo', 'out demo', 'in demo', 'out demo']);
  });
});
