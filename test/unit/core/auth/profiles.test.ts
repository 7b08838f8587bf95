import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../../src-main/contract';
import { addressChange, createProfileStore, validateProfileInput } from '../../../../src-main/core/auth/profiles';
import { fakeVault } from './fake-vault';
import { DEMO_URLS } from './demo-urls';

const demo = DEMO_URLS;

const input: ProfileInput = {
  name: 'North branch',
  baseUrl: 'https://fleet.example.com/v1/',
  aempUrl: 'https://fleet.example.com/aemp',
  authorizeUrl: 'https://auth.example.com/authorize',
  tokenUrl: 'https://auth.example.com/token',
  clientId: 'desk',
  clientSecret: 'client-secret-value-1',
  scopes: 'assets:read',
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-profiles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('profile validation', () => {
  it('accepts a good profile and normalises the base URL', () => {
    expect(validateProfileInput(input).baseUrl).toBe('https://fleet.example.com/v1');
  });

  it.each([
    [{ name: '  ' }, /Name is required/, 'name'],
    [{ baseUrl: 'ftp://fleet.example.com/v1' }, /Base URL must be a full http/, 'baseUrl'],
    [{ baseUrl: 'https://fleet.example.com/api' }, /Base URL must end in \/v1/, 'baseUrl'],
    [{ baseUrl: 'https://user:pw@fleet.example.com/v1' }, /without a user name or password/, 'baseUrl'],
    [{ tokenUrl: 'file:///etc/passwd' }, /Token URL must be empty or a full http/, 'tokenUrl'],
    [{ clientId: '' }, /Client id is required for signing in with OAuth/, 'clientId'],
    [{ tokenUrl: '' }, /both the authorize URL and the token URL/, 'tokenUrl'],
  ])('rejects %j with a clear message', (patch, message, path) => {
    expect(() => validateProfileInput({ ...input, ...patch })).toThrow(expect.objectContaining({ kind: 'invalid-argument', message: expect.stringMatching(message), path }));
  });

  it('allows a token-only profile without OAuth settings', () => {
    expect(() => validateProfileInput({ ...input, authorizeUrl: '', tokenUrl: '', clientId: '' })).not.toThrow();
  });

  it('keeps embed origins as plain origins, once each', () => {
    expect(validateProfileInput(input).embedOrigins).toEqual([]);
    const valid = validateProfileInput({ ...input, embedOrigins: [' https://Maps.Partner.example/ ', 'https://maps.partner.example', 'http://10.0.0.5:8080'] });
    expect(valid.embedOrigins).toEqual(['https://maps.partner.example', 'http://10.0.0.5:8080']);
  });

  it.each(['http://*', 'https://*', 'https://*.evil.test'])('refuses the wildcard embed origin %s, naming it', (origin) => {
    expect(() => validateProfileInput({ ...input, embedOrigins: ['https://maps.partner.example', origin] })).toThrow(
      expect.objectContaining({ kind: 'invalid-argument', message: expect.stringContaining(`“${origin}” is not an embed map origin`), path: 'embedOrigins.1' }),
    );
  });

  it.each(['https://maps.example.com/embed', 'https://maps.example.com?x=1', 'javascript:alert(1)', 'https://u:p@maps.example.com', '*.example.com'])(
    'refuses the embed origin %s, saying what an origin is',
    (origin) => {
      expect(() => validateProfileInput({ ...input, embedOrigins: [origin] })).toThrow(
        expect.objectContaining({ kind: 'invalid-argument', message: expect.stringContaining('for example https://maps.example.com'), path: 'embedOrigins.0' }),
      );
    },
  );

  it('rejects a non-object', () => {
    expect(() => validateProfileInput('x')).toThrow(expect.objectContaining({ kind: 'invalid-argument' }));
  });
});

describe('profile store', () => {
  it('starts with the built-in demo profile active', async () => {
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    const state = store.list();
    expect(state.activeId).toBe('demo');
    expect(state.profiles).toHaveLength(1);
    expect(state.profiles[0]).toMatchObject({ id: 'demo', builtIn: true, signedIn: false, baseUrl: demo.baseUrl });
    expect(store.connection()).toEqual({ profileId: 'demo', baseUrl: demo.baseUrl, aempUrl: demo.aempUrl, demo: true, embedOrigins: [], speedUnit: 'unstated' });
  });

  it('saves profiles without any secret in profiles.json, the secret goes to the vault', async () => {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo, env: {} });
    const saved = await store.save(input);
    expect(saved).toMatchObject({ name: 'North branch', hasClientSecret: true, builtIn: false });
    expect(saved).not.toHaveProperty('clientSecret');
    expect(vault.entries.get(`${saved.id}:client-secret`)).toBe('client-secret-value-1');
    const text = readFileSync(join(dir, 'profiles.json'), 'utf8');
    expect(text).toContain('North branch');
    expect(text).not.toContain('client-secret-value-1');
    expect(readdirSync(dir)).toEqual(['profiles.json']); // atomic write leaves no temp file

    await store.switch(saved.id);
    const again = await createProfileStore({ userDataDir: dir, vault, demo, env: {} });
    expect(again.activeId).toBe(saved.id);
    expect(again.get(saved.id)).toMatchObject({ baseUrl: 'https://fleet.example.com/v1', hasClientSecret: true });
  });

  it('updates a profile and keeps its secret when none is typed', async () => {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo, env: {} });
    const saved = await store.save(input);
    const updated = await store.save({ ...input, id: saved.id, name: 'North', clientSecret: undefined });
    expect(updated).toMatchObject({ id: saved.id, name: 'North', hasClientSecret: true });
    expect(store.list().profiles).toHaveLength(2);
  });

  it('refuses to change or delete built-in profiles and unknown ids', async () => {
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    await expect(store.save({ ...input, id: 'demo' })).rejects.toMatchObject({ kind: 'invalid-argument', message: expect.stringContaining('cannot be changed') });
    await expect(store.delete('demo')).rejects.toMatchObject({ kind: 'invalid-argument', message: expect.stringContaining('cannot be deleted') });
    await expect(store.switch('nope')).rejects.toMatchObject({ kind: 'invalid-argument' });
    await expect(store.save({ ...input, id: 'p-missing' })).rejects.toMatchObject({ kind: 'invalid-argument' });
  });

  it('deleting the active profile switches to demo and removes its secrets', async () => {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo, env: {} });
    const saved = await store.save(input);
    await vault.set(saved.id, 'access-token-x');
    await store.switch(saved.id);
    const seen: string[] = [];
    store.onChange((s) => seen.push(s.activeId));
    const state = await store.delete(saved.id);
    expect(state.activeId).toBe('demo');
    expect(state.profiles.map((p) => p.id)).toEqual(['demo']);
    expect([...vault.entries.keys()]).toEqual([]);
    expect(seen).toEqual(['demo']);
  });

  it('builds an env profile with the token in the vault and never on disk', async () => {
    const vault = fakeVault();
    const env = { FLEET_BASE_URL: 'https://env.example.com/v1', FLEET_AEMP_URL: 'https://env.example.com/aemp', FLEET_TOKEN: 'env-token-secret-1' };
    const store = await createProfileStore({ userDataDir: dir, vault, demo, env });
    expect(store.activeId).toBe('env');
    expect(store.list().profiles.find((p) => p.id === 'env')).toMatchObject({ builtIn: true, signedIn: true, baseUrl: 'https://env.example.com/v1' });
    expect(vault.entries.get('env')).toBe('env-token-secret-1');
    await store.save(input);
    expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).not.toContain('env-token-secret-1');
    await expect(store.delete('env')).rejects.toMatchObject({ kind: 'invalid-argument' });
  });

  it('takes the env profile’s embed origins from FLEET_EMBED_ORIGINS, as origins, each once', async () => {
    const env = { FLEET_BASE_URL: 'https://env.example.com/v1', FLEET_EMBED_ORIGINS: 'https://maps.partner.example, http://10.0.0.5:8080/ https://Maps.Partner.example' };
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env });
    expect(store.get('env')?.embedOrigins).toEqual(['https://maps.partner.example', 'http://10.0.0.5:8080']);
  });

  it.each(['http://*', 'https://*', 'https://*.evil.test', 'https://x.example/path', 'javascript:alert(1)'])(
    'refuses to start with %s in FLEET_EMBED_ORIGINS, naming it',
    async (bad) => {
      const env = { FLEET_BASE_URL: 'https://env.example.com/v1', FLEET_EMBED_ORIGINS: `https://maps.partner.example ${bad}` };
      await expect(createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env })).rejects.toMatchObject({
        kind: 'invalid-argument',
        message: expect.stringContaining(`FLEET_EMBED_ORIGINS: “${bad}” is not an embed map origin`),
      });
    },
  );

  it('drops a wildcard embed origin saved by an older version and says so on the profile', async () => {
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    const saved = await store.save({ ...input, embedOrigins: ['https://maps.partner.example'] });
    const file = JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8'));
    file.profiles[0].embedOrigins = ['https://*', 'https://maps.partner.example', 'https://*.evil.test'];
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify(file));
    const again = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    expect(again.get(saved.id)?.embedOrigins).toEqual(['https://maps.partner.example']);
    expect(again.connection(saved.id).embedOrigins).toEqual(['https://maps.partner.example']);
    const notice = again.list().profiles.find((p) => p.id === saved.id)?.notice;
    expect(notice).toContain('“https://*” is not an embed map origin');
    expect(notice).toContain('“https://*.evil.test” is not an embed map origin');
    expect(again.notice).toBeNull();
  });

  it('moves an unreadable profiles.json aside and keeps working', async () => {
    writeFileSync(join(dir, 'profiles.json'), '{ not json');
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    expect(store.notice).toMatch(/could not be read and were moved aside/);
    expect(store.list().profiles.map((p) => p.id)).toEqual(['demo']);
    expect(readdirSync(dir).some((f) => f.startsWith('profiles.json.unreadable-'))).toBe(true);
  });

  it('leaves profiles.json in place when the file system refuses it, and says why', async () => {
    mkdirSync(join(dir, 'profiles.json'));
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    expect(store.notice).toContain('a folder is in its place');
    expect(store.notice).not.toMatch(/moved aside/);
    expect(store.list().profiles.map((p) => p.id)).toEqual(['demo']);
    expect(readdirSync(dir).some((f) => f.startsWith('profiles.json.unreadable-'))).toBe(false);
  });

  it('stores embed origins and reads files written before they existed', async () => {
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    const saved = await store.save({ ...input, embedOrigins: ['https://maps.partner.example'] });
    expect(saved.embedOrigins).toEqual(['https://maps.partner.example']);
    expect(store.connection(saved.id).embedOrigins).toEqual(['https://maps.partner.example']);
    const file = JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8'));
    delete file.profiles[0].embedOrigins;
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify(file));
    const again = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    expect(again.notice).toBeNull();
    expect(again.get(saved.id)?.embedOrigins).toEqual([]);
  });

  it('reports signed-in state changes', async () => {
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo, env: {} });
    const seen: boolean[] = [];
    store.onChange((s) => seen.push(s.profiles[0].signedIn));
    store.setSignedIn('demo', true);
    store.setSignedIn('demo', true);
    store.setSignedIn('demo', false);
    expect(seen).toEqual([true, false]);
  });

  it('takes the demo service’s addresses when it starts listening, and announces them', async () => {
    const store = await createProfileStore({ userDataDir: dir, vault: fakeVault(), demo: { ...DEMO_URLS, baseUrl: '', aempUrl: '' }, env: {} });
    const seen: string[] = [];
    store.onChange((s) => seen.push(s.profiles[0].baseUrl));
    expect(store.connection('demo').baseUrl).toBe('');
    store.setDemoUrls({ ...DEMO_URLS, baseUrl: 'http://127.0.0.1:4321/v1/', aempUrl: 'http://127.0.0.1:4321/aemp' });
    expect(store.connection('demo')).toMatchObject({ baseUrl: 'http://127.0.0.1:4321/v1', aempUrl: 'http://127.0.0.1:4321/aemp', demo: true });
    expect(seen).toEqual(['http://127.0.0.1:4321/v1']);
    expect(store.get('demo')?.id).toBe('demo');
  });
});

