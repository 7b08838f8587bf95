import * as v from 'valibot';
import { DEFAULT_SETTINGS, LIST_COLUMNS, SORT_KEYS, THEMES, TILE_CACHE_MB, type ListState } from '../../contract';

export { DEFAULT_SETTINGS };
export const DEFAULT_LIST_STATE: ListState = DEFAULT_SETTINGS.list;

const amount = (n: number, unit: string): string => `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number of ${unit}`),
    v.minValue(min, `${label} must be at least ${amount(min, unit)}`),
    v.maxValue(max, `${label} must be at most ${amount(max, unit)}`),
  );

function isTileTemplate(url: string): boolean {
  if (url === '') return true;
  try {
    const parsed = new URL(url.replace(/\{[a-z]\}/g, '0'));
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && url.includes('{z}') && url.includes('{x}') && url.includes('{y}');
  } catch {
    return false;
  }
}

export const ListStateSchema = v.strictObject(
  {
    search: v.pipe(v.string('The search must be text'), v.maxLength(200, 'The search may be at most 200 characters')),
    filters: v.pipe(
      v.array(v.pipe(v.string('A filter must be text'), v.maxLength(100, 'A filter name is too long')), 'The filters must be a list'),
      v.maxLength(50, 'At most 50 filters can be active'),
    ),
    sort: v.picklist(SORT_KEYS, `Sort by one of: ${SORT_KEYS.join(', ')}`),
    descending: v.boolean('The sort direction must be true or false'),
    columns: v.pipe(
      v.array(v.picklist(LIST_COLUMNS, `A list column is one of: ${LIST_COLUMNS.join(', ')}`), 'The list columns must be a list'),
      v.check((cols) => new Set(cols).size === cols.length, 'A list column is named twice'),
    ),
  },
  (issue) => (issue.expected === 'never' ? `Unknown list setting ${issue.received}` : 'The list state must be an object'),
);

export const SettingsSchema = v.strictObject(
  {
    refreshIntervalSec: wholeNumber('The refresh interval', 10, 3600, 'seconds'),
    staleAfterMin: wholeNumber('"Stale after"', 1, 10_080, 'minutes'),
    units: v.picklist(['metric', 'imperial'], 'Units must be metric or imperial'),
    theme: v.picklist(THEMES, 'The theme must be system, light or dark'),
    tileUrl: v.pipe(
      v.string('The tile URL must be text'),
      v.maxLength(500, 'The tile URL is too long'),
      v.check(isTileTemplate, 'The tile URL must be empty or an http(s) URL with {z}, {x} and {y}'),
    ),
    tileAttribution: v.pipe(v.string('The tile attribution must be text'), v.maxLength(500, 'The tile attribution may be at most 500 characters')),
    tileCacheMb: wholeNumber('The map tile cache', TILE_CACHE_MB.min, TILE_CACHE_MB.max, 'MB'),
    mapShowsAll: v.boolean('"Show all on map" must be true or false'),
    retentionDays: wholeNumber('Keeping history', 1, 365, 'days'),
    list: ListStateSchema,
  },
  (issue) => (issue.expected === 'never' ? `Unknown setting ${issue.received}` : 'Settings must be an object'),
);

export const SettingsPatchSchema = v.partial(SettingsSchema);
