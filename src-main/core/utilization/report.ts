/**
 * The utilization report, from the store only (no network): each machine's hours per day
 * from its best source, its marks, and the figures a branch reads every morning.
 */
import type { HistoryMark, MachineUtilization, UtilizationRange, UtilizationReport, UtilizationSource } from '../../contract';
import type { EngineDay, StoredMachineDays } from '../ports';
import { type DayBounds } from './days';
import { observedHours } from './sources';

export interface ReportInput {
  profileId: string;
  range: UtilizationRange;
  timeZone: string;
  bounds: readonly DayBounds[];
  usedDayHours: number;
  /** The machines to report, in order (the asset list's things). */
  assetIds: readonly string[];
  /** Machine-days fetched from the fleet interface, cut in `timeZone`, per machine. */
  fetched: readonly StoredMachineDays[];
  /** Fleet Desk's own engine readings around the range. */
  engineDays: readonly EngineDay[];
  now: number;
}

function groupBy<T extends { assetId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.assetId);
    if (list) list.push(row);
    else out.set(row.assetId, [row]);
  }
  return out;
}

/**
 * Days in a row below `usedDayHours`, counted back from the range's last known day: days
 * not known yet at the end (today before its fetch, days to come) are passed over, and an
 * unknown day before the count ends it.
 */
export function idleDaysOf(hours: readonly (number | null)[], usedDayHours: number): number {
  let i = hours.length - 1;
  while (i >= 0 && hours[i] === null) i--;
  let idle = 0;
  for (; i >= 0; i--) {
    const h = hours[i];
    if (h === null || h >= usedDayHours) break;
    idle++;
  }
  return idle;
}

export function machineFigures(assetId: string, source: UtilizationSource, hours: (number | null)[], marks: HistoryMark[], usedDayHours: number): MachineUtilization {
  let total = 0;
  let known = 0;
  let daysUsed = 0;
  for (const h of hours) {
    if (h === null) continue;
    known++;
    total += h;
    if (h >= usedDayHours) daysUsed++;
  }
  return {
    assetId,
    source,
    hours,
    marks,
    totalHours: total,
    daysUsed,
    utilizationPct: known === 0 ? 0 : Math.min(100, (total / (known * 24)) * 100),
    idleDays: idleDaysOf(hours, usedDayHours),
  };
}

export function buildReport(input: ReportInput): UtilizationReport {
  const { bounds, usedDayHours } = input;
  const days = bounds.map((b) => b.day);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  // Days that have not begun are unknown whatever a source says.
  let knowable = bounds.length;
  while (knowable > 0 && bounds[knowable - 1].start > input.now) knowable--;
  const fetched = new Map(input.fetched.map((m) => [m.assetId, m]));
  const observed = groupBy(input.engineDays);

  const machines = input.assetIds.map((assetId): MachineUtilization => {
    const stored = fetched.get(assetId);
    if (stored) {
      const hours = new Array<number | null>(days.length).fill(null);
      for (let k = 0; k < stored.days.length; k++) {
        const i = dayIndex.get(stored.days[k]);
        if (i !== undefined && i < knowable) hours[i] = stored.hours[k];
      }
      const marks: HistoryMark[] = [];
      for (const m of stored.marks) {
        const i = dayIndex.get(m.day);
        if (i !== undefined && i < knowable) marks.push({ day: i, kind: m.kind, count: m.count });
      }
      marks.sort((a, b) => a.day - b.day || a.kind.localeCompare(b.kind));
      return machineFigures(assetId, 'aemp', hours, marks, usedDayHours);
    }
    const own = observed.get(assetId);
    if (own) {
      const { hours, marks } = observedHours(own, bounds);
      for (let i = knowable; i < hours.length; i++) hours[i] = null;
      return machineFigures(assetId, 'observed', hours, marks.filter((m) => m.day < knowable), usedDayHours);
    }
    return machineFigures(assetId, 'none', new Array<number | null>(days.length).fill(null), [], usedDayHours);
  });

  return { profileId: input.profileId, range: input.range, timeZone: input.timeZone, days, usedDayHours, machines, generatedAt: input.now };
}