describe('re-pointing a profile (its address changes)', () => {
  async function signedInProfile() {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo, env: {} });
    const saved = await store.save(input);
    await vault.set(saved.id, 'access-token-north');
    await vault.set(`${saved.id}:refresh`, 'refresh-token-north');
    store.setSignedIn(saved.id, true);
    return { vault, store, id: saved.id };
  }

  it.each([
    ['base URL', { baseUrl: 'https://fleet.other.example.net/v1' }, 'fleet.other.example.net'],
    ['fleet (AEMP) URL', { aempUrl: 'https://aemp.other.example.net/aemp' }, 'aemp.other.example.net'],
    ['base URL port', { baseUrl: 'https://fleet.example.com:8443/v1' }, 'fleet.example.com:8443'],
  ])('a new %s origin deletes the stored tokens and signs the profile out, saying why', async (_what, patch, host) => {
    const { vault, store, id } = await signedInProfile();
    const saved = await store.save({ ...input, ...patch, id, clientSecret: undefined });
    expect(vault.entries.has(id)).toBe(false);
    expect(vault.entries.has(`${id}:refresh`)).toBe(false);
    expect(saved.signedIn).toBe(false);
    expect(saved.notice).toContain(host);
    expect(saved.notice).toMatch(/signed out/i);
    expect(store.list().profiles.find((p) => p.id === id)).toMatchObject({ signedIn: false, notice: saved.notice });
  });

  it('keeps the sign-in when only the name, path or scopes change, or an address is removed', async () => {
    const { vault, store, id } = await signedInProfile();
    const saved = await store.save({ ...input, id, name: 'North', scopes: 'assets:read fleet:read', aempUrl: '', baseUrl: 'https://fleet.example.com/api/v1', clientSecret: undefined });
    expect(vault.entries.get(id)).toBe('access-token-north');
    expect(vault.entries.get(`${id}:refresh`)).toBe('refresh-token-north');
    expect(saved.signedIn).toBe(true);
    expect(saved.notice).toBeUndefined();
  });

  it('a new token URL origin signs out (the refresh token would go there) and forgets the client secret', async () => {
    const { vault, store, id } = await signedInProfile();
    const saved = await store.save({ ...input, id, tokenUrl: 'https://login.other.example.net/token', clientSecret: undefined });
    expect(vault.entries.has(`${id}:refresh`)).toBe(false);
    expect(vault.entries.has(`${id}:client-secret`)).toBe(false);
    expect(saved).toMatchObject({ signedIn: false, hasClientSecret: false });
    expect(saved.notice).toContain('login.other.example.net');
    expect(saved.notice).toMatch(/client secret/i);
  });

  it('keeps the client secret when the token URL keeps its origin, and takes a newly typed one on a move', async () => {
    const { vault, store, id } = await signedInProfile();
    const samePlace = await store.save({ ...input, id, tokenUrl: 'https://auth.example.com/oauth2/token', clientSecret: undefined });
    expect(samePlace.hasClientSecret).toBe(true);
    expect(vault.entries.get(`${id}:client-secret`)).toBe('client-secret-value-1');
    const moved = await store.save({ ...input, id, tokenUrl: 'https://login.other.example.net/token', clientSecret: 'client-secret-new-2' });
    expect(moved.hasClientSecret).toBe(true);
    expect(vault.entries.get(`${id}:client-secret`)).toBe('client-secret-new-2');
  });

  it('says nothing about a sign-out when the profile was not signed in', async () => {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo, env: {} });
    const first = await store.save(input);
    const saved = await store.save({ ...input, id: first.id, baseUrl: 'https://fleet.other.example.net/v1', clientSecret: undefined });
    expect(saved.notice).toBeUndefined();
  });

  it('forgets the reason once the profile is signed in again', async () => {
    const { store, id } = await signedInProfile();
    await store.save({ ...input, id, baseUrl: 'https://fleet.other.example.net/v1', clientSecret: undefined });
    store.setSignedIn(id, true);
    expect(store.list().profiles.find((p) => p.id === id)?.notice).toBeUndefined();
  });
});

