/**
 * Every call the renderer may make, in one table: its arguments (a name for people and
 * the schema that checks each one) and its result type. The call types the renderer and
 * the shells use, the argument check on the main side (core/ipc/validate-args.ts), the
 * list of call names both ends accept and the handler map the core must fill are all
 * derived from this table, so a new call is one entry here plus its handler, and a call
 * without a schema or a handler does not compile.
 *
 * A call that triggers work returns nothing an event already carries: the event updates
 * every page (`settings:set` → 'settings', `profiles:*` → 'profiles:changed',
 * `alerts:acknowledge` → 'alerts:counts', `assets:refresh` → 'assets').
 *
 * Browser-safe: the renderer imports this through the contract, so it holds schemas and
 * types only.
 */
import * as v from 'valibot';
import {
  AempIdentifierSchema,
  AempVersionSchema,
  AlertAcknowledgementSchema,
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
  KeepOfflineDataSchema,
  NoteInputSchema,
  ProfileIdSchema,
  ProfileInputSchema,
  SettingsPatchSchema,
  TokenSchema,
  UtcTimeSchema,
} from './schemas';
import type { AlertRules, Settings } from './schemas';
import type { AempListing, Equipment, HistoryResult } from './aemp';
import type { AlertList } from './alerts';
import type { NotesState } from './notes';
import type { AppInfo } from './app-info';
import type { Asset, AssetRowSnapshot } from './assets';
import type { BaseMap } from './base-map';
import type { EmbedSession } from './embeds';
import type { ExportResult, TrailPoint } from './offline';
import type { ConnectionTest, ProfilesState, SignInState } from './profiles';
import type { SyncStatus } from './status';
import {
  NearestQuerySchema,
  SiteFromPlaceSchema,
  SiteIdSchema,
  SiteInputSchema,
  SitesGeoJsonTextSchema,
  type NearestResult,
  type Site,
  type SitesImportResult,
  type SitesState,
} from './sites';
import { PdfNameSchema, UsedDayHoursSchema, UtilizationRangeSchema, type UtilizationProgress, type UtilizationReport } from './utilization';

// ---------------------------------------------------------------- building blocks

/** One argument of a call: its name in messages ("the asset id") and the schema that checks it. */
export interface CallArg<S extends v.GenericSchema = v.GenericSchema, Optional extends boolean = boolean> {
  readonly name: string;
  readonly schema: S;
  /** Only trailing arguments may be left out. */
  readonly optional: Optional;
}

/** A required argument. */
export function arg<S extends v.GenericSchema>(name: string, schema: S): CallArg<S, false> {
  return { name, schema, optional: false };
}

/** A trailing argument the caller may leave out. */
export function optionalArg<S extends v.GenericSchema>(name: string, schema: S): CallArg<S, true> {
  return { name, schema, optional: true };
}

declare const RESULT: unique symbol;
/** Stands for a call's result type in the table (nothing at run time: results are not checked, they come from the core). */
export interface Returns<T> {
  readonly [RESULT]?: T;
}

/** What a call's arguments are sent as (the schemas' input): what the renderer passes. */
export type ArgsIn<L extends readonly CallArg[]> = L extends readonly [infer H extends CallArg, ...infer R extends readonly CallArg[]]
  ? H['optional'] extends true
    ? [v.InferInput<H['schema']>?, ...ArgsIn<R>]
    : [v.InferInput<H['schema']>, ...ArgsIn<R>]
  : [];

/** What a call's arguments are once checked (the schemas' output): what the handler is given. */
export type ArgsOut<L extends readonly CallArg[]> = L extends readonly [infer H extends CallArg, ...infer R extends readonly CallArg[]]
  ? H['optional'] extends true
    ? [v.InferOutput<H['schema']>?, ...ArgsOut<R>]
    : [v.InferOutput<H['schema']>, ...ArgsOut<R>]
  : [];

/** One call: its arguments, its result and, where some must agree with each other, the rule that reads them together. */
export interface CallSpec<L extends readonly CallArg[] = readonly CallArg[], R = unknown> {
  readonly args: L;
  readonly result: Returns<R>;
  /** The message for people when the checked arguments disagree, or null when they agree. */
  readonly together?: (args: ArgsOut<L>) => string | null;
}

