/**
 * A connection profile as the user types it: the profile form, the `profiles:save` and
 * `profiles:test` checks and the profile store all read it through this one schema.
 * Addresses are trimmed, the service addresses lose trailing slashes and embed origins
 * are reduced to `scheme://host[:port]`, once each.
 */
import * as v from 'valibot';
import { ProfileIdSchema } from './ids';
import { RoomSecretSchema, RoomSettingsSchema } from './room';
import { isHttpOrigin, isHttpUrl, plainText } from './text';

/**
 * The unit the profile's service sends speeds in; its interface states none, so the
 * default is 'unstated' (speeds are shown as sent, without a unit).
 */
export const SPEED_UNITS = ['unstated', 'km/h', 'mph', 'm/s'] as const;
export type SpeedUnit = (typeof SPEED_UNITS)[number];
export const DEFAULT_SPEED_UNIT: SpeedUnit = 'unstated';
export const SPEED_UNIT_RULE = 'Speed unit must be km/h, mph, m/s or "not stated"';
/** How the profile form names each choice. */
export const SPEED_UNIT_LABELS: Readonly<Record<SpeedUnit, string>> = {
  unstated: 'Not stated (show speeds as sent)',
  'km/h': 'km/h',
  mph: 'mph',
  'm/s': 'm/s',
};
export const SpeedUnitSchema = v.picklist(SPEED_UNITS, SPEED_UNIT_RULE);

/** Most origins a profile may add for embed maps. */
export const MAX_EMBED_ORIGINS = 20;
const MAX_URL = 2048;

const stripSlash = (s: string) => s.replace(/\/+$/, '');

const httpUrl = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.maxLength(MAX_URL, `${label} can have at most ${MAX_URL} characters`),
    v.check(isHttpUrl, `${label} must be a full http:// or https:// address (without a user name or password in it)`),
  );

const optionalHttpUrl = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.maxLength(MAX_URL, `${label} can have at most ${MAX_URL} characters`),
    v.check((s) => s === '' || isHttpUrl(s), `${label} must be empty or a full http:// or https:// address`),
  );

export const EMBED_ORIGIN_RULE =
  'Embed map origins are exact http:// or https:// addresses of one site, without a path, wildcard or user name (for example https://maps.example.com)';

/** The value as a message may quote it: one line, not endless. */
const quoted = (input: unknown): string => {
  const text = String(input).replace(/[\p{Cc}\p{Cf}]/gu, ' ');
  return `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;
};

/**
 * One embed map origin, reduced to `scheme://host[:port]`. The one rule for the profile
 * form, the `profiles:save` check, FLEET_EMBED_ORIGINS and profiles saved by older versions:
 * a value that is not one exact origin is refused by name (it would widen the page's frame-src).
 */
export const EmbedOriginSchema = v.pipe(
  v.string('An embed map origin must be text'),
  v.trim(),
  v.maxLength(MAX_URL, (issue) => `${quoted(issue.input)} is not an embed map origin. ${EMBED_ORIGIN_RULE}`),
  v.check(isHttpOrigin, (issue) => `${quoted(issue.input)} is not an embed map origin. ${EMBED_ORIGIN_RULE}`),
  v.transform((s) => new URL(s).origin),
);

/** The origin `value` stands for, or the sentence saying why it is refused. */
export function readEmbedOrigin(value: unknown): { origin: string } | { problem: string } {
  const r = v.safeParse(EmbedOriginSchema, value);
  return r.success ? { origin: r.output } : { problem: r.issues[0]?.message ?? EMBED_ORIGIN_RULE };
}

const EmbedOriginsSchema = v.pipe(
  v.optional(v.array(EmbedOriginSchema, 'The embed map origins must be a list'), []),
  v.maxLength(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} embed map origins`),
  v.transform((list) => [...new Set(list)]),
);

export const ProfileInputSchema = v.pipe(
  v.strictObject(
    {
      id: v.optional(ProfileIdSchema),
      name: v.pipe(plainText(100, 'Name'), v.trim(), v.minLength(1, 'Name is required')),
      baseUrl: v.pipe(
        v.string('Base URL must be text'),
        v.trim(),
        v.minLength(1, 'Base URL is required'),
        httpUrl('Base URL'),
        v.transform(stripSlash),
        v.check((s) => s.endsWith('/v1'), 'Base URL must end in /v1 (for example https://fleet.example.com/v1)'),
      ),
      aempUrl: v.pipe(optionalHttpUrl('Fleet (AEMP) URL'), v.transform(stripSlash)),
      authorizeUrl: optionalHttpUrl('Authorize URL'),
      tokenUrl: optionalHttpUrl('Token URL'),
      clientId: v.pipe(plainText(500, 'Client id'), v.trim()),
      /** Only sent when the user typed one; stored in the keychain, never returned. */
      clientSecret: v.optional(plainText(2000, 'Client secret')),
      scopes: v.pipe(plainText(1000, 'Scopes'), v.trim()),
      /**
       * Origins (scheme://host[:port]) besides the service's own site whose embed maps
       * Fleet Desk may show; absent or empty = only the service's own site.
       */
      embedOrigins: EmbedOriginsSchema,
      /** Absent (a profile saved before the choice existed) is 'unstated'. */
      speedUnit: v.optional(SpeedUnitSchema, DEFAULT_SPEED_UNIT),
      /** The branch's dispatch room; absent: none (the desk polls the service itself). */
      room: v.optional(RoomSettingsSchema),
      /** Only sent when the user typed one; stored in the keychain, never returned. */
      roomSecret: v.optional(RoomSecretSchema),
    },
    'The profile has a field Fleet Desk does not know',
  ),
  v.forward(
    v.check((p) => (p.authorizeUrl === '' && p.tokenUrl === '') || p.clientId !== '', 'Client id is required for signing in with OAuth'),
    ['clientId'],
  ),
  v.forward(
    v.check((p) => (p.authorizeUrl === '') === (p.tokenUrl === ''), 'Give both the authorize URL and the token URL, or neither'),
    ['tokenUrl'],
  ),
);

/** What the renderer sends (embed origins may be left off). */
export type ProfileInput = v.InferInput<typeof ProfileInputSchema>;
/** What the main side gets after the check: trimmed, normalised, origins always a list. */
export type ValidProfileInput = v.InferOutput<typeof ProfileInputSchema>;