describe('addressChange', () => {
  const before = { baseUrl: 'https://api.example.com/v1', aempUrl: 'https://api.example.com/aemp', tokenUrl: 'https://auth.example.com/token' };
  it('signs out only when a token would newly go to another origin', () => {
    expect(addressChange(before, { ...before, aempUrl: '' })).toEqual({ newOrigins: [], tokenOriginChanged: false, signsOut: false });
    expect(addressChange(before, { ...before, baseUrl: 'http://api.example.com/v1' })).toEqual({ newOrigins: ['http://api.example.com'], tokenOriginChanged: false, signsOut: true });
    expect(addressChange({ ...before, aempUrl: '' }, before)).toEqual({ newOrigins: [], tokenOriginChanged: false, signsOut: false });
    // Without a token URL there is no refresh token to send anywhere, but the secret is for the old one.
    expect(addressChange(before, { ...before, tokenUrl: '' })).toEqual({ newOrigins: [], tokenOriginChanged: true, signsOut: false });
    expect(addressChange({ ...before, tokenUrl: '' }, before)).toEqual({ newOrigins: [], tokenOriginChanged: true, signsOut: false });
    expect(addressChange(before, { ...before, tokenUrl: 'https://login.example.org/token' })).toEqual({ newOrigins: [], tokenOriginChanged: true, signsOut: true });
  });
});
