/**
 * Argument validation for every call the renderer can make, shared by the Electron
 * shell (ipcMain) and the web shell (HTTP). The renderer is treated as untrusted: a
 * compromised page gets a clear `invalid-argument` rejection, never a crash and never
 * a call into the core (and so to the service) with bad input.
 */
import * as v from 'valibot';
import { ALERT_RULE_KINDS, INVOKE_CHANNELS, TILE_CACHE_MB, LIST_COLUMNS, MAX_ASSET_IDS, SORT_KEYS, THEMES } from '../../contract';
import type { InvokeChannel, InvokeHandlers, Result } from '../../contract';
import { AlertRulesSchema } from '../alerts/rules-schema';
import { FleetError, toAppError } from '../errors';

/** Most asset ids accepted in one call (exports, subset maps): declared in the contract, so the renderer splits by the same number. */
export { MAX_ASSET_IDS };
/** Longest look-back for trails and position exports: 90 days. */
export const MAX_HOURS_BACK = 2160;

type AnySchema = v.GenericSchema<unknown, unknown>;

const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;

const text = (max: number, what: string) =>
  v.pipe(
    v.string(`${what} must be text`),
    v.maxLength(max, `${what} must be at most ${max} characters`),
    v.regex(NO_CONTROL_CHARS, `${what} must not contain control characters`),
  );

const requiredText = (max: number, what: string) => v.pipe(text(max, what), v.minLength(1, `${what} must not be empty`));

const assetId = v.pipe(
  v.string('an asset id must be text'),
  v.maxLength(40, 'an asset id is at most 40 characters'),
  v.regex(/^(thing|area):\d{1,12}$/, 'an asset id looks like "thing:123" or "area:45"'),
);

const assetIds = (min: number) =>
  v.pipe(
    v.array(assetId, 'asset ids must be a list'),
    v.minLength(min, 'at least one asset id is needed'),
    v.maxLength(MAX_ASSET_IDS, `at most ${MAX_ASSET_IDS} asset ids are accepted in one call`),
  );

// Profile ids are also keychain account names (`<id>:refresh`), so no ':' allowed.
const profileId = v.pipe(
  v.string('a profile id must be text'),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'a profile id is 1–128 letters, digits, ".", "_" or "-"'),
);

const hoursBack = v.pipe(
  v.number('hours back must be a number'),
  v.finite('hours back must be a finite number'),
  v.minValue(1, 'hours back must be at least 1'),
  v.maxValue(MAX_HOURS_BACK, `hours back must be at most ${MAX_HOURS_BACK} (90 days)`),
);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const httpUrl = (what: string) =>
  v.pipe(text(2048, what), v.check(isHttpUrl, `${what} must be an http:// or https:// address without user name or password`));

/** An http(s) URL, or '' where the field is optional in practice. */
const httpUrlOrEmpty = (what: string) =>
  v.pipe(text(2048, what), v.check((s) => s === '' || isHttpUrl(s), `${what} must be empty or an http:// or https:// address`));

// A tile URL is a template (`{z}/{x}/{y}`, maybe `{s}.` in the host): check it with the placeholders filled.
const tileUrl = v.pipe(
  text(2048, 'the tile address'),
  v.check(
    (s) => s === '' || isHttpUrl(s.replace(/\{[a-z]+\}/gi, '0')),
    'the tile address must be empty or an http:// or https:// template such as http://127.0.0.1:8080/{z}/{x}/{y}.png',
  ),
);

const intInRange = (min: number, max: number, what: string) =>
  v.pipe(
    v.number(`${what} must be a number`),
    v.integer(`${what} must be a whole number`),
    v.minValue(min, `${what} must be at least ${min}`),
    v.maxValue(max, `${what} must be at most ${max}`),
  );

const listState = v.strictObject(
  {
    search: text(200, 'the search text'),
    filters: v.pipe(v.array(requiredText(64, 'a filter id'), 'filters must be a list'), v.maxLength(50, 'at most 50 filters')),
    sort: v.picklist(SORT_KEYS, `sort must be one of ${SORT_KEYS.join(', ')}`),
    descending: v.boolean('descending must be true or false'),
    columns: v.pipe(
      v.array(v.picklist(LIST_COLUMNS, `a list column must be one of ${LIST_COLUMNS.join(', ')}`), 'columns must be a list'),
      v.check((cols) => new Set(cols).size === cols.length, 'a list column is named twice'),
    ),
  },
  'the list state has an unknown field',
);

const settingsPatch = v.strictObject(
  {
    refreshIntervalSec: v.optional(intInRange(5, 86_400, 'the refresh interval (seconds)')),
    staleAfterMin: v.optional(intInRange(1, 525_600, 'the stale threshold (minutes)')),
    units: v.optional(v.picklist(['metric', 'imperial'], 'units must be metric or imperial')),
    theme: v.optional(v.picklist(THEMES, 'the theme must be system, light or dark')),
    tileUrl: v.optional(tileUrl),
    tileAttribution: v.optional(text(500, 'the tile attribution')),
    tileCacheMb: v.optional(intInRange(TILE_CACHE_MB.min, TILE_CACHE_MB.max, 'the map tile cache (MB)')),
    mapShowsAll: v.optional(v.boolean('"show all on map" must be true or false')),
    retentionDays: v.optional(intInRange(1, 3650, 'the retention (days)')),
    list: v.optional(listState),
  },
  'settings have an unknown field',
);

