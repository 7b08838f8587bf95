/**
 * The asset list's columns: what each shows, how wide it is and how it sorts. The name is
 * always the first column; the others are chosen by the dispatcher (remembered in
 * `ListState.columns`) and always appear in LIST_COLUMNS order.
 *
 * Widths are in rem so zoom scales them. A number column is as wide as its header word and
 * its longest usual value with an "old" tag, right-aligned and never cut; a text column has
 * a smallest width, grows with the pane, and ellipsises a longer value (its full text is in
 * the cell's title). The list never scrolls sideways: when the chosen columns need more
 * than the pane has, the rightmost ones are left out and the list says how many.
 */
import { DEFAULT_LIST_COLUMNS, isStaleAt, LIST_COLUMNS, readingAt, staleCutoff, type AssetRow, type ListColumn, type RowMetric, type SortKey, type SpeedUnit, type Units } from '@contract';
import { formatDistanceCm, formatNumber, formatRuntimeHours } from '../format/numbers';
import { speedReading } from '../format/speed';
import { formatDateTime, isoAt, shortRelativeTime } from '../format/time';
import { oldMetricKeys, type IndexedAsset } from './assetIndex';
import { NO_SITES, type SiteLayer } from './siteLayer';
import { daysOnSiteText, presenceSentence } from './siteText';

/** How a column is laid out: text ellipsises and grows; the others have a fixed width that fits their values. */
export type ColumnKind = 'text' | 'number' | 'time' | 'gauge' | 'flag';

export interface ColumnDef {
  key: ListColumn;
  /** Header text; may wrap onto two lines, never cut. */
  label: string;
  /** Name in the column chooser. */
  menuLabel: string;
  kind: ColumnKind;
  /** Width in rem (for text: the smallest; text grows with the pane). */
  minRem: number;
  /** Width in a list too narrow for every column at full width (the fuel gauge gives way to the number). */
  compactRem: number;
  sort: SortKey | null;
  /** The metric whose reading the column shows (for the "old" mark and its collected time). */
  metric: RowMetric | null;
}

type Options = Partial<Pick<ColumnDef, 'sort' | 'metric' | 'compactRem'>>;

const def = (key: ListColumn, label: string, menuLabel: string, kind: ColumnKind, minRem: number, opts: Options = {}): ColumnDef => ({
  key,
  label,
  menuLabel,
  kind,
  minRem,
  compactRem: opts.compactRem ?? minRem,
  sort: opts.sort === undefined ? (key as SortKey) : opts.sort,
  metric: opts.metric ?? null,
});

export const COLUMNS: Readonly<Record<ListColumn, ColumnDef>> = {
  id: def('id', 'Asset id', 'Asset id', 'text', 5.6),
  type: def('type', 'Type', 'Type (thing or area)', 'text', 3.6),
  category: def('category', 'Category', 'Category', 'text', 5.6),
  // Wide enough for a usual yard name; a place in words ("6 km NE of Sandy, UT") is cut, its title has it whole.
  site: def('site', 'Site', 'Site (or where it is)', 'text', 7),
  siteSince: def('siteSince', 'On site', 'Days on site', 'time', 5),
  serial: def('serial', 'Serial', 'Serial number', 'text', 6),
  lastUpdate: def('lastUpdate', 'Updated', 'Last update', 'time', 6),
  positionAge: def('positionAge', 'Position age', 'Position age', 'time', 8.4, { metric: 'gps' }),
  fuel: def('fuel', 'Fuel', 'Fuel', 'gauge', 5.8, { metric: 'fuel', compactRem: 4.6 }),
  ignition: def('ignition', 'Ignition', 'Ignition', 'flag', 4.6, { sort: null, metric: 'ignition' }),
  speed: def('speed', 'Speed', 'Speed', 'number', 7.6, { metric: 'speed' }),
  engineHours: def('engineHours', 'Engine hours', 'Engine hours', 'number', 7.6, { metric: 'engine-runtime' }),
  odometer: def('odometer', 'Odometer', 'Odometer', 'number', 9, { metric: 'odometer' }),
  // The service states no unit for these: the value as sent (the details pane says so).
  altitude: def('altitude', 'Altitude', 'Altitude', 'number', 5.8),
  battery: def('battery', 'Battery', 'Battery', 'number', 5.2),
  deviceBattery: def('deviceBattery', 'Device battery', 'Device battery', 'number', 5.6),
  cabTemperature: def('cabTemperature', 'Cab temp.', 'Cab temperature', 'number', 5.4),
  signal: def('signal', 'Signal', 'Signal strength', 'number', 4.8),
  lightsHours: def('lightsHours', 'Lights hours', 'Lights runtime (longest lamp)', 'number', 7.6),
  inputs: def('inputs', 'Inputs on', 'Inputs 1–4', 'text', 5, { sort: null }),
  timeZone: def('timeZone', 'Time zone', 'Time zone', 'text', 7),
};