/** A table entry; `together` is typed from the arguments' schemas. */
export function call<const L extends readonly CallArg[], R>(args: L, _result: Returns<R>, together?: (args: ArgsOut<L>) => string | null): CallSpec<L, R> {
  return together ? { args, result: {}, together } : { args, result: {} };
}

/** What every entry of the table must be: arguments each with a schema, and a result. */
export interface AnyCall {
  readonly args: readonly CallArg[];
  readonly result: Returns<unknown>;
}

/** Checks a call table: an entry without arguments made by `arg` (so each with a schema) or without a result does not compile. */
export function defineCalls<const T extends Record<string, AnyCall>>(table: T): T {
  return table;
}

/** Names a call's result type in the table. */
export function returns<T>(): Returns<T> {
  return {};
}

// ---------------------------------------------------------------- the table

export const CALLS = defineCalls({
  'app:info': call([], returns<AppInfo>()),
  'status:get': call([], returns<SyncStatus>()),

  /** The rows of what the core holds (the store's list at start), no network. */
  'assets:get': call([], returns<AssetRowSnapshot | null>()),
  /** One asset's full record from the held list; null when it has none by that id. */
  'assets:detail': call([arg('asset id', AssetIdSchema)], returns<Asset | null>()),
  /** Fetch now (manual refresh); the list arrives as an 'assets' / 'assets:changed' event. */
  'assets:refresh': call([], returns<void>()),

  /** A fresh embed URL. */
  'embed:open': call([arg('map request', EmbedRequestSchema)], returns<EmbedSession>()),
  /** Electron: draw the session's view at these bounds. */
  'embed:show': call([arg('map session', EmbedSessionIdSchema), arg('map bounds', EmbedBoundsSchema)], returns<void>()),
  /** Electron: hide the embed view. */
  'embed:hide': call([], returns<void>()),

  'settings:get': call([], returns<Settings>()),
  /** The settings after the change arrive as the 'settings' event. */
  'settings:set': call([arg('settings', SettingsPatchSchema)], returns<void>()),
  'map:base': call([], returns<BaseMap>()),

  'profiles:list': call([], returns<ProfilesState>()),
  /** Answers the saved profile's id (new profiles get one here); the profiles arrive as 'profiles:changed'. */
  'profiles:save': call([arg('profile', ProfileInputSchema)], returns<string>()),
  /** The profiles after it arrive as 'profiles:changed'. */
  'profiles:delete': call([arg('profile id', ProfileIdSchema)], returns<void>()),
  /** The profiles after it arrive as 'profiles:changed'. */
  'profiles:switch': call([arg('profile id', ProfileIdSchema)], returns<void>()),
  /** Tests a draft, with a token typed for this test only when one is given. */
  'profiles:test': call([arg('profile', ProfileInputSchema), optionalArg('token for the test', v.nullable(TokenSchema))], returns<ConnectionTest>()),

  /** Resolves when signed in or failed. */
  'auth:signIn': call([arg('profile id', ProfileIdSchema)], returns<SignInState>()),
  'auth:cancel': call([], returns<void>()),
  'auth:pasteToken': call([arg('profile id', ProfileIdSchema), arg('token', TokenSchema)], returns<ConnectionTest>()),
  'auth:signOut': call([arg('profile id', ProfileIdSchema), arg('keep offline data', KeepOfflineDataSchema)], returns<void>()),

  'trail:get': call([arg('asset id', AssetIdSchema), arg('hours back', HoursBackSchema)], returns<TrailPoint[]>()),
  /** Asset ids in list order. */
  'export:assetsCsv': call([arg('asset ids', ExportAssetIdsSchema)], returns<ExportResult>()),
  'export:positionsGeoJson': call([arg('asset ids', ExportAssetIdsSchema), arg('hours back', HoursBackSchema)], returns<ExportResult>()),

  'aemp:list': call([arg('fleet interface version', AempVersionSchema)], returns<AempListing>()),
  'aemp:cached': call([arg('fleet interface version', AempVersionSchema)], returns<AempListing | null>()),
  'aemp:equipment': call([arg('fleet interface version', AempVersionSchema), arg('equipment identifier', AempIdentifierSchema)], returns<Equipment>()),
  'aemp:history': call(
    [arg('equipment identifier', AempIdentifierSchema), arg('history metric', HistoryMetricSchema), arg('start', UtcTimeSchema), arg('end', UtcTimeSchema)],
    returns<HistoryResult>(),
    ([, , start, end]) => historyRangeProblem(Date.parse(start), Date.parse(end)),
  ),

  /** The active profile's rules. */
  'alerts:rules': call([], returns<AlertRules>()),
  'alerts:setRules': call([arg('alert rules', AlertRulesSchema)], returns<AlertRules>()),
  /** Works offline (the log is in the store). */
  'alerts:list': call([arg('alert filter', AlertQuerySchema)], returns<AlertList>()),
  /** Alert ids, or every open one; the counts after it arrive as 'alerts:counts'. */
  'alerts:acknowledge': call([arg('alerts to acknowledge', AlertIdsSchema)], returns<void>()),
  /** One alert with the dispatcher's note; the counts after it arrive as 'alerts:counts'. */
  'alerts:acknowledgeWithNote': call([arg('acknowledgement', AlertAcknowledgementSchema)], returns<void>()),
  'export:alertsCsv': call([arg('alert filter', AlertQuerySchema)], returns<ExportResult>()),

  /** The active profile's notes on machines (works offline). */
  'notes:get': call([], returns<NotesState>()),
  /** Writes (empty text: removes) one machine's note; the notes after it arrive as 'notes:changed'. */
  'notes:set': call([arg('note', NoteInputSchema)], returns<void>()),

  /** The active branch's sites and where each machine is (works offline). */
  'sites:get': call([], returns<SitesState>()),
  /** Creates or changes a site; the sites and presence after it arrive as 'sites:changed'. */
  'sites:save': call([arg('site', SiteInputSchema)], returns<Site>()),
  'sites:delete': call([arg('site id', SiteIdSchema)], returns<void>()),
  /** All features of a GeoJSON FeatureCollection or none; refusals name the feature. */
  'sites:import': call([arg('sites file', SitesGeoJsonTextSchema)], returns<SitesImportResult>()),
  'sites:export': call([], returns<ExportResult>()),
  /** A circle site around one of the service's places (an area asset with a position). */
  'sites:fromPlace': call([arg('place to turn into a site', SiteFromPlaceSchema)], returns<Site>()),
  /** The machines nearest to a point, from the held list (works offline). */
  'nearest:query': call([arg('nearest look-up', NearestQuerySchema)], returns<NearestResult>()),

  /** Hours per day per machine from what the store holds (works offline); see 'utilization:fetch' for fetching histories. */
  'utilization:report': call([arg('range of days', UtilizationRangeSchema), optionalArg('hours that make a day used', UsedDayHoursSchema)], returns<UtilizationReport>()),
  /** Starts (or resumes) fetching the range's histories in the background; progress arrives as 'utilization:progress'. */
  'utilization:fetch': call([arg('range of days', UtilizationRangeSchema)], returns<UtilizationProgress>()),
  'utilization:cancel': call([], returns<void>()),
  'export:utilizationCsv': call([arg('range of days', UtilizationRangeSchema), optionalArg('hours that make a day used', UsedDayHoursSchema)], returns<ExportResult>()),
  /** Electron: the window's current page as a PDF ("Save as PDF…"); the web shell prints from the page. */
  'print:pdf': call([arg('file name', PdfNameSchema)], returns<ExportResult>()),
});

// ---------------------------------------------------------------- derived

export type Calls = typeof CALLS;
export type InvokeChannel = keyof Calls;
/** What the renderer passes to a call. */
export type InvokeArgs<C extends InvokeChannel> = ArgsIn<Calls[C]['args']>;
export type InvokeResult<C extends InvokeChannel> = Calls[C]['result'] extends Returns<infer R> ? R : never;

/** name → [arguments tuple, result]. Every result crosses as `Result<…>`. */
export type FleetInvoke = { [C in InvokeChannel]: [InvokeArgs<C>, InvokeResult<C>] };

/**
 * One call's handler in the core. It is typed to take what the renderer may send (the
 * schemas' input), which the checked arguments (their output) always fit, so a handler
 * can also be called directly with what a form holds.
 */
export type Handler<C extends InvokeChannel> = (...args: InvokeArgs<C>) => Promise<InvokeResult<C>>;

/** Implemented by the core, one handler per call (a call without one does not compile); each shell routes its transport to these. */
export type InvokeHandlers = { [C in InvokeChannel]: Handler<C> };

/** The call names, for checking a name at either end. */
export const INVOKE_CHANNELS: readonly InvokeChannel[] = Object.keys(CALLS) as InvokeChannel[];
