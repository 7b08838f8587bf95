/**
 * The user's settings: every limit the settings form, the `settings:set` check and the
 * settings file share, with the sentence a dispatcher reads when a value is out of range.
 */
import * as v from 'valibot';
import { STALE_MINUTES } from '../staleness';
import { count, isHttpUrl, plainText, requiredText, wholeNumber } from './text';
import { TimeZoneSettingSchema } from '../utilization';

export const UNITS = ['metric', 'imperial'] as const;
/** Light or dark colours, or whatever the operating system uses ('system'). */
export const THEMES = ['system', 'light', 'dark'] as const;

/** Optional columns of the asset list (the name is always shown), in display order. */
export const LIST_COLUMNS = [
  'id', 'type', 'category', 'site', 'siteSince', 'serial', 'lastUpdate', 'positionAge', 'fuel', 'ignition', 'speed', 'engineHours', 'odometer',
  'altitude', 'battery', 'deviceBattery', 'cabTemperature', 'signal', 'lightsHours', 'inputs', 'timeZone',
] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];
export const DEFAULT_LIST_COLUMNS: readonly ListColumn[] = ['category', 'site', 'lastUpdate', 'fuel', 'ignition'];

/** What the asset list can be sorted by: the name and every optional column but ignition and inputs. */
export const SORT_KEYS = [
  'name', 'id', 'type', 'category', 'site', 'siteSince', 'serial', 'lastUpdate', 'positionAge', 'fuel', 'speed', 'engineHours', 'odometer',
  'altitude', 'battery', 'deviceBattery', 'cabTemperature', 'signal', 'lightsHours', 'timeZone',
] as const;

/** A whole-number setting: its bounds and the rule as the dispatcher reads it. */
export interface NumberRule {
  min: number;
  max: number;
  rule: string;
}

/** Bounds of the numeric settings (a settings file past them is clamped on load). */
export const SETTING_RANGES = {
  // A refresh asks the service for the whole list: not more often than every 15 s.
  refreshIntervalSec: { min: 15, max: 86_400, rule: 'Refresh every 15 s to 24 h (86,400 s)' },
  // The same threshold as the no-report alert rule's (contract/staleness.ts).
  staleAfterMin: STALE_MINUTES,
  tileCacheMb: { min: 10, max: 5000, rule: `Keep 10 to ${count(5000)} MB of map tiles` },
  retentionDays: { min: 1, max: 365, rule: 'Keep positions and readings for 1 to 365 days' },
} as const satisfies Record<string, NumberRule>;

const ranged = (r: NumberRule) => wholeNumber(r.min, r.max, r.rule);

/** `{z}`, `{x}` and `{y}` (and maybe `{s}`) in an http(s) address; '' for a plain background. */
export function isTileTemplate(url: string): boolean {
  if (url === '') return true;
  return url.includes('{z}') && url.includes('{x}') && url.includes('{y}') && isHttpUrl(url.replace(/\{[a-z]+\}/gi, '0'));
}

export const TILE_URL_RULE = 'The tile address is empty or an http:// or https:// address with {z}, {x} and {y}, such as http://127.0.0.1:8080/{z}/{x}/{y}.png';

/**
 * Placeholders stand in the path and the query only, so map coordinates can never choose
 * the host or the port the tiles are fetched from; `{s}` may also be the whole first part
 * of the host (`{s}.tile.example`), where it only picks one of a, b and c.
 */
export function placeholdersInPathOrQuery(url: string): boolean {
  if (url === '') return true;
  const parts = /^https?:\/\/([^/?#]*)([^#]*)(#.*)?$/i.exec(url);
  if (!parts) return false;
  const [, authority, , fragment = ''] = parts;
  const host = authority.startsWith('{s}.') ? authority.slice('{s}.'.length) : authority;
  return !/[{}]/.test(host) && !/[{}]/.test(fragment);
}

export const TILE_PLACEHOLDER_RULE =
  'In the tile address, {z}, {x}, {y} and {s} may stand only in the path or the query, not in the host, port or after #; {s} may also be the first part of the host, as in https://{s}.tile.example/{z}/{x}/{y}.png';

/** The tile address rule, shared by the settings form, the `settings:set` check, the settings file and the tile service. */
export const TileUrlSchema = v.pipe(plainText(2048, 'The tile address'), v.check(isTileTemplate, TILE_URL_RULE), v.check(placeholdersInPathOrQuery, TILE_PLACEHOLDER_RULE));

/**
 * The list's sort, filters and columns. (Earlier versions also kept the list's search text
 * here; it now stays in the renderer. Files written then still load: the settings file is read
 * field by field and fields it no longer has are left out, see core/settings/settings-schema.ts.)
 */
export const ListStateSchema = v.strictObject(
  {
    filters: v.pipe(v.array(requiredText(100, 'A filter'), 'The filters must be a list'), v.maxLength(50, 'At most 50 filters can be on')),
    sort: v.picklist(SORT_KEYS, 'The list sorts by the name or one of its columns'),
    descending: v.boolean('The sort order is up or down'),
    columns: v.pipe(
      v.array(v.picklist(LIST_COLUMNS, 'This is not a column of the list'), 'The columns must be a list'),
      v.check((cols) => new Set(cols).size === cols.length, 'A column is shown only once'),
    ),
  },
  (issue) => (issue.expected === 'never' ? `The list has no setting ${issue.received}` : 'The list settings must be an object'),
);

export const SettingsSchema = v.strictObject(
  {
    refreshIntervalSec: ranged(SETTING_RANGES.refreshIntervalSec),
    staleAfterMin: ranged(SETTING_RANGES.staleAfterMin),
    units: v.picklist(UNITS, 'Choose metric or imperial units'),
    theme: v.picklist(THEMES, 'Choose the system, light or dark theme'),
    tileUrl: TileUrlSchema,
    tileAttribution: plainText(500, 'The tile attribution'),
    tileCacheMb: ranged(SETTING_RANGES.tileCacheMb),
    mapShowsAll: v.boolean('"Show all on the map" is on or off'),
    retentionDays: ranged(SETTING_RANGES.retentionDays),
    /** The branch's days (utilization) are cut in this zone; '' for the zone most of its machines report. */
    timeZone: TimeZoneSettingSchema,
    list: ListStateSchema,
  },
  (issue) => (issue.expected === 'never' ? `Fleet Desk has no setting ${issue.received}` : 'Settings must be an object'),
);

/**
 * The settings each branch (profile) keeps for itself: a yard branch and a road branch
 * sort, filter and show the list differently and may draw on other tiles. The rest is the
 * dispatcher's own (units, theme, refresh, …) and holds for every branch.
 */
export const BRANCH_SETTINGS = ['list', 'tileUrl', 'tileAttribution', 'timeZone'] as const;
export type BranchSettingKey = (typeof BRANCH_SETTINGS)[number];

/** One branch's own values; a value it has none of is the shared one (a new branch starts from those). */
export const BranchSettingsSchema = v.partial(v.pick(SettingsSchema, BRANCH_SETTINGS));

/** A change to some settings (`settings:set`); the list, when given, whole. */
export const SettingsPatchSchema = v.partial(SettingsSchema);

export type Units = (typeof UNITS)[number];
export type Theme = (typeof THEMES)[number];
export type SortKey = (typeof SORT_KEYS)[number];
export type ListState = v.InferOutput<typeof ListStateSchema>;
export type Settings = v.InferOutput<typeof SettingsSchema>;
export type BranchSettings = v.InferOutput<typeof BranchSettingsSchema>;
