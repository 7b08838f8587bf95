/**
 * Connection profiles. Non-secret settings live in `userDataDir/profiles.json`
 * (written atomically) together with the active profile id; secrets (tokens, client
 * secrets) only ever go to the token vault. Two profiles are built in and never
 * written to disk: `demo` (URLs given at startup, since the demo service's port is
 * known only then) and `env` (from FLEET_* environment variables, when set).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { DEFAULT_SPEED_UNIT, MAX_EMBED_ORIGINS, readEmbedOrigin, ProfileInputSchema, RoomSettingsSchema, SpeedUnitSchema, type Profile, type ProfileInput, type ProfilesState, type SpeedUnit, type ValidProfileInput } from '../../contract';
import type { Connection } from '../ports';
import { readEnvEmbedOrigins } from '../config';
import { FleetError } from '../errors';
import { addressChange, secretDroppedNotice, signedOutNotice } from './address-change';
import { accounts, type TokenVault } from './token-vault';

export const DEMO_PROFILE_ID = 'demo';
export const ENV_PROFILE_ID = 'env';
const FILE_NAME = 'profiles.json';

/** What is stored for a profile (never a secret). */
export type ProfileRecord = Omit<Profile, 'builtIn' | 'signedIn'>;

export type BuiltInUrls = Omit<ProfileRecord, 'id' | 'hasClientSecret' | 'name' | 'embedOrigins' | 'speedUnit'> & { name?: string; embedOrigins?: string[]; speedUnit?: SpeedUnit };

interface ProfilesFile {
  version: 1;
  activeId: string;
  profiles: ProfileRecord[];
}

// ---------------------------------------------------------------- validation

/** Most origins a profile may add for embed maps (the rule is the contract's ProfileInputSchema). */
export { MAX_EMBED_ORIGINS };
export type { ValidProfileInput };
// The address-change rules live in address-change.ts; their tests still reach them here.
export { addressChange, profileTokenOrigins, type AddressChange } from './address-change';

const stripSlash = (s: string) => s.replace(/\/+$/, '');

/** Validates a profile as typed by the user; throws 'invalid-argument' listing every problem. */
export function validateProfileInput(input: unknown): ValidProfileInput {
  const r = v.safeParse(ProfileInputSchema, input, { abortPipeEarly: true });
  if (r.success) return r.output;
  const problems = r.issues.map((i) => i.message);
  const first = v.getDotPath(r.issues[0]);
  throw new FleetError('invalid-argument', [...new Set(problems)].join('. ') + '.', first ? { path: first } : {});
}

// ---------------------------------------------------------------- store

function describeFsCode(code: string): string {
  switch (code) {
    case 'EISDIR':
      return 'a folder is in its place';
    case 'ENOTDIR':
      return 'a file is in the way of its folder';
    case 'EACCES':
    case 'EPERM':
      return 'no permission';
    default:
      return code;
  }
}

export interface ProfileStoreOptions {
  userDataDir: string;
  vault: TokenVault;
  /** URLs of the built-in demo service (empty until it listens: see `setDemoUrls`). */
  demo: BuiltInUrls;
  env?: Record<string, string | undefined>;
}

export interface ProfileStore {
  list(): ProfilesState;
  get(id: string): ProfileRecord | null;
  /** Like `get`, but throws 'invalid-argument' for an unknown id. */
  require(id: string): ProfileRecord;
  readonly activeId: string;
  active(): ProfileRecord;
  connection(id?: string): Connection;
  isBuiltIn(id: string): boolean;
  /**
   * Adds or updates a profile. An update that sends a stored token to a new origin
   * deletes the profile's tokens first and signs it out (`wasSignedIn`: the caller's
   * knowledge, when it ended the session just before); a new token-URL origin also
   * drops the client secret unless a new one is typed.
   */
  save(input: ProfileInput, context?: { wasSignedIn?: boolean }): Promise<Profile>;
  delete(id: string): Promise<ProfilesState>;
  switch(id: string): Promise<ProfilesState>;
  setSignedIn(id: string, signedIn: boolean): void;
  /** The built-in demo service listens at new addresses (it starts only while its profile is active). */
  setDemoUrls(urls: BuiltInUrls): void;
  /** Set when profiles.json was unreadable and moved aside. */
  readonly notice: string | null;
  onChange(listener: (state: ProfilesState) => void): () => void;
}

