/**
 * Argument validation for every call the renderer can make, shared by the Electron
 * shell (ipcMain) and the web shell (HTTP). The renderer is treated as untrusted: a
 * compromised page gets a clear `invalid-argument` rejection, never a crash and never
 * a call into the core (and so to the service) with bad input.
 *
 * The schemas are the contract's (src-main/contract/schemas), the same the renderer's
 * forms and the stores use, and the table below is checked against `FleetInvoke` at
 * compile time: a channel whose schemas disagree with its contract arguments does not
 * build. Handlers get the checked, typed arguments and do not check them again.
 */
import * as v from 'valibot';
import {
  AempIdentifierSchema,
  AempVersionSchema,
  AlertIdsSchema,
  AlertQuerySchema,
  AlertRulesSchema,
  AssetIdSchema,
  EmbedBoundsSchema,
  EmbedRequestSchema,
  EmbedSessionIdSchema,
  ExportAssetIdsSchema,
  HistoryMetricSchema,
  historyRangeProblem,
  HoursBackSchema,
  INVOKE_CHANNELS,
  KeepOfflineDataSchema,
  ProfileIdSchema,
  ProfileInputSchema,
  SettingsPatchSchema,
  TokenSchema,
  UtcTimeSchema,
} from '../../contract';
import type { InvokeArgs, InvokeChannel, InvokeHandlers, Result } from '../../contract';
import { FleetError, toAppError } from '../errors';

/** One argument: a name for people and its schema; 'optional' only on trailing arguments. */
type Arg = readonly [name: string, schema: v.GenericSchema, optional?: 'optional'];

/** name → its arguments, in order. Typed against the contract below. */
const ARGUMENTS = {
  'app:info': [],
  'status:get': [],
  'assets:get': [],
  'assets:detail': [['asset id', AssetIdSchema]],
  'assets:refresh': [],
  'embed:open': [['map request', EmbedRequestSchema]],
  'embed:show': [
    ['map session', EmbedSessionIdSchema],
    ['map bounds', EmbedBoundsSchema],
  ],
  'embed:hide': [],
  'settings:get': [],
  'settings:set': [['settings', SettingsPatchSchema]],
  'map:base': [],
  'profiles:list': [],
  'profiles:save': [['profile', ProfileInputSchema]],
  'profiles:delete': [['profile id', ProfileIdSchema]],
  'profiles:switch': [['profile id', ProfileIdSchema]],
  'profiles:test': [
    ['profile', ProfileInputSchema],
    ['token for the test', v.nullable(TokenSchema), 'optional'],
  ],
  'auth:signIn': [['profile id', ProfileIdSchema]],
  'auth:cancel': [],
  'auth:pasteToken': [
    ['profile id', ProfileIdSchema],
    ['token', TokenSchema],
  ],
  'auth:signOut': [
    ['profile id', ProfileIdSchema],
    ['keep offline data', KeepOfflineDataSchema],
  ],
  'trail:get': [
    ['asset id', AssetIdSchema],
    ['hours back', HoursBackSchema],
  ],
  'export:assetsCsv': [['asset ids', ExportAssetIdsSchema]],
  'export:positionsGeoJson': [
    ['asset ids', ExportAssetIdsSchema],
    ['hours back', HoursBackSchema],
  ],
  'aemp:list': [['fleet interface version', AempVersionSchema]],
  'aemp:cached': [['fleet interface version', AempVersionSchema]],
  'aemp:equipment': [
    ['fleet interface version', AempVersionSchema],
    ['equipment identifier', AempIdentifierSchema],
  ],
  'aemp:history': [
    ['equipment identifier', AempIdentifierSchema],
    ['history metric', HistoryMetricSchema],
    ['start', UtcTimeSchema],
    ['end', UtcTimeSchema],
  ],
  'alerts:rules': [],
  'alerts:setRules': [['alert rules', AlertRulesSchema]],
  'alerts:list': [['alert filter', AlertQuerySchema]],
  'alerts:acknowledge': [['alerts to acknowledge', AlertIdsSchema]],
  'export:alertsCsv': [['alert filter', AlertQuerySchema]],
} as const satisfies { [C in InvokeChannel]: readonly Arg[] };

/** Rules that read several arguments together: the message, or null when they agree. */
const TOGETHER: { [C in InvokeChannel]?: (args: InvokeArgs<C>) => string | null } = {
  'aemp:history': ([, , start, end]) => historyRangeProblem(Date.parse(start), Date.parse(end)),
};

// ---------------------------------------------------------------- compile-time agreement

/** The schema's output fits what the handler is typed to take, and everything the contract lets the renderer send fits the schema's input. */
type Agrees<S, A> = S extends v.GenericSchema ? ([v.InferOutput<S>] extends [A] ? ([A] extends [v.InferInput<S>] ? true : false) : false) : false;
type ArgsAgree<L extends readonly Arg[], A extends readonly unknown[]> = L['length'] extends Required<A>['length']
  ? false extends { [K in keyof L]: K extends keyof Required<A> ? Agrees<L[K][1], Exclude<Required<A>[K], undefined>> : false }[number]
    ? false
    : true
  : false;
/** Channels whose table entry disagrees with `FleetInvoke` (must be none). */
type Disagreeing = { [C in InvokeChannel]: ArgsAgree<(typeof ARGUMENTS)[C], InvokeArgs<C>> extends true ? never : C }[InvokeChannel];
export const _argumentsAgreeWithContract: [Disagreeing] extends [never] ? true : { disagreeing: Disagreeing } = true;

// ---------------------------------------------------------------- checking a call

const CHANNELS: ReadonlySet<string> = new Set(INVOKE_CHANNELS);

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return typeof channel === 'string' && CHANNELS.has(channel);
}

function refuse(message: string, path?: string): FleetError {
  return new FleetError('invalid-argument', message, path ? { path } : {});
}

function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `a ${channel === null ? 'null' : typeof channel} channel name`;
  const shown = channel.length > 60 ? `${channel.slice(0, 60)}…` : channel;
  return `"${shown.replace(/\p{Cc}/gu, '?')}"`;
}

const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/**
 * Checks a call from the renderer. Returns the channel and the checked arguments
 * (trimmed and normalised as the schemas say; unknown fields refused, not passed on).
 * Throws `FleetError('invalid-argument')` whose message is the rule for people followed
 * by which argument it was, in words; `path` points inside that argument for forms
 * (e.g. `embedOrigins.0`).
 */
export function validateInvoke<C extends InvokeChannel>(channel: C | unknown, args: unknown): { channel: C; args: InvokeArgs<C> } {
  if (!isInvokeChannel(channel)) throw refuse(`Fleet Desk does not know the request ${describeChannel(channel)}.`);
  if (!Array.isArray(args)) throw refuse(`"${channel}": the arguments must be a list.`);
  const spec: readonly Arg[] = ARGUMENTS[channel];
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
      throw refuse(`${sentence(issue.message)} (Fleet Desk refused the ${name}, argument ${index + 1} of "${channel}".)`, v.getDotPath(issue) ?? undefined);
    }
    out.push(result.output);
  });
  const checked = out as unknown as InvokeArgs<C>;
  const together = TOGETHER[channel] as ((a: InvokeArgs<C>) => string | null) | undefined;
  const problem = together?.(checked);
  if (problem) throw refuse(`${sentence(problem)} (Fleet Desk refused "${channel}".)`);
  return { channel: channel as C, args: checked };
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
    const value = await handler(...(call.args as unknown[]));
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: toAppError(err) };
  }
}