const profileInput = v.strictObject(
  {
    id: v.optional(profileId),
    name: requiredText(100, 'the profile name'),
    baseUrl: v.pipe(
      httpUrl('the service address'),
      v.check((s) => /\/v1\/?$/.test(new URL(s).pathname), 'the service address must end in /v1'),
    ),
    aempUrl: httpUrlOrEmpty('the fleet interface address'),
    authorizeUrl: httpUrlOrEmpty('the authorize address'),
    tokenUrl: httpUrlOrEmpty('the token address'),
    clientId: text(500, 'the client id'),
    clientSecret: v.optional(text(2000, 'the client secret')),
    scopes: text(1000, 'the scopes'),
    embedOrigins: v.optional(
      v.pipe(
        v.array(httpUrl('an embed map origin'), 'the embed map origins must be a list'),
        v.maxLength(20, 'at most 20 embed map origins'),
      ),
    ),
  },
  'the profile has an unknown field',
);

const embedRequest = v.variant(
  'kind',
  [
    v.strictObject({ kind: v.literal('branch') }, 'a branch map request has an unknown field'),
    v.strictObject({ kind: v.literal('subset'), assetIds: assetIds(1) }, 'a selection map request has an unknown field'),
    v.strictObject({ kind: v.literal('asset'), assetId }, 'an asset map request has an unknown field'),
  ],
  'the map request kind must be branch, subset or asset',
);

const coordinate = (what: string, min: number) =>
  v.pipe(
    v.number(`${what} must be a number`),
    v.finite(`${what} must be a finite number`),
    v.minValue(min, `${what} must be at least ${min}`),
    v.maxValue(100_000, `${what} must be at most 100000`),
  );

const embedBounds = v.strictObject(
  {
    x: coordinate('x', -100_000),
    y: coordinate('y', -100_000),
    width: coordinate('width', 0),
    height: coordinate('height', 0),
  },
  'the bounds have an unknown field',
);

const sessionId = v.pipe(
  v.string('a map session id must be text'),
  v.regex(/^[A-Za-z0-9._:-]{1,128}$/, 'a map session id is 1–128 letters, digits, ".", "_", ":" or "-"'),
);

const aempVersion = v.picklist(['1.2', '2.0'], 'the fleet interface version must be "1.2" or "2.0"');

// Equipment ids, serial numbers and VINs end up as URL path segments.
const equipmentIdentifier = v.pipe(
  v.string('the equipment identifier must be text'),
  v.regex(/^(?!\.{1,2}$)[\p{L}\p{N}._-]{1,128}$/u, 'the equipment identifier is 1–128 letters, digits, ".", "_" or "-"'),
);

const isoTime = (what: string) =>
  v.pipe(v.string(`${what} must be text`), v.maxLength(40, `${what} is too long`), v.isoTimestamp(`${what} must be an ISO 8601 time such as 2024-05-01T00:00:00Z`));

const historyMetric = v.picklist(
  ['Location', 'CumulativeOperatingHours', 'Distance', 'FuelRemaining'],
  'the history metric must be Location, CumulativeOperatingHours, Distance or FuelRemaining',
);

const token = v.pipe(
  v.string('the token must be text'),
  v.minLength(1, 'the token must not be empty'),
  v.maxLength(16_384, 'the token is longer than 16384 characters'),
  v.regex(/^[^\p{Cc}\s]+$/u, 'the token must not contain spaces or control characters'),
);

const alertQuery = v.strictObject(
  {
    unacknowledgedOnly: v.boolean('"unacknowledged only" must be true or false'),
    rule: v.nullable(v.picklist(ALERT_RULE_KINDS, `the alert rule must be one of ${ALERT_RULE_KINDS.join(', ')}, or null`)),
  },
  'the alert filter has an unknown field',
);

/** Most alert ids acknowledged in one call ('all' covers any number). */
export const MAX_ALERT_IDS = 10_000;

const alertIds = v.union(
  [
    v.literal('all'),
    v.pipe(
      v.array(
        v.pipe(v.number('an alert id must be a number'), v.integer('an alert id must be a whole number'), v.minValue(1, 'an alert id is at least 1')),
        'alert ids must be a list',
      ),
      v.maxLength(MAX_ALERT_IDS, `at most ${MAX_ALERT_IDS} alert ids are accepted in one call`),
    ),
  ],
  'say which alerts: a list of alert ids, or "all"',
);

/** `optional`: the argument may be left off (only trailing arguments are optional). */
type ArgSpec = readonly (readonly [name: string, schema: AnySchema, optional?: 'optional'])[];

