/**
 * The Utilization table's rows: the report's machines joined with what the page already
 * holds about them (name and category from the asset list, site or place words and since
 * when from the sites store), then filtered, sorted and grouped with group totals. The
 * hours themselves are the core's; nothing here recounts a day.
 */
import type { MachineUtilization, UtilizationReport, UtilizationSource } from '@contract';
import { searchTerms } from '../list/searchTerms';

export const SOURCE_LABELS: Record<UtilizationSource, string> = {
  aemp: 'Fleet interface',
  observed: 'Observed while Fleet Desk ran',
  none: 'No hours',
};

/** What the page knows of a machine beyond its hours. */
export interface MachineFacts {
  name: string;
  category: string | null;
  /** The site's name, else the place in words, else null. */
  where: string | null;
  /** Epoch ms since when it is there, or null. */
  since: number | null;
  /** `since` is only when Fleet Desk first saw it there. */
  sinceAtLeast: boolean;
}

export interface UtilizationRow extends MachineUtilization, MachineFacts {
  /** Lowercase name, id, category and place: what the search looks in. */
  searchKey: string;
}

export const NO_CATEGORY = 'No category';
export const NO_SITE = 'No site';

export function utilizationRows(report: UtilizationReport, facts: (assetId: string) => MachineFacts): UtilizationRow[] {
  // One literal of one shape per row (not spreads): ten thousand rows are built on every change.
  return report.machines.map((m) => {
    const f = facts(m.assetId);
    return {
      assetId: m.assetId,
      source: m.source,
      hours: m.hours,
      marks: m.marks,
      totalHours: m.totalHours,
      daysUsed: m.daysUsed,
      utilizationPct: m.utilizationPct,
      idleDays: m.idleDays,
      name: f.name,
      category: f.category,
      where: f.where,
      since: f.since,
      sinceAtLeast: f.sinceAtLeast,
      searchKey: `${f.name}\n${m.assetId}\n${f.category ?? ''}\n${f.where ?? ''}`.toLowerCase(),
    };
  });
}

export interface RowFilter {
  search: string;
  /** Only machines idle at least this many days in a row (the recovery list); null: all. */
  idleAtLeast: number | null;
}

export function filterRows(rows: readonly UtilizationRow[], filter: RowFilter): UtilizationRow[] {
  const terms = searchTerms(filter.search);
  const idle = filter.idleAtLeast;
  if (terms.length === 0 && idle === null) return rows.slice();
  return rows.filter((r) => (idle === null || r.idleDays >= idle) && terms.every((t) => r.searchKey.includes(t)));
}

