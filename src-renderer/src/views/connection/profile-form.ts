/** The add/edit form's fields and the checks the dispatcher sees before anything is sent. */
import * as v from 'valibot';
import { DEFAULT_SPEED_UNIT, ProfileInputSchema, type Profile, type ProfileInput, type RoomAuthKind, type SpeedUnit } from '@contract';

export type FieldName =
  | 'name'
  | 'baseUrl'
  | 'aempUrl'
  | 'authorizeUrl'
  | 'tokenUrl'
  | 'clientId'
  | 'clientSecret'
  | 'scopes'
  | 'embedOrigins'
  | 'speedUnit'
  | RoomFieldName;

/** The dispatch room's fields (the room's settings are one group of the profile: `room.url` is roomUrl). */
export type RoomFieldName = 'roomUrl' | 'roomName' | 'roomAuth' | 'roomUser' | 'roomSecret' | 'roomCaFile';

/** The fields typed as text (the speed unit is picked from a list). */
export type TextFieldName = Exclude<FieldName, 'speedUnit' | RoomFieldName>;

/**
 * The form's text fields: a profile input whose secret field is always present (empty =
 * unchanged), whose embed origins are one text, separated by spaces or commas, and whose
 * speed unit is always chosen (the schema still checks it: a select's value can be anything).
 */
export type ProfileDraft = Omit<ProfileInput, 'clientSecret' | 'embedOrigins' | 'speedUnit' | 'room' | 'roomSecret'> & {
  clientSecret: string;
  embedOrigins: string;
  speedUnit: SpeedUnit;
  /** The room server's address; empty = no room (the other room fields are then not sent). */
  roomUrl: string;
  roomName: string;
  roomAuth: RoomAuthKind;
  roomUser: string;
  /** Password, token or nkey seed; empty = unchanged. */
  roomSecret: string;
  roomCaFile: string;
  /** A room secret is kept in the keychain for this profile (shown as "Saved", never its value). */
  roomSecretSaved?: boolean;
};

export type FieldErrors = Partial<Record<FieldName, string>>;

const NO_ROOM: Pick<ProfileDraft, RoomFieldName> = { roomUrl: '', roomName: '', roomAuth: 'none', roomUser: '', roomSecret: '', roomCaFile: '' };

export function emptyDraft(): ProfileDraft {
  return { name: '', baseUrl: '', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', clientSecret: '', scopes: '', embedOrigins: '', speedUnit: DEFAULT_SPEED_UNIT, ...NO_ROOM };
}

export function draftFrom(p: Profile): ProfileDraft {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    aempUrl: p.aempUrl,
    authorizeUrl: p.authorizeUrl,
    tokenUrl: p.tokenUrl,
    clientId: p.clientId,
    clientSecret: '',
    scopes: p.scopes,
    embedOrigins: p.embedOrigins.join(' '),
    speedUnit: p.speedUnit,
    ...NO_ROOM,
    ...(p.room
      ? { roomUrl: p.room.url, roomName: p.room.name, roomAuth: p.room.auth, roomUser: p.room.user, roomCaFile: p.room.caFile, roomSecretSaved: p.hasRoomSecret ?? false }
      : {}),
  };
}

const splitOrigins = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * Field messages; empty when the draft can be sent. The rules are the contract's
 * ProfileInputSchema, the same `profiles:save` and the profile store check with.
 */
export function validateDraft(d: ProfileDraft): FieldErrors {
  const e: FieldErrors = {};
  const result = v.safeParse(ProfileInputSchema, toInput(d), { abortPipeEarly: true });
  for (const issue of result.issues ?? []) {
    const field = fieldOf(v.getDotPath(issue) ?? undefined);
    if (field) e[field] ??= `${issue.message}.`;
  }
  return e;
}

export function toInput(d: ProfileDraft): ProfileInput {
  const input: ProfileInput = {
    name: d.name.trim(),
    baseUrl: d.baseUrl.trim(),
    aempUrl: d.aempUrl.trim(),
    authorizeUrl: d.authorizeUrl.trim(),
    tokenUrl: d.tokenUrl.trim(),
    clientId: d.clientId.trim(),
    scopes: d.scopes.trim(),
    embedOrigins: splitOrigins(d.embedOrigins),
    speedUnit: d.speedUnit,
  };
  if (d.id) input.id = d.id;
  if (d.clientSecret.trim()) input.clientSecret = d.clientSecret.trim();
  if (d.roomUrl.trim() !== '') {
    input.room = { url: d.roomUrl.trim(), name: d.roomName.trim(), auth: d.roomAuth, user: d.roomAuth === 'user' ? d.roomUser.trim() : '', caFile: d.roomCaFile.trim() };
    if (d.roomAuth !== 'none' && d.roomSecret.trim()) input.roomSecret = d.roomSecret.trim();
  }
  return input;
}

const ROOM_FIELDS: Readonly<Record<string, RoomFieldName>> = { url: 'roomUrl', name: 'roomName', auth: 'roomAuth', user: 'roomUser', caFile: 'roomCaFile' };

const FIELDS: FieldName[] = ['name', 'baseUrl', 'aempUrl', 'authorizeUrl', 'tokenUrl', 'clientId', 'clientSecret', 'scopes', 'embedOrigins', 'speedUnit', 'roomSecret'];

/** The field a main-side error points at (its `path`, e.g. `embedOrigins.1` or `room.url`), if any. */
export function fieldOf(path: string | undefined): FieldName | null {
  const [head, sub] = path?.split('.') ?? [];
  if (head === 'room') return (sub && ROOM_FIELDS[sub]) || 'roomUrl';
  return head && (FIELDS as string[]).includes(head) ? (head as FieldName) : null;
}

export function canSignIn(p: Profile): boolean {
  return Boolean(p.authorizeUrl && p.tokenUrl && p.clientId);
}

/** Whether the profile's row offers "Sign in": only when it can sign in and is not signed in already. */
export function offersSignIn(p: Profile): boolean {
  return canSignIn(p) && !p.signedIn;
}
