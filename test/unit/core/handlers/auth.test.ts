import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { throughIpc } from '../ipc/through-ipc';
import type { ConnectionTest, EventChannel, FleetEvents, ProfileInput, ProfilesState, SignInState } from '../../../../src-main/contract';
import { createAuthModule, type AuthModule } from '../../../../src-main/core/auth';
import type { FetchLike } from '../../../../src-main/core/auth/oauth';
import type { ProbeFetch } from '../../../../src-main/core/auth/probe';
import { createAuthHandlers } from '../../../../src-main/core/handlers/auth';
import { fakeVault } from '../auth/fake-vault';
import { DEMO_URLS } from '../auth/demo-urls';

const demo = DEMO_URLS;

const custom: ProfileInput = {
  name: 'Token only',
  baseUrl: 'https://fleet.example.com/v1',
  aempUrl: '',
  authorizeUrl: '',
  tokenUrl: '',
  clientId: '',
  scopes: '',
};

let dir: string;
let auth: AuthModule;
let vault: ReturnType<typeof fakeVault>;
let events: { name: EventChannel; payload: unknown }[];
let removed: string[];
let forgotten: string[];
let activated: string[];
let probeCalls: { url: string; auth?: string }[];
let probeStatus: number;
let opened: string[];
let browser: (authorizeUrl: string) => Promise<void>;

const probeFetch: ProbeFetch = async (url, init) => {
  probeCalls.push({ url, auth: init.headers.authorization });
  return { status: probeStatus, text: async () => (probeStatus === 200 ? '[{"assetId":"thing:1"},{"assetId":"thing:2"}]' : '{}') };
};

const tokenCalls: Record<string, string>[] = [];
const tokenFetch: FetchLike = async (_url, init) => {
  tokenCalls.push(Object.fromEntries(new URLSearchParams(init.body)));
  return { status: 200, text: async () => JSON.stringify({ access_token: 'oauth-access-1', refresh_token: 'oauth-refresh-1', expires_in: 3600 }) };
};

function handlers(extra: { signInTimeoutMs?: number; fetch?: FetchLike } = {}) {
  return createAuthHandlers({
    ctx: {
      emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }),
      platform: {
        shell: 'web',
        version: 'test',
        openExternal: async (url) => {
          opened.push(url);
          await browser(url);
        },
      },
    },
    ...auth,
    removeOfflineData: (id) => {
      removed.push(id);
    },
    forgetProfile: (id) => {
      forgotten.push(id);
    },
    onActiveProfileChanged: (id) => {
      activated.push(id);
    },
    probeFetch,
    fetch: tokenFetch,
    ...extra,
  });
}

