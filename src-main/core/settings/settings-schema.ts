/**
 * Settings as the main side reads them from disk. The rules themselves are the contract's
 * (SettingsSchema in src-main/contract/schemas/settings.ts), shared with the settings form
 * and the `settings:set` check; this module only decides what to do with a file written
 * by an older Fleet Desk whose values the rules no longer allow: a number out of range is
 * moved to the nearest allowed value, anything else unusable falls back to its default,
 * field by field, and every change is named in a notice.
 */
import * as v from 'valibot';
import { BRANCH_SETTINGS, count, DEFAULT_SETTINGS, ListStateSchema, SETTING_RANGES, SettingsSchema, type BranchSettings, type NumberRule, type Settings } from '../../contract';

export { DEFAULT_SETTINGS };

/** Names for the notice, as the settings dialog calls them. */
const LABELS: Record<keyof Settings, string> = {
  refreshIntervalSec: 'refresh interval',
  staleAfterMin: 'stale after',
  units: 'units',
  theme: 'theme',
  tileUrl: 'tile address',
  tileAttribution: 'tile attribution',
  tileCacheMb: 'map tile cache',
  mapShowsAll: 'show all on the map',
  retentionDays: 'history kept',
  timeZone: 'time zone',
  list: 'list',
};

const RANGES: Partial<Record<string, NumberRule>> = SETTING_RANGES;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A whole number out of range, moved to the nearest allowed one; null when that is no help. */
function clamped(rule: NumberRule | undefined, value: unknown): number | null {
  if (!rule || typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.min(rule.max, Math.max(rule.min, Math.round(value)));
}

/** Parses one object field by field against `entries`, keeping the good and noting the rest. */
function fieldByField<T extends Record<string, unknown>>(
  entries: Record<string, v.GenericSchema>,
  json: Record<string, unknown>,
  defaults: T,
  notes: string[],
  prefix = '',
): T {
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, schema] of Object.entries(entries)) {
    if (!(key in json)) continue;
    const parsed = v.safeParse(schema, json[key]);
    if (parsed.success) {
      out[key] = parsed.output;
      continue;
    }
    const label = `${prefix}${LABELS[key as keyof Settings] ?? key}`;
    const near = clamped(RANGES[key], json[key]);
    if (near !== null) {
      out[key] = near;
      notes.push(`${label} ${count(json[key] as number)} is now ${count(near)} (${RANGES[key]?.rule})`);
    } else {
      notes.push(`${label} reset to ${JSON.stringify(defaults[key])} (${parsed.issues[0].message})`);
    }
  }
  return out as T;
}

/**
 * The settings in a file's JSON, field by field over `defaults`; unknown fields are left
 * out. `notice` names each value that was adjusted or reset, or is null when none was.
 */
export function settingsFromFile(
  json: Record<string, unknown>,
  defaults: Settings,
): { settings: Settings; branches: Record<string, BranchSettings>; notice: string | null } {
  const notes: string[] = [];
  const { list: _list, ...topEntries } = SettingsSchema.entries;
  const settings = fieldByField(topEntries as Record<string, v.GenericSchema>, json, defaults, notes);
  settings.list = isRecord(json.list)
    ? fieldByField(ListStateSchema.entries as Record<string, v.GenericSchema>, json.list, defaults.list, notes, 'list ')
    : defaults.list;
  if ('list' in json && !isRecord(json.list)) notes.push('list settings reset to their defaults');
  const branches = branchSettingsFromFile(json, settings, notes);
  const notice = notes.length ? `Some saved settings were not allowed any more and were changed: ${notes.join('; ')}` : null;
  return { settings, branches, notice };
}

/** The settings file's field that holds each branch's own values, by profile id. */
export const BRANCHES_FIELD = 'branches';

/**
 * Each branch's own values in a file's JSON (`branches`), read like the shared ones: a
 * value the rules no longer allow is dropped with a note, and the branch then follows the
 * shared value. A file without the field (written before branches kept their own) gives
 * every branch the shared values.
 */
export function branchSettingsFromFile(json: Record<string, unknown>, shared: Settings, notes: string[]): Record<string, BranchSettings> {
  const out: Record<string, BranchSettings> = {};
  const raw = json[BRANCHES_FIELD];
  if (raw === undefined) return out;
  if (!isRecord(raw)) {
    notes.push('the settings of each branch were reset to the shared ones');
    return out;
  }
  for (const [profileId, entry] of Object.entries(raw)) {
    if (!isRecord(entry)) continue;
    const own: Record<string, unknown> = {};
    const branchNotes: string[] = [];
    for (const key of BRANCH_SETTINGS) {
      if (!(key in entry)) continue;
      if (key === 'list') {
        if (isRecord(entry.list)) own.list = fieldByField(ListStateSchema.entries as Record<string, v.GenericSchema>, entry.list, shared.list, branchNotes, 'list ');
        continue;
      }
      const parsed = v.safeParse(SettingsSchema.entries[key], entry[key]);
      if (parsed.success) own[key] = parsed.output;
      else branchNotes.push(`${LABELS[key]} now the shared one (${parsed.issues[0].message})`);
    }
    for (const note of branchNotes) notes.push(`branch ${JSON.stringify(profileId)}: ${note}`);
    out[profileId] = own as BranchSettings;
  }
  return out;
}
