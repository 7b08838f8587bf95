/**
 * Identifiers the renderer sends and the main side stores: asset ids and lists of them,
 * profile ids, fleet (AEMP) look-up identifiers, map session ids and alert ids.
 */
import * as v from 'valibot';
import { count } from './text';

/** `<type>:<number>` as the service writes it (docs/service.md, "Asset"). */
export const ASSET_ID_PATTERN = /^(?:thing|area):\d{1,18}$/;

export const AssetIdSchema = v.pipe(
  v.string('An asset id must be text such as thing:12'),
  v.regex(ASSET_ID_PATTERN, 'An asset id looks like thing:123 or area:45'),
);

/** Most assets one map of a selection, or one saved selection of an alert rule, can hold. */
export const MAX_ASSET_IDS = 5000;
/** Most assets one export can hold: the whole of the largest asset list Fleet Desk reads. */
export const MAX_EXPORT_ASSET_IDS = 100_000;

/**
 * A list of asset ids, from one to `max`; `tooMany` words the limit for what the list is
 * for, given how many were sent.
 */
export const assetIdList = (max: number, none: string, tooMany: (n: number) => string) =>
  v.pipe(
    v.array(AssetIdSchema, 'The assets must be a list of asset ids'),
    v.minLength(1, none),
    v.maxLength(max, (issue) => tooMany(Number(issue.received))),
  );

/** "A map can show at most 5,000 assets; 10,000 are selected. Narrow the selection." */
export function mapTooManyMessage(n: number): string {
  return `A map can show at most ${count(MAX_ASSET_IDS)} assets; ${count(n)} are selected. Narrow the selection.`;
}

/**
 * Profile ids name keychain accounts (`<id>:refresh`) and offline database files, so only
 * letters, digits, "_" and "-" (no ":" or "."). New profiles get `p-` and 8 hex digits.
 */
export const PROFILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const ProfileIdSchema = v.pipe(
  v.string('A profile id must be text'),
  v.regex(PROFILE_ID_PATTERN, 'A profile id is 1 to 64 letters, digits, "_" or "-"'),
);

/** Longest equipment id, serial number or VIN looked up in the fleet (AEMP) interface. */
export const MAX_AEMP_IDENTIFIER_LENGTH = 200;

/**
 * What a fleet look-up accepts: identifiers are free text chosen by fleet owners (spaces,
 * colons, accented letters, slashes), sent encoded as one path segment. Refused is only
 * what cannot be sent as one: nothing, control characters, "." and "..", or too long.
 */
export const AempIdentifierSchema = v.pipe(
  v.string('Enter an equipment id, serial number or VIN'),
  v.trim(),
  v.minLength(1, 'Enter an equipment id, serial number or VIN'),
  v.maxLength(MAX_AEMP_IDENTIFIER_LENGTH, `An equipment id, serial number or VIN can have at most ${MAX_AEMP_IDENTIFIER_LENGTH} characters`),
  v.regex(/^[^\p{Cc}]*$/u, 'An equipment id, serial number or VIN must not contain line breaks or other control characters'),
  v.check((s) => s !== '.' && s !== '..', '"." and ".." cannot be looked up: they are not identifiers'),
);

/** Map sessions are named by the main side; the renderer only hands the name back. */
export const EmbedSessionIdSchema = v.pipe(
  v.string('A map session id must be text'),
  v.regex(/^[A-Za-z0-9._:-]{1,128}$/, 'This map session is not one Fleet Desk opened'),
);