/** "1, 3" for inputs 1 and 3 on; "none" when all reported are off; the title names each input. */
function inputsCell(marks: string | null): { text: string | null; title: string } {
  if (marks === null) return { text: null, title: '' };
  const on: string[] = [];
  const parts = [...marks].map((mark, i) => {
    if (mark === '1') on.push(String(i + 1));
    return `input ${i + 1} ${mark === '1' ? 'on' : mark === '0' ? 'off' : 'not reported'}`;
  });
  return { text: on.length > 0 ? on.join(', ') : 'none', title: parts.join(', ').replace(/^i/, 'I') };
}

/** The name column: wide enough for a long usual name and its disambiguator on two lines. */
export const NAME_MIN_REM = 12;
export const GAP_REM = 0.5;
export const ROW_PADDING_REM = 0.6;

/** The columns to show, in LIST_COLUMNS order; unknown or repeated keys are ignored. */
export function visibleColumns(columns: readonly string[] | undefined): ColumnDef[] {
  const wanted = new Set(columns ?? DEFAULT_LIST_COLUMNS);
  return LIST_COLUMNS.filter((key) => wanted.has(key)).map((key) => COLUMNS[key]);
}

const widthOf = (c: ColumnDef, compact: boolean) => (compact ? c.compactRem : c.minRem);

/** `grid-template-columns` for the header and every row. */
export function gridTemplate(cols: readonly ColumnDef[], compact = false): string {
  const track = (c: ColumnDef) => (c.kind === 'text' ? `minmax(${widthOf(c, compact)}rem, 1fr)` : `${widthOf(c, compact)}rem`);
  return [`minmax(${NAME_MIN_REM}rem, 2fr)`, ...cols.map(track)].join(' ');
}

/** The narrowest a row of these columns can be (rem). */
export function minRowWidthRem(cols: readonly ColumnDef[], compact = false): number {
  return ROW_PADDING_REM * 2 + NAME_MIN_REM + cols.reduce((sum, c) => sum + widthOf(c, compact) + GAP_REM, 0);
}

export interface FittedColumns {
  /** The columns the list draws, in LIST_COLUMNS order. */
  shown: ColumnDef[];
  /** Chosen columns left out because the pane is too narrow for them (the rightmost ones). */
  hidden: ColumnDef[];
  /** Whether the shown columns use their compact widths. */
  compact: boolean;
}

/**
 * The chosen columns that fit a list `listWidthPx` wide: all at full width when they fit,
 * else all at compact width, else the leftmost ones that fit at compact width. An
 * unmeasured list (0 wide) shows every chosen column.
 */
export function fitColumns(cols: readonly ColumnDef[], listWidthPx: number, remPx: number): FittedColumns {
  if (!(listWidthPx > 0 && remPx > 0)) return { shown: [...cols], hidden: [], compact: false };
  const room = listWidthPx / remPx;
  if (minRowWidthRem(cols) <= room) return { shown: [...cols], hidden: [], compact: false };
  let n = cols.length;
  while (n > 0 && minRowWidthRem(cols.slice(0, n), true) > room) n--;
  return { shown: cols.slice(0, n), hidden: cols.slice(n), compact: true };
}

/** "3 columns hidden — widen the window or choose fewer", or null when none is. */
export function hiddenColumnsNotice(hidden: readonly ColumnDef[]): string | null {
  if (hidden.length === 0) return null;
  return `${hidden.length === 1 ? '1 column' : `${hidden.length} columns`} hidden — widen the window or choose fewer`;
}

/** Adds or removes one column, keeping LIST_COLUMNS order. */
export function toggleColumn(columns: readonly ListColumn[], key: ListColumn): ListColumn[] {
  const set = new Set(columns);
  if (set.has(key)) set.delete(key);
  else set.add(key);
  return LIST_COLUMNS.filter((k) => set.has(k));
}

/** The row field of each column that shows a number the service states no unit for. */
const UNSTATED_NUMBER_FIELD = {
  altitude: 'altitude',
  battery: 'battery',
  deviceBattery: 'deviceBattery',
  cabTemperature: 'cabTemperature',
  signal: 'signalStrength',
} as const satisfies Partial<Record<ListColumn, keyof AssetRow>>;

export interface CellContext {
  now: number;
  units: Units;
  /** The unit the list's profile says its service sends speeds in. */
  speedUnit: SpeedUnit;
  staleAfterMin: number;
  /** The machines' sites (none known: every machine off a site). */
  sites?: SiteLayer;
}

