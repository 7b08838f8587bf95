/**
 * Utilization: engine hours per machine per day over a range of days in the branch's time
 * zone, where they came from, and what was wrong with the history they came from. The core
 * builds the report (and fetches histories in the background); the renderer shows it.
 */
import * as v from 'valibot';

/** A calendar day in the branch's time zone, `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Longest range one report covers. */
export const MAX_UTILIZATION_DAYS = 366;
/** Default hours that make a day count as used. */
export const DEFAULT_USED_DAY_HOURS = 0.5;

const DaySchema = v.pipe(
  v.string('A day must be a date such as 2026-11-27'),
  v.regex(DAY_PATTERN, 'A day must be a date such as 2026-11-27'),
  v.check((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'That day does not exist'),
);

export const UtilizationRangeSchema = v.pipe(
  v.object({
    /** First day, inclusive. */
    from: DaySchema,
    /** Last day, inclusive. */
    to: DaySchema,
  }),
  v.check(({ from, to }) => from <= to, 'The range must start on or before its last day'),
  v.check(
    ({ from, to }) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < MAX_UTILIZATION_DAYS,
    `A range can cover at most ${MAX_UTILIZATION_DAYS} days`,
  ),
);
export type UtilizationRange = v.InferOutput<typeof UtilizationRangeSchema>;

/** Where a machine's hours come from, best first. */
export type UtilizationSource =
  /** The fleet interface's CumulativeOperatingHours history of the linked equipment. */
  | 'aemp'
  /** Fleet Desk's own engine-runtime observations: covers only the times the app was running. */
  | 'observed'
  /** Neither: no hours known. */
  | 'none';

/** What was wrong with a day's history, shown as a mark on that day. */
export type HistoryMarkKind =
  /** No reading that day although the machine reported before and after. */
  | 'gap'
  /** The counter went down (a meter replaced): counted from the new meter, never negative. */
  | 'reset'
  /** More than 24 h in a day: capped at 24 and marked. */
  | 'spike'
  /** The same reading more than once (dropped). */
  | 'duplicate'
  /** Readings out of time order (sorted). */
  | 'unordered'
  /** Readings of another machine in this machine's history (dropped). */
  | 'foreign';

export const HISTORY_MARK_LABELS: Record<HistoryMarkKind, string> = {
  gap: 'No readings',
  reset: 'Meter reset',
  spike: 'Over 24 h, capped',
  duplicate: 'Duplicate readings dropped',
  unordered: 'Readings out of order, sorted',
  foreign: "Another machine's readings dropped",
};

export interface HistoryMark {
  /** Index into the report's `days`. */
  day: number;
  kind: HistoryMarkKind;
  /** How many entries it concerned. */
  count: number;
}

export interface MachineUtilization {
  assetId: string;
  source: UtilizationSource;
  /** Hours per day, aligned with the report's `days`; null where unknown (not fetched, no data). */
  hours: (number | null)[];
  marks: HistoryMark[];
  totalHours: number;
  /** Days with at least `usedDayHours`. */
  daysUsed: number;
  /** Hours over (known days × 24), 0–100. */
  utilizationPct: number;
  /** Days in a row, counted back from the last day of the range, below `usedDayHours`. */
  idleDays: number;
}

export interface UtilizationReport {
  profileId: string;
  range: UtilizationRange;
  /** The time zone the days are cut in (IANA name). */
  timeZone: string;
  /** Every day of the range, in order. */
  days: string[];
  usedDayHours: number;
  machines: MachineUtilization[];
  /** When the report was built (epoch ms). */
  generatedAt: number;
}

/** The background history fetch of a range. */
export interface UtilizationProgress {
  profileId: string;
  state: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  /** Machine-days to fetch and fetched so far (cached ones count as done). */
  total: number;
  done: number;
  /** Estimated ms left, null until it can be told. */
  etaMs: number | null;
  /** Machines whose history could not be fetched, with why (the report shows them from observations). */
  failures: { assetId: string; message: string }[];
  /** A message for people when the whole fetch stopped. */
  message: string | null;
}

/** Whether `name` is an IANA time zone this computer knows (the branch's days are cut in it). */
export function isTimeZoneName(name: string): boolean {
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_RULE = "The branch's time zone is empty (the machines' own zone) or a name such as America/Denver";

/** The branch's time zone setting: '' for the zone most of its machines report, else an IANA name. */
export const TimeZoneSettingSchema = v.pipe(
  v.string(TIME_ZONE_RULE),
  v.maxLength(100, TIME_ZONE_RULE),
  v.check((name) => name === '' || isTimeZoneName(name), TIME_ZONE_RULE),
);

export const UsedDayHoursSchema = v.pipe(
  v.number('Hours for a used day must be a number'),
  v.finite('Hours for a used day must be a number'),
  v.minValue(0.1, 'A day counts as used from 0.1 to 24 hours'),
  v.maxValue(24, 'A day counts as used from 0.1 to 24 hours'),
);

/** A report's file name (letters, digits, spaces, "-", "_", "."), ending in .pdf. */
export const PdfNameSchema = v.pipe(
  v.string('A file name must be text'),
  v.regex(/^[\w .-]{1,100}\.pdf$/, 'A PDF name is up to 100 letters, digits, spaces, "-", "_" or "." ending in .pdf'),
);
