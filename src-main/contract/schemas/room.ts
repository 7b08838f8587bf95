/**
 * A profile's dispatch room: the room server (NATS) the desks of one branch share a
 * refresh through, the room's name, and how the desk signs in to that server. The secret
 * part of the sign-in (password, token or nkey seed) is typed in the profile form and goes
 * to the OS keychain only: it is never part of these settings, never stored in the
 * profiles file and never sent back to the renderer.
 */
import * as v from 'valibot';
import { plainText } from './text';

export const ROOM_AUTH_KINDS = ['none', 'user', 'token', 'nkey'] as const;
export type RoomAuthKind = (typeof ROOM_AUTH_KINDS)[number];
/** How the profile form names each way of signing in to the room server. */
export const ROOM_AUTH_LABELS: Readonly<Record<RoomAuthKind, string>> = {
  none: 'None',
  user: 'User name and password',
  token: 'Token',
  nkey: 'NKey seed',
};

export const ROOM_URL_RULE = 'Room server must be a nats:// or tls:// address with a host (for example nats://room.example.com:4222), without a user name, password or path';
export const ROOM_NAME_RULE = 'Room name: 1 to 40 letters, digits or dashes';
export const ROOM_USER_RULE = 'Give the user name for the room server';
const MAX_ROOM_URL = 512;

/** The one rule for a room server address: nats:// or tls://, a host, an optional port, nothing else. */
export function isRoomUrl(value: string): boolean {
  if (!value.startsWith('nats://') && !value.startsWith('tls://')) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && url.username === '' && url.password === '' && (url.pathname === '' || url.pathname === '/') && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

export const RoomSettingsSchema = v.pipe(
  v.strictObject(
    {
      /** Empty: no room; the desk polls the service itself, as without this feature. */
      url: v.pipe(
        v.string(ROOM_URL_RULE),
        v.trim(),
        v.maxLength(MAX_ROOM_URL, ROOM_URL_RULE),
        v.check((s) => s === '' || isRoomUrl(s), ROOM_URL_RULE),
        v.transform((s) => s.replace(/\/+$/, '')),
      ),
      name: v.pipe(v.string(ROOM_NAME_RULE), v.trim(), v.regex(/^[A-Za-z0-9-]{1,40}$/, ROOM_NAME_RULE)),
      auth: v.picklist(ROOM_AUTH_KINDS, 'Room sign-in must be none, user name and password, token or NKey seed'),
      /** The user name, for 'user' sign-in only (the password is a secret). */
      user: v.optional(v.pipe(plainText(200, 'Room user name'), v.trim()), ''),
      /** A PEM file of the certificate authority the room server's certificate must chain to (tls:// only); empty: the system's. */
      caFile: v.optional(v.pipe(plainText(1000, 'Room CA file'), v.trim()), ''),
    },
    'The room settings have a field Fleet Desk does not know',
  ),
  v.forward(
    v.check((r) => r.auth !== 'user' || r.user !== '', ROOM_USER_RULE),
    ['user'],
  ),
);

export type RoomSettingsInput = v.InferInput<typeof RoomSettingsSchema>;
export type RoomSettings = v.InferOutput<typeof RoomSettingsSchema>;

/** The secret part of a room sign-in as the profile form sends it (to the keychain only). */
export const RoomSecretSchema = plainText(4000, 'Room password, token or seed');

/** The settings `value` stands for, or the sentence saying why they are refused. */
export function readRoomSettings(value: unknown): { room: RoomSettings } | { problem: string } {
  const r = v.safeParse(RoomSettingsSchema, value);
  return r.success ? { room: r.output } : { problem: r.issues[0]?.message ?? ROOM_URL_RULE };
}