/** name → the argument list it takes: a readable name and a schema per argument. */
const ARGUMENTS: { [C in InvokeChannel]: ArgSpec } = {
  'app:info': [],
  'status:get': [],
  'assets:get': [],
  'assets:refresh': [],
  'embed:open': [['map request', embedRequest]],
  'embed:show': [
    ['session id', sessionId],
    ['bounds', embedBounds],
  ],
  'embed:hide': [],
  'settings:get': [],
  'settings:set': [['settings', settingsPatch]],
  'map:base': [],
  'profiles:list': [],
  'profiles:save': [['profile', profileInput]],
  'profiles:delete': [['profile id', profileId]],
  'profiles:switch': [['profile id', profileId]],
  'profiles:test': [
    ['profile', profileInput],
    ['token for the test', v.nullable(token), 'optional'],
  ],
  'auth:signIn': [['profile id', profileId]],
  'auth:cancel': [],
  'auth:pasteToken': [
    ['profile id', profileId],
    ['token', token],
  ],
  'auth:signOut': [
    ['profile id', profileId],
    ['keep offline data', v.boolean('"keep offline data" must be true or false')],
  ],
  'trail:get': [
    ['asset id', assetId],
    ['hours back', hoursBack],
  ],
  'export:assetsCsv': [['asset ids', assetIds(0)]],
  'export:positionsGeoJson': [
    ['asset ids', assetIds(0)],
    ['hours back', hoursBack],
  ],
  'aemp:list': [['version', aempVersion]],
  'aemp:cached': [['version', aempVersion]],
  'aemp:equipment': [
    ['version', aempVersion],
    ['equipment identifier', equipmentIdentifier],
  ],
  'aemp:history': [
    ['equipment identifier', equipmentIdentifier],
    ['metric', historyMetric],
    ['start', isoTime('the start')],
    ['end', isoTime('the end')],
  ],
  'alerts:rules': [],
  'alerts:setRules': [['alert rules', AlertRulesSchema]],
  'alerts:list': [['alert filter', alertQuery]],
  'alerts:acknowledge': [['alert ids', alertIds]],
  'export:alertsCsv': [['alert filter', alertQuery]],
};

const CHANNELS: ReadonlySet<string> = new Set(INVOKE_CHANNELS);

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return typeof channel === 'string' && CHANNELS.has(channel);
}

function refuse(message: string, path?: string): FleetError {
  return new FleetError('invalid-argument', message, path === undefined ? {} : { path });
}

function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `a ${channel === null ? 'null' : typeof channel} channel name`;
  const shown = channel.length > 60 ? `${channel.slice(0, 60)}…` : channel;
  return `"${shown.replace(/\p{Cc}/gu, '?')}"`;
}

/**
 * Checks a call from the renderer. Returns the channel and the validated arguments
 * (unknown fields refused, not passed on); throws `FleetError('invalid-argument')`
 * naming the channel and the argument otherwise.
 */
export function validateInvoke(channel: unknown, args: unknown): { channel: InvokeChannel; args: unknown[] } {
  if (!isInvokeChannel(channel)) throw refuse(`Fleet Desk does not know the request ${describeChannel(channel)}.`);
  if (!Array.isArray(args)) throw refuse(`"${channel}": the arguments must be a list.`);
  const spec = ARGUMENTS[channel];
  const required = spec.filter(([, , optional]) => optional !== 'optional').length;
  if (args.length < required || args.length > spec.length) {
    const count = required === spec.length ? `${spec.length}` : `${required} or ${spec.length}`;
    throw refuse(`"${channel}" takes ${count} argument${spec.length === 1 ? '' : 's'}, got ${args.length}.`);
  }
  const out: unknown[] = [];
  spec.slice(0, args.length).forEach(([name, schema], index) => {
    const result = v.safeParse(schema, args[index], { abortEarly: true });
    if (!result.success) {
      const issue = result.issues[0];
      const dotPath = v.getDotPath(issue);
      const path = `$[${index}]${dotPath ? `.${dotPath}` : ''}`;
      throw refuse(`"${channel}" argument ${index + 1} (${name}): ${issue.message}.`, path);
    }
    out.push(result.output);
  });
  if (channel === 'aemp:history') {
    const [, , start, end] = out as [string, string, string, string];
    if (Date.parse(start) > Date.parse(end)) throw refuse(`"aemp:history": the start must not be after the end.`, '$[2]');
  }
  return { channel, args: out };
}

/**
 * Validates a call, runs its handler and wraps the outcome as a `Result`. Never
 * throws: invalid calls never reach a handler and every failure becomes a scrubbed
 * `AppError`.
 */
export async function dispatchInvoke(handlers: InvokeHandlers, channel: unknown, args: unknown): Promise<Result<unknown>> {
  try {
    const call = validateInvoke(channel, args);
    if (!Object.hasOwn(handlers, call.channel)) throw new FleetError('internal', `Fleet Desk cannot answer "${call.channel}" yet.`);
    const handler = handlers[call.channel] as (...a: unknown[]) => Promise<unknown>;
    const value = await handler(...call.args);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: toAppError(err) };
  }
}
