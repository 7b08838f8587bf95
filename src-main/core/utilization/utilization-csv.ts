/**
 * The utilization report as CSV, one row per machine: who it is, where its hours came from,
 * its figures, then its hours on each day (one decimal; an unknown day is left empty). Text a
 * spreadsheet would run as a formula gets a leading quote, as in the asset export.
 */
import Papa from 'papaparse';
import type { UtilizationReport, UtilizationSource } from '../../contract';
import { FORMULA_START } from '../store/export-csv';

export interface MachineFacts {
  name: string;
  category: string | null;
}

const SOURCE_WORDS: Record<UtilizationSource, string> = {
  aemp: 'Fleet interface history',
  observed: 'Fleet Desk readings (only while it was running)',
  none: 'No hours known',
};

const oneDecimal = (hours: number) => Math.round(hours * 10) / 10;

export function utilizationToCsv(
  report: UtilizationReport,
  facts: (assetId: string) => MachineFacts | null,
  siteName: (assetId: string) => string | null = () => null,
): string {
  const headers = [
    'Machine',
    'Category',
    'Site',
    'Hours from',
    'Total (h)',
    `Days used (${oneDecimal(report.usedDayHours)} h or more)`,
    'Utilization (%)',
    'Idle days at the end',
    ...report.days.map((day) => `${day} (h)`),
  ];
  const rows = report.machines.map((m) => {
    const known = facts(m.assetId);
    return [
      known?.name ?? m.assetId,
      known?.category ?? null,
      siteName(m.assetId),
      SOURCE_WORDS[m.source],
      oneDecimal(m.totalHours),
      m.daysUsed,
      oneDecimal(m.utilizationPct),
      m.idleDays,
      ...m.hours.map((h) => (h === null ? null : oneDecimal(h))),
    ];
  });
  return '\uFEFF' + Papa.unparse({ fields: headers, data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