export interface Cell {
  text: string;
  /** Tooltip with the full value or when it was collected. */
  title: string;
  /** The reading is old by the details pane's rule. */
  old: boolean;
  /** Older than the stale threshold (drawn as a warning). */
  stale: boolean;
  /** No value: drawn muted. */
  empty: boolean;
  /** A secondary value (a place in words instead of a site): drawn muted. */
  muted?: boolean;
}

const NONE = '—';

function cell(text: string | null, title = '', extra: Partial<Pick<Cell, 'old' | 'stale'>> = {}): Cell {
  return { text: text ?? NONE, title: text === null ? 'no reading' : title, old: extra.old ?? false, stale: extra.stale ?? false, empty: text === null };
}

/** Text of a plain column of a row (fuel and ignition draw their own cells, but have text too). */
export function cellOf(key: ListColumn, row: IndexedAsset, ctx: CellContext): Cell {
  const a = row.asset;
  const metric = COLUMNS[key].metric;
  const old = metric !== null && oldMetricKeys(a).has(metric);
  const collected = (m: RowMetric) => {
    const at = readingAt(a, m);
    return at !== null ? `collected ${formatDateTime(at)}${old ? ', much older than the newest reading of this asset' : ''}` : '';
  };
  const cutoff = staleCutoff(ctx.now, ctx.staleAfterMin);
  switch (key) {
    case 'id':
      return cell(a.assetId, a.assetId);
    case 'type':
      return cell(a.type, a.type);
    case 'category':
      return cell(a.category || null, a.category ?? '');
    case 'serial':
      return cell(a.serialNumber || null, a.serialNumber ?? '');
    case 'lastUpdate':
      return cell(shortRelativeTime(a.updatedAt === null ? null : isoAt(a.updatedAt), ctx.now), a.updatedAt !== null ? formatDateTime(a.updatedAt) : 'no metrics collected yet', {
        stale: isStaleAt(row.lastUpdateMs, cutoff),
      });
    case 'positionAge':
      if (row.gpsAtMs === null) return cell(null);
      return cell(shortRelativeTime(isoAt(row.gpsAtMs), ctx.now), collected('gps'), { old, stale: isStaleAt(row.gpsAtMs, cutoff) });
    case 'fuel':
      return cell(row.fuel === null ? null : `${Math.round(row.fuel)}%`, collected('fuel'), { old });
    case 'ignition':
      return cell(row.ignition === null ? null : row.ignition ? 'On' : 'Off', collected('ignition'), { old });
    case 'speed': {
      if (row.speed === null) return cell(null);
      const speed = speedReading(row.speed, ctx.speedUnit, ctx.units);
      return cell(speed.text, [collected('speed'), speed.detail].filter(Boolean).join('; '), { old });
    }
    case 'engineHours':
      return cell(row.engineMs === null ? null : formatRuntimeHours(row.engineMs), collected('engine-runtime'), { old });
    case 'odometer':
      return cell(row.odometerCm === null ? null : formatDistanceCm(row.odometerCm, ctx.units), collected('odometer'), { old });
    case 'altitude':
    case 'battery':
    case 'deviceBattery':
    case 'cabTemperature':
    case 'signal': {
      const value = a[UNSTATED_NUMBER_FIELD[key]];
      return cell(value === null ? null : formatNumber(value), value === null ? '' : `${formatNumber(value)} (unit not stated by the service)`);
    }
    case 'lightsHours':
      return cell(a.lightsMs === null ? null : formatRuntimeHours(a.lightsMs), a.lightsMs === null ? '' : 'the longest-running lamp of the asset');
    case 'inputs': {
      const { text, title } = inputsCell(a.inputs);
      return cell(text, title);
    }
    case 'timeZone':
      return cell(a.timeZone || null, a.timeZone ?? '');
    case 'site': {
      const fact = (ctx.sites ?? NO_SITES).factOf(row);
      if (fact.site) return cell(fact.site.name, presenceSentence(fact, ctx.now));
      if (fact.place) return { ...cell(fact.place, presenceSentence(fact, ctx.now)), muted: true };
      return { ...cell(null), title: presenceSentence(fact, ctx.now) };
    }
    case 'siteSince': {
      const fact = (ctx.sites ?? NO_SITES).factOf(row);
      if (fact.since === null) return { ...cell(null), title: presenceSentence(fact, ctx.now) };
      return cell(daysOnSiteText(fact.since, fact.sinceAtLeast, ctx.now), presenceSentence(fact, ctx.now));
    }
  }
}