/** Plays the browser: follows the authorize URL's redirect_uri with a code (or an error). */
function approvingBrowser(params: (state: string) => Record<string, string>) {
  return async (authorizeUrl: string) => {
    const q = new URL(authorizeUrl).searchParams;
    const back = new URL(q.get('redirect_uri')!);
    for (const [k, v] of Object.entries(params(q.get('state')!))) back.searchParams.set(k, v);
    await fetch(back);
  };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-auth-handlers-'));
  vault = fakeVault();
  auth = await createAuthModule({ userDataDir: dir, demo, env: {}, vault });
  events = [];
  removed = [];
  forgotten = [];
  activated = [];
  probeCalls = [];
  probeStatus = 200;
  opened = [];
  tokenCalls.length = 0;
  browser = async () => undefined;
});
afterEach(() => {
  auth.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The profiles as last announced to the pages (what saving, switching and deleting answer with). */
function lastProfiles(): ProfilesState {
  const last = events.filter((e) => e.name === 'profiles:changed').at(-1);
  if (!last) throw new Error('no profiles:changed event was sent');
  return last.payload as ProfilesState;
}

describe('auth handlers: argument validation', () => {
  it.each([
    ['profiles:switch', [42]],
    ['profiles:switch', ['']],
    ['profiles:delete', [null]],
    ['auth:pasteToken', ['demo', '']],
    ['auth:pasteToken', ['demo', 'has spaces in it']],
    ['auth:pasteToken', ['demo', 7]],
    ['auth:signOut', ['demo', 'yes']],
    ['auth:signIn', [{}]],
    ['profiles:save', ['not a profile']],
    ['profiles:test', [{ ...custom, baseUrl: 'https://x.example.com/api' }]],
  ] as const)('%s rejects %j', async (channel, args) => {
    await expect(throughIpc(handlers(), channel, args)).rejects.toMatchObject({ kind: 'invalid-argument' });
    expect(probeCalls).toEqual([]);
  });

  it('refuses unknown profiles', async () => {
    await expect(handlers()['auth:pasteToken']('p-nope', 'tok-123456')).rejects.toMatchObject({ kind: 'invalid-argument', message: expect.stringContaining('p-nope') });
  });
});

describe('auth handlers: profiles', () => {
  it('saves, switches and deletes, each change announced as profiles:changed and answered with nothing it carries', async () => {
    const h = handlers();
    const id = await h['profiles:save'](custom);
    expect(id).toMatch(/^p-/);
    expect(lastProfiles().profiles.find((p) => p.id === id)?.name).toBe('Token only');
    expect(await h['profiles:switch'](id)).toBeUndefined();
    expect(lastProfiles().activeId).toBe(id);
    expect(activated).toEqual([id]);
    expect(await h['profiles:delete'](id)).toBeUndefined();
    expect(lastProfiles().activeId).toBe('demo');
    expect(lastProfiles().profiles.map((p) => p.id)).not.toContain(id);
    expect(activated).toEqual([id, 'demo']);
    expect(removed).toEqual([id]);
    expect(forgotten).toEqual([id]);
    expect(events.filter((e) => e.name === 'profiles:changed')).toHaveLength(3);
  });

  it('tests a candidate profile against the asset list', async () => {
    const test = await handlers()['profiles:test'](custom);
    expect(test).toEqual({ ok: true, message: 'Connected: 2 assets in this branch.', assetCount: 2 });
    expect(probeCalls[0]).toEqual({ url: 'https://fleet.example.com/v1/branch/current/assets', auth: undefined });
  });
});

describe('auth handlers: tokens', () => {
  it('tests a pasted token before saving it', async () => {
    const h = handlers();
    probeStatus = 401;
    const refused = await h['auth:pasteToken']('demo', 'bad-token-123');
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('refused this token');
    expect(vault.entries.has('demo')).toBe(false);

    probeStatus = 200;
    const ok = (await throughIpc(h, 'auth:pasteToken', ['demo', '  good-token-123 '])) as ConnectionTest;
    expect(ok).toMatchObject({ ok: true, assetCount: 2 });
    expect(probeCalls.at(-1)!.auth).toBe('Bearer good-token-123');
    expect(vault.entries.get('demo')).toBe('good-token-123');
    expect(auth.profiles.list().profiles[0].signedIn).toBe(true);
    expect(JSON.stringify(events)).not.toContain('good-token-123');
  });

  it('signs out, keeping or deleting the offline data', async () => {
    const h = handlers();
    await auth.seedToken('demo', 'seeded-token-1');
    await h['auth:signOut']('demo', true);
    expect(vault.entries.has('demo')).toBe(false);
    expect(removed).toEqual([]);
    await auth.seedToken('demo', 'seeded-token-2');
    await h['auth:signOut']('demo', false);
    expect(removed).toEqual(['demo']);
    // Signing out is not deleting: the profile keeps its alert rules.
    expect(forgotten).toEqual([]);
    expect(auth.profiles.list().profiles[0].signedIn).toBe(false);
  });
});

describe('auth handlers: sign-in', () => {
  it('runs the code flow and emits its states without a token', async () => {
    browser = approvingBrowser((state) => ({ code: 'code-xyz', state }));
    const result = await handlers()['auth:signIn']('demo');
    expect(result).toEqual({ state: 'signed-in', profileId: 'demo' });
    const states = events.filter((e) => e.name === 'auth:state').map((e) => (e.payload as SignInState).state);
    expect(states).toEqual(['waiting-for-browser', 'exchanging', 'signed-in']);
    const waiting = events.find((e) => e.name === 'auth:state')!.payload as Extract<SignInState, { state: 'waiting-for-browser' }>;
    expect(waiting.authorizeUrl).toBe(opened[0]);
    expect(new URL(waiting.authorizeUrl).searchParams.get('client_id')).toBe('fleet-desk');
    expect(tokenCalls[0]).toMatchObject({ grant_type: 'authorization_code', code: 'code-xyz', client_id: 'fleet-desk' });
    expect(vault.entries.get('demo')).toBe('oauth-access-1');
    expect(JSON.stringify(events)).not.toContain('oauth-access-1');
  });

  it('reports a denial as failed', async () => {
    browser = approvingBrowser((state) => ({ error: 'access_denied', state }));
    const result = await handlers()['auth:signIn']('demo');
    expect(result).toMatchObject({ state: 'failed', error: { kind: 'auth-flow', message: expect.stringContaining('denied') } });
    expect(vault.entries.has('demo')).toBe(false);
  });

  it('can be cancelled while waiting for the browser', async () => {
    const h = handlers();
    const pending = h['auth:signIn']('demo');
    while (opened.length === 0) await new Promise((r) => setTimeout(r, 1));
    await h['auth:cancel']();
    expect(await pending).toEqual({ state: 'idle' });
    expect(events.at(-1)).toEqual({ name: 'auth:state', payload: { state: 'idle' } });
  });

  it('can be cancelled while the code is being exchanged', async () => {
    let exchangeStarted = false;
    const hangingFetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        exchangeStarted = true;
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    browser = approvingBrowser((state) => ({ code: 'code-slow', state }));
    const h = handlers({ fetch: hangingFetch });
    const pending = h['auth:signIn']('demo');
    while (!exchangeStarted) await new Promise((r) => setTimeout(r, 1));
    await h['auth:cancel']();
    expect(await pending).toEqual({ state: 'idle' });
    expect(vault.entries.has('demo')).toBe(false);
  });

  it('times out', async () => {
    const result = await handlers({ signInTimeoutMs: 20 })['auth:signIn']('demo');
    expect(result).toMatchObject({ state: 'failed', error: { kind: 'timeout' } });
  });

  it('refuses profiles without OAuth settings', async () => {
    const h = handlers();
    const id = await h['profiles:save'](custom);
    await expect(h['auth:signIn'](id)).rejects.toMatchObject({ kind: 'invalid-argument', message: expect.stringContaining('Paste a token instead') });
  });
});

describe('auth handlers: testing a changed address', () => {
  /** A saved profile holding a stored token. */
  async function savedWithToken(h: ReturnType<typeof handlers>) {
    const id = await h['profiles:save']({ ...custom, aempUrl: 'https://fleet.example.com/aemp' });
    await auth.seedToken(id, 'stored-token-north');
    return { ...custom, aempUrl: 'https://fleet.example.com/aemp', id };
  }

  it('uses the stored token while the draft keeps the saved origins', async () => {
    const h = handlers();
    const draft = await savedWithToken(h);
    const test = await h['profiles:test']({ ...draft, name: 'Renamed' });
    expect(test.ok).toBe(true);
    expect(probeCalls).toEqual([{ url: 'https://fleet.example.com/v1/branch/current/assets', auth: 'Bearer stored-token-north' }]);
  });

  it.each([
    ['base URL', { baseUrl: 'https://collector.example.net/v1' }, 'collector.example.net'],
    ['fleet (AEMP) URL', { aempUrl: 'https://collector.example.net/aemp' }, 'collector.example.net'],
  ])('never sends the stored token when the %s moves to another origin, and says so', async (_what, patch, host) => {
    const h = handlers();
    const draft = await savedWithToken(h);
    probeStatus = 401;
    const test = await h['profiles:test']({ ...draft, ...patch });
    expect(probeCalls).toHaveLength(1);
    expect(probeCalls[0].auth).toBeUndefined();
    expect(test.message).toContain(host);
    expect(test.message).toMatch(/without the saved sign-in/i);
    expect(JSON.stringify(test)).not.toContain('stored-token-north');
  });

  it('tests a changed address with a token typed for the test, which is not saved', async () => {
    const h = handlers();
    const draft = await savedWithToken(h);
    const test = (await throughIpc(h, 'profiles:test', [{ ...draft, baseUrl: 'https://collector.example.net/v1' }, ' typed-test-token-1 '])) as ConnectionTest;
    expect(test.ok).toBe(true);
    expect(probeCalls[0]).toEqual({ url: 'https://collector.example.net/v1/branch/current/assets', auth: 'Bearer typed-test-token-1' });
    expect(test.message).toMatch(/typed token/i);
    expect(vault.entries.get(draft.id)).toBe('stored-token-north');
    expect([...vault.entries.values()]).not.toContain('typed-test-token-1');
    expect(JSON.stringify(events)).not.toContain('typed-test-token-1');
  });

  it('refuses a typed token with spaces in it', async () => {
    await expect(throughIpc(handlers(), 'profiles:test', [custom, 'two words'])).rejects.toMatchObject({ kind: 'invalid-argument' });
    expect(probeCalls).toEqual([]);
  });
});

describe('auth handlers: re-pointing a signed-in profile', () => {
  const oauth: ProfileInput = {
    ...custom,
    name: 'North',
    aempUrl: 'https://fleet.example.com/aemp',
    authorizeUrl: 'https://fleet.example.com/oauth/authorize',
    tokenUrl: 'https://fleet.example.com/oauth/token',
    clientId: 'desk',
  };

  async function signedIn(h: ReturnType<typeof handlers>) {
    const id = await h['profiles:save'](oauth);
    await auth.sessions.get(id).store({ accessToken: 'north-access-1', refreshToken: 'north-refresh-1', expiresInSec: 3600, tokenType: 'Bearer' });
    return id;
  }

  it('deletes the tokens and signs out when the base origin changes, so the next refresh sends nothing to the new host', async () => {
    const h = handlers();
    const id = await signedIn(h);
    expect(await h['profiles:save']({ ...oauth, id, baseUrl: 'https://collector.example.net/v1' })).toBe(id);
    const saved = lastProfiles().profiles.find((p) => p.id === id);
    expect(saved?.signedIn).toBe(false);
    expect(saved?.notice).toContain('collector.example.net');
    expect(vault.entries.has(id)).toBe(false);
    expect(vault.entries.has(`${id}:refresh`)).toBe(false);
    // What the HTTP client does on the next 401: refresh, then read the token for the new host.
    expect(await auth.sessions.get(id).handleUnauthorized()).toBe(false);
    expect(await auth.sessions.get(id).getToken()).toBeNull();
    expect(tokenCalls).toEqual([]);
    const changed = events.filter((e) => e.name === 'profiles:changed').at(-1)!.payload as { profiles: { id: string; notice?: string }[] };
    expect(changed.profiles.find((p) => p.id === id)?.notice).toContain('collector.example.net');
  });

  it('a refresh already under way when the profile is re-pointed stores nothing afterwards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let refreshStarted = false;
    const slowTokenEndpoint: FetchLike = async () => {
      refreshStarted = true;
      await gate;
      return { status: 200, text: async () => JSON.stringify({ access_token: 'north-access-2', refresh_token: 'north-refresh-2', expires_in: 3600 }) };
    };
    auth.dispose();
    auth = await createAuthModule({ userDataDir: dir, demo, env: {}, vault, fetch: slowTokenEndpoint });
    const h = handlers();
    const id = await signedIn(h);
    const refreshing = auth.sessions.get(id).handleUnauthorized();
    for (let i = 0; i < 50 && !refreshStarted; i += 1) await new Promise((r) => setTimeout(r, 1));
    expect(refreshStarted).toBe(true);
    await h['profiles:save']({ ...oauth, id, baseUrl: 'https://collector.example.net/v1' });
    release();
    await refreshing;
    expect(vault.entries.has(id)).toBe(false);
    expect(await auth.sessions.get(id).getToken()).toBeNull();
    expect(auth.profiles.list().profiles.find((p) => p.id === id)?.signedIn).toBe(false);
  });

  it('keeps the sign-in when the origins stay', async () => {
    const h = handlers();
    const id = await signedIn(h);
    await h['profiles:save']({ ...oauth, id, name: 'North depot' });
    expect(lastProfiles().profiles.find((p) => p.id === id)?.signedIn).toBe(true);
    expect(await auth.sessions.get(id).getToken()).toBe('north-access-1');
  });
});