function envProfile(env: Record<string, string | undefined>): ProfileRecord | null {
  const baseUrl = env.FLEET_BASE_URL?.trim();
  if (!baseUrl) return null;
  return {
    id: ENV_PROFILE_ID,
    name: env.FLEET_PROFILE_NAME?.trim() || 'From environment',
    baseUrl: stripSlash(baseUrl),
    aempUrl: stripSlash(env.FLEET_AEMP_URL?.trim() ?? ''),
    authorizeUrl: env.FLEET_AUTHORIZE_URL?.trim() ?? '',
    tokenUrl: env.FLEET_TOKEN_URL?.trim() ?? '',
    clientId: env.FLEET_CLIENT_ID?.trim() ?? '',
    scopes: env.FLEET_SCOPES?.trim() ?? '',
    hasClientSecret: Boolean(env.FLEET_CLIENT_SECRET),
    embedOrigins: readEnvEmbedOrigins(env.FLEET_EMBED_ORIGINS),
    speedUnit: DEFAULT_SPEED_UNIT,
  };
}

/**
 * A saved profile with only the embed origins today's rule takes. An older version took
 * wildcards (`https://*`) that would widen the page's frame-src: they are dropped, and
 * the profile says which and why until its next sign-in.
 */
function withExactEmbedOrigins(p: ProfileRecord, notices: Map<string, string>): ProfileRecord {
  const kept = new Set<string>();
  const problems: string[] = [];
  for (const value of p.embedOrigins) {
    const read = readEmbedOrigin(value);
    if ('origin' in read) kept.add(read.origin);
    else problems.push(read.problem);
  }
  if (problems.length === 0) return p;
  notices.set(p.id, `Fleet Desk removed ${problems.length === 1 ? 'an embed map origin' : `${problems.length} embed map origins`} from this profile: ${problems.join(' ')}`);
  return { ...p, embedOrigins: [...kept] };
}

const RecordSchema = v.object({
  id: v.string(),
  name: v.string(),
  baseUrl: v.string(),
  aempUrl: v.string(),
  authorizeUrl: v.string(),
  tokenUrl: v.string(),
  clientId: v.string(),
  scopes: v.string(),
  hasClientSecret: v.boolean(),
  // Files from before embed origins existed have none.
  embedOrigins: v.optional(v.array(v.string()), []),
  // Files from before the speed unit existed, or with one Fleet Desk does not know, say none.
  speedUnit: v.fallback(v.optional(SpeedUnitSchema, DEFAULT_SPEED_UNIT), DEFAULT_SPEED_UNIT),
  // A room the rules no longer accept is dropped (the desk polls the service itself).
  room: v.fallback(v.optional(RoomSettingsSchema), undefined),
  hasRoomSecret: v.optional(v.boolean(), false),
});
const FileSchema = v.object({ version: v.literal(1), activeId: v.string(), profiles: v.array(RecordSchema) });

