/**
 * A profile's room settings: the address, the room's name and the sign-in are checked by
 * one schema with sentences for people; the secret part goes to the keychain only, never
 * to profiles.json nor to what the renderer is sent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRoomSettings, ROOM_NAME_RULE, ROOM_URL_RULE, ROOM_USER_RULE, type ProfileInput } from '../../../../src-main/contract';
import { createProfileStore, validateProfileInput } from '../../../../src-main/core/auth/profiles';
import { accounts } from '../../../../src-main/core/auth/token-vault';
import { roomFromEnv } from '../../../../src-main/core/room/room-config';
import { fakeVault } from '../auth/fake-vault';
import { DEMO_URLS } from '../auth/demo-urls';

const room = { url: 'nats://room.example.com:4222', name: 'north-yard', auth: 'none' as const };
const input: ProfileInput = { name: 'North branch', baseUrl: 'https://fleet.example.com/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-room-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('room settings', () => {
  it.each(['nats://room.example.com:4222', 'tls://room.example.com', 'nats://10.0.0.5:4222/', 'tls://[::1]:4443'])('take the address %s', (url) => {
    const read = readRoomSettings({ ...room, url });
    expect('room' in read && read.room.url).toBe(url.replace(/\/$/, ''));
  });

  it.each(['http://room.example.com', 'nats://user:secret@room.example.com', 'nats://room.example.com/path', 'nats://', 'room.example.com:4222', 'ws://room.example.com'])(
    'refuse the address %s with the rule, not a path',
    (url) => {
      expect(readRoomSettings({ ...room, url })).toEqual({ problem: ROOM_URL_RULE });
    },
  );

  it.each(['north yard', 'north.yard', 'yard>', '*', '', 'x'.repeat(41)])('refuse the room name %j', (name) => {
    expect(readRoomSettings({ ...room, name })).toEqual({ problem: ROOM_NAME_RULE });
  });

  it('ask for a user name when signing in with user and password', () => {
    expect(readRoomSettings({ ...room, auth: 'user', user: ' ' })).toEqual({ problem: ROOM_USER_RULE });
    expect(readRoomSettings({ ...room, auth: 'user', user: 'desk7' })).toMatchObject({ room: { auth: 'user', user: 'desk7' } });
  });

  it('come from FLEET_ROOM_URL and FLEET_ROOM_NAME for the built-in profiles, a typo named', () => {
    expect(roomFromEnv({})).toBeNull();
    expect(roomFromEnv({ FLEET_ROOM_URL: 'nats://127.0.0.1:4222', FLEET_ROOM_NAME: 'demo' })).toMatchObject({ url: 'nats://127.0.0.1:4222', name: 'demo', auth: 'none' });
    expect(() => roomFromEnv({ FLEET_ROOM_URL: 'http://127.0.0.1:4222', FLEET_ROOM_NAME: 'demo' })).toThrow(/FLEET_ROOM_URL.*nats:\/\//);
  });

  it('are part of the profile check, with the message and the field it points at', () => {
    expect(() => validateProfileInput({ ...input, room: { ...room, url: 'https://room.example.com' } })).toThrow(
      expect.objectContaining({ kind: 'invalid-argument', message: `${ROOM_URL_RULE}.`, path: 'room.url' }),
    );
  });

  it('keep the secret in the keychain only: not in profiles.json, not in what the renderer gets', async () => {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo: DEMO_URLS, env: {} });
    const SECRET = 'room-password-that-must-stay-secret';
    const saved = await store.save({ ...input, room: { ...room, auth: 'user', user: 'desk7' }, roomSecret: SECRET });
    expect(vault.entries.get(accounts.roomSecret(saved.id))).toBe(SECRET);
    expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).not.toContain(SECRET);
    expect(JSON.stringify(store.list())).not.toContain(SECRET);
    expect(saved).toMatchObject({ room: { url: room.url, name: room.name, auth: 'user', user: 'desk7' }, hasRoomSecret: true });
    // Read back from the file, the room is there and the secret still only in the keychain.
    const again = await createProfileStore({ userDataDir: dir, vault, demo: DEMO_URLS, env: {} });
    expect(again.list().profiles.find((p) => p.id === saved.id)).toMatchObject({ room: { name: 'north-yard' }, hasRoomSecret: true });
    // Saved again without typing it: kept; the room turned off: forgotten.
    await again.save({ ...input, id: saved.id, room: { ...room, auth: 'user', user: 'desk7' } });
    expect(vault.entries.get(accounts.roomSecret(saved.id))).toBe(SECRET);
    await again.save({ ...input, id: saved.id });
    expect(vault.entries.has(accounts.roomSecret(saved.id))).toBe(false);
  });

  it('lose their secret with the profile', async () => {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo: DEMO_URLS, env: {} });
    const saved = await store.save({ ...input, room: { ...room, auth: 'token' }, roomSecret: 'room-token' });
    await store.delete(saved.id);
    expect(vault.entries.has(accounts.roomSecret(saved.id))).toBe(false);
  });
});
