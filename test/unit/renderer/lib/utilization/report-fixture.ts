/** Reports as the core would build them, for the Utilization view's tests. */
import type { MachineUtilization, UtilizationReport } from '../../../../../src-main/contract';

export function machine(assetId: string, hours: (number | null)[], patch: Partial<MachineUtilization> = {}): MachineUtilization {
  const known = hours.filter((h): h is number => h !== null);
  const totalHours = known.reduce((a, b) => a + b, 0);
  let idleDays = 0;
  for (let i = hours.length - 1; i >= 0 && (hours[i] ?? 0) < 0.5; i--) idleDays++;
  return {
    assetId,
    source: known.length ? 'aemp' : 'none',
    hours,
    marks: [],
    totalHours,
    daysUsed: known.filter((h) => h >= 0.5).length,
    utilizationPct: known.length ? (totalHours / (known.length * 24)) * 100 : 0,
    idleDays,
    ...patch,
  };
}

export const WEEK = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

export function report(machines: MachineUtilization[], patch: Partial<UtilizationReport> = {}): UtilizationReport {
  const days = patch.days ?? WEEK;
  return {
    profileId: 'demo',
    range: { from: days[0], to: days[days.length - 1] },
    timeZone: 'America/Denver',
    days,
    usedDayHours: 0.5,
    machines,
    generatedAt: Date.parse('2026-11-28T14:00:00Z'),
    ...patch,
  };
}