/** Creates the profile store; reads profiles.json and puts FLEET_TOKEN into the vault. */
export async function createProfileStore(options: ProfileStoreOptions): Promise<ProfileStore> {
  const file = join(options.userDataDir, FILE_NAME);
  const env = options.env ?? process.env;
  const demoRecord = (urls: BuiltInUrls): ProfileRecord => ({
    ...urls,
    id: DEMO_PROFILE_ID,
    name: urls.name ?? 'Demo service',
    baseUrl: stripSlash(urls.baseUrl),
    aempUrl: stripSlash(urls.aempUrl),
    hasClientSecret: false,
    embedOrigins: urls.embedOrigins ?? [],
    speedUnit: urls.speedUnit ?? DEFAULT_SPEED_UNIT,
  });
  let demo = demoRecord(options.demo);
  const fromEnv = envProfile(env);
  const signedIn = new Map<string, boolean>();
  /** Per profile: what Fleet Desk did on its own at the last save (shown until the next sign-in). */
  const notices = new Map<string, string>();
  const listeners = new Set<(s: ProfilesState) => void>();
  let notice: string | null = null;
  let saved: ProfileRecord[] = [];
  let activeId = DEMO_PROFILE_ID;

  try {
    const raw = readFileSync(file, 'utf8');
    const parsed = v.safeParse(FileSchema, JSON.parse(raw));
    if (!parsed.success) throw new Error('unexpected content');
    saved = parsed.output.profiles.filter((p) => p.id !== DEMO_PROFILE_ID && p.id !== ENV_PROFILE_ID).map((p) => withExactEmbedOrigins(p, notices));
    activeId = parsed.output.activeId;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code && code !== 'ENOENT') {
      // The file system refused (a folder in the way, no permission): leave the file alone.
      notice = `The saved connection profiles could not be read (${describeFsCode(code)}: ${file}); only the built-in profiles are available.`;
    } else if (!code) {
      const aside = `${file}.unreadable-${Date.now()}`;
      let moved = true;
      try {
        renameSync(file, aside);
      } catch {
        moved = false;
      }
      notice = moved
        ? `The saved connection profiles could not be read and were moved aside (${aside}); only the built-in profiles are available.`
        : `The saved connection profiles could not be read (${file}); only the built-in profiles are available.`;
    }
  }

  if (fromEnv) {
    const token = env.FLEET_TOKEN?.trim();
    if (token) await options.vault.set(accounts.access(ENV_PROFILE_ID), token);
    if (env.FLEET_CLIENT_SECRET) await options.vault.set(accounts.clientSecret(ENV_PROFILE_ID), env.FLEET_CLIENT_SECRET);
    // Launched with a service in the environment: start on it.
    activeId = ENV_PROFILE_ID;
  }

  const all = (): ProfileRecord[] => [demo, ...(fromEnv ? [fromEnv] : []), ...saved];
  const get = (id: string) => all().find((p) => p.id === id) ?? null;
  if (!get(activeId)) activeId = DEMO_PROFILE_ID;

  for (const p of all()) signedIn.set(p.id, (await options.vault.get(accounts.access(p.id))) !== null);

  const toProfile = (p: ProfileRecord): Profile => ({
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    aempUrl: p.aempUrl,
    authorizeUrl: p.authorizeUrl,
    tokenUrl: p.tokenUrl,
    clientId: p.clientId,
    scopes: p.scopes,
    builtIn: p.id === DEMO_PROFILE_ID || p.id === ENV_PROFILE_ID,
    hasClientSecret: p.hasClientSecret,
    signedIn: signedIn.get(p.id) ?? false,
    embedOrigins: [...p.embedOrigins],
    speedUnit: p.speedUnit,
    ...(p.room ? { room: { ...p.room }, hasRoomSecret: p.hasRoomSecret ?? false } : {}),
    ...(notices.has(p.id) ? { notice: notices.get(p.id) } : {}),
  });
  const state = (): ProfilesState => ({ profiles: all().map(toProfile), activeId });
  const changed = () => {
    const s = state();
    for (const l of listeners) l(s);
  };

  function persist(): void {
    const content: ProfilesFile = { version: 1, activeId, profiles: saved };
    try {
      mkdirSync(options.userDataDir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
      renameSync(tmp, file);
    } catch (err) {
      throw new FleetError('storage', `Could not save the connection profiles: ${(err as Error).message}`, { cause: err });
    }
  }

  const isBuiltIn = (id: string) => id === DEMO_PROFILE_ID || (fromEnv !== null && id === ENV_PROFILE_ID);
  function requireProfile(id: string): ProfileRecord {
    const p = typeof id === 'string' ? get(id) : null;
    if (!p) throw new FleetError('invalid-argument', `There is no connection profile "${String(id)}".`);
    return p;
  }

  return {
    list: state,
    get,
    require: requireProfile,
    get activeId() {
      return activeId;
    },
    get notice() {
      return notice;
    },
    active: () => requireProfile(activeId),
    isBuiltIn,
    connection(id = activeId) {
      const p = requireProfile(id);
      return { profileId: p.id, baseUrl: p.baseUrl, aempUrl: p.aempUrl, demo: p.id === DEMO_PROFILE_ID, embedOrigins: [...p.embedOrigins], speedUnit: p.speedUnit };
    },
    async save(input, context = {}) {
      const valid = validateProfileInput(input);
      if (valid.id === DEMO_PROFILE_ID || valid.id === ENV_PROFILE_ID) {
        throw new FleetError('invalid-argument', `The built-in "${get(valid.id)?.name ?? valid.id}" profile cannot be changed; add a new profile instead.`);
      }
      const existing = valid.id ? saved.find((p) => p.id === valid.id) : undefined;
      if (valid.id && !existing) throw new FleetError('invalid-argument', `There is no connection profile "${valid.id}" to update.`);
      const id = existing?.id ?? `p-${randomUUID().slice(0, 8)}`;
      const secret = valid.clientSecret?.trim();
      const change = existing ? addressChange(existing, valid) : null;
      const wasSignedIn = context.wasSignedIn ?? signedIn.get(id) ?? false;
      // Before the new addresses take effect, so no request can pair them with the old tokens.
      if (change?.signsOut) {
        await options.vault.delete(accounts.access(id));
        await options.vault.delete(accounts.refresh(id));
      }
      const dropSecret = Boolean(change?.tokenOriginChanged && !secret && existing?.hasClientSecret);
      if (dropSecret) await options.vault.delete(accounts.clientSecret(id));
      if (secret) await options.vault.set(accounts.clientSecret(id), secret);
      const roomSecret = valid.roomSecret?.trim();
      // A room without a sign-in, or none at all, keeps no secret.
      const dropRoomSecret = Boolean(existing?.hasRoomSecret) && !roomSecret && (!valid.room || valid.room.auth === 'none');
      if (dropRoomSecret) await options.vault.delete(accounts.roomSecret(id));
      if (roomSecret) await options.vault.set(accounts.roomSecret(id), roomSecret);
      const record: ProfileRecord = {
        id,
        name: valid.name,
        baseUrl: valid.baseUrl,
        aempUrl: valid.aempUrl,
        authorizeUrl: valid.authorizeUrl,
        tokenUrl: valid.tokenUrl,
        clientId: valid.clientId,
        scopes: valid.scopes,
        hasClientSecret: Boolean(secret) || (!dropSecret && (existing?.hasClientSecret ?? false)),
        embedOrigins: valid.embedOrigins,
        speedUnit: valid.speedUnit,
        ...(valid.room ? { room: valid.room, hasRoomSecret: Boolean(roomSecret) || (!dropRoomSecret && (existing?.hasRoomSecret ?? false)) } : {}),
      };
      const before = saved;
      saved = existing ? saved.map((p) => (p.id === id ? record : p)) : [...saved, record];
      try {
        persist();
      } catch (err) {
        saved = before;
        throw err;
      }
      if (!signedIn.has(id) || change?.signsOut) signedIn.set(id, false);
      const said = [
        change?.signsOut && wasSignedIn ? signedOutNotice(record.name, change, record.tokenUrl) : '',
        dropSecret ? secretDroppedNotice(record.tokenUrl) : '',
      ].filter(Boolean);
      if (said.length > 0) notices.set(id, said.join(' '));
      changed();
      return toProfile(record);
    },
    async delete(id) {
      const p = requireProfile(id);
      if (isBuiltIn(p.id)) throw new FleetError('invalid-argument', `The built-in "${p.name}" profile cannot be deleted.`);
      const before = { saved, activeId };
      saved = saved.filter((x) => x.id !== id);
      if (activeId === id) activeId = DEMO_PROFILE_ID;
      try {
        persist();
      } catch (err) {
        ({ saved, activeId } = before);
        throw err;
      }
      for (const account of [accounts.access(id), accounts.refresh(id), accounts.clientSecret(id), accounts.roomSecret(id)]) await options.vault.delete(account);
      signedIn.delete(id);
      notices.delete(id);
      changed();
      return state();
    },
    async switch(id) {
      const p = requireProfile(id);
      if (activeId !== p.id) {
        const before = activeId;
        activeId = p.id;
        try {
          persist();
        } catch (err) {
          activeId = before;
          throw err;
        }
        changed();
      }
      return state();
    },
    setSignedIn(id, value) {
      if (!get(id) || signedIn.get(id) === value) return;
      signedIn.set(id, value);
      if (value) notices.delete(id);
      changed();
    },
    setDemoUrls(urls) {
      demo = demoRecord(urls);
      changed();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