export type SortKey = 'name' | 'category' | 'where' | 'totalHours' | 'daysUsed' | 'utilizationPct' | 'idleDays' | 'source';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sorted copy; ties (and missing text, always last) fall back to the name, then the id. */
export function sortRows(rows: readonly UtilizationRow[], key: SortKey, descending: boolean): UtilizationRow[] {
  const dir = descending ? -1 : 1;
  const byName = (a: UtilizationRow, b: UtilizationRow) => collator.compare(a.name, b.name) || (a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : 0);
  const text = (r: UtilizationRow): string | null => (key === 'name' ? r.name : key === 'category' ? r.category : key === 'where' ? r.where : key === 'source' ? SOURCE_LABELS[r.source] : null);
  return rows.slice().sort((a, b) => {
    if (key === 'totalHours' || key === 'daysUsed' || key === 'utilizationPct' || key === 'idleDays') {
      return (a[key] - b[key]) * dir || byName(a, b);
    }
    const x = text(a);
    const y = text(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return collator.compare(x, y) * dir || byName(a, b);
  });
}

export type Grouping = 'none' | 'category' | 'site';

export interface RowGroup {
  key: string;
  label: string;
  rows: UtilizationRow[];
  totalHours: number;
  daysUsed: number;
  /** Machines idle at least the idle filter's days. */
  idle: number;
}

/** Adds hours per day; a day stays null only when no machine knows it. */
export function sumHours(rows: readonly MachineUtilization[], dayCount: number): (number | null)[] {
  // Typed arrays: adding into an array that also holds null would box every partial sum.
  const sums = new Float64Array(dayCount);
  const known = new Uint8Array(dayCount);
  for (const r of rows) {
    const hours = r.hours;
    for (let i = 0; i < dayCount; i++) {
      const h = hours[i];
      if (h !== null && h !== undefined) {
        sums[i] += h;
        known[i] = 1;
      }
    }
  }
  return Array.from(sums, (sum, i) => (known[i] ? sum : null));
}

function groupOf(rows: readonly UtilizationRow[], key: string, label: string, idleAtLeast: number): RowGroup {
  let totalHours = 0;
  let daysUsed = 0;
  let idle = 0;
  for (const r of rows) {
    totalHours += r.totalHours;
    daysUsed += r.daysUsed;
    if (r.idleDays >= idleAtLeast) idle++;
  }
  return { key, label, rows: rows.slice(), totalHours, daysUsed, idle };
}

const groupSums = new WeakMap<RowGroup, (number | null)[]>();

/**
 * A group's hours per day (null: unknown for every machine of it that day), added up when
 * first asked: the windowed table asks only for the groups in view.
 */
export function groupHours(group: RowGroup, dayCount: number): (number | null)[] {
  let sums = groupSums.get(group);
  if (!sums || sums.length !== dayCount) groupSums.set(group, (sums = sumHours(group.rows, dayCount)));
  return sums;
}

/**
 * The rows in groups (keeping their order inside each), groups by label with the
 * no-category/no-site group last; 'none' is one group of every row.
 */
export function groupRows(rows: readonly UtilizationRow[], by: Grouping, idleAtLeast = 3): RowGroup[] {
  if (by === 'none') return [groupOf(rows, 'all', 'All machines', idleAtLeast)];
  const missing = by === 'category' ? NO_CATEGORY : NO_SITE;
  const buckets = new Map<string, UtilizationRow[]>();
  for (const r of rows) {
    const label = (by === 'category' ? r.category : r.where) || missing;
    const list = buckets.get(label);
    if (list) list.push(r);
    else buckets.set(label, [r]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => (a === missing ? 1 : b === missing ? -1 : collator.compare(a, b)))
    .map(([label, list]) => groupOf(list, `${by}:${label}`, label, idleAtLeast));
}

/** One line of the windowed table: a group's header or a machine. */
export type TableLine = { kind: 'group'; group: RowGroup } | { kind: 'machine'; row: UtilizationRow };

/** The groups as lines, each group's header first (no header when not grouped). */
export function tableLines(groups: readonly RowGroup[], grouped: boolean): TableLine[] {
  const lines: TableLine[] = [];
  for (const group of groups) {
    if (grouped) lines.push({ kind: 'group', group });
    for (const row of group.rows) lines.push({ kind: 'machine', row });
  }
  return lines;
}

/** The recovery list's default: machines idle three days or more. */
export const DEFAULT_IDLE_DAYS = 3;

/** The idle filter's days as typed, checked; the message is for the dispatcher. */
export function checkIdleDays(text: string, maxDays: number): { ok: true; days: number } | { ok: false; message: string } {
  const days = Number(text);
  if (text.trim() === '' || !Number.isInteger(days) || days < 1 || days > maxDays) return { ok: false, message: `Idle days are a whole number from 1 to ${maxDays}` };
  return { ok: true, days };
}

export interface FleetTotals {
  machines: number;
  totalHours: number;
  /** Machines with any hours known. */
  withHours: number;
  idle: number;
}

export function fleetTotals(rows: readonly UtilizationRow[], idleAtLeast: number): FleetTotals {
  let totalHours = 0;
  let withHours = 0;
  let idle = 0;
  for (const r of rows) {
    totalHours += r.totalHours;
    if (r.source !== 'none') withHours++;
    if (r.idleDays >= idleAtLeast) idle++;
  }
  return { machines: rows.length, totalHours, withHours, idle };
}
