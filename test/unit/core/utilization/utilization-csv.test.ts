import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { UtilizationReport } from '../../../../src-main/contract';
import { utilizationToCsv } from '../../../../src-main/core/utilization/utilization-csv';

const report: UtilizationReport = {
  profileId: 'p1',
  range: { from: '2026-01-12', to: '2026-01-13' },
  timeZone: 'America/Denver',
  days: ['2026-01-12', '2026-01-13'],
  usedDayHours: 0.5,
  generatedAt: 0,
  machines: [
    { assetId: 'thing:1', source: 'aemp', hours: [7.96, null], marks: [], totalHours: 7.96, daysUsed: 1, utilizationPct: 33.166, idleDays: 0 },
    { assetId: 'thing:2', source: 'observed', hours: [0, 0], marks: [], totalHours: 0, daysUsed: 0, utilizationPct: 0, idleDays: 2 },
  ],
};

const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('utilization CSV', () => {
  it('writes one row per machine in human units, a column per day', () => {
    const facts = (id: string) => (id === 'thing:1' ? { name: 'Excavator 1', category: 'excavator' } : null);
    const rows = parse(utilizationToCsv(report, facts, (id) => (id === 'thing:1' ? 'North yard' : null)));
    expect(rows[0]).toEqual(['Machine', 'Category', 'Site', 'Hours from', 'Total (h)', 'Days used (0.5 h or more)', 'Utilization (%)', 'Idle days at the end', '2026-01-12 (h)', '2026-01-13 (h)']);
    expect(rows[1]).toEqual(['Excavator 1', 'excavator', 'North yard', 'Fleet interface history', '8', '1', '33.2', '0', '8', '']);
    expect(rows[2]).toEqual(['thing:2', '', '', 'Fleet Desk readings (only while it was running)', '0', '0', '0', '2', '0', '0']);
  });

  it('defuses service text a spreadsheet would run as a formula', () => {
    const csv = utilizationToCsv(report, () => ({ name: '=HYPERLINK("http://evil")', category: '+cmd' }), () => '@site');
    const rows = parse(csv);
    expect(rows[1].slice(0, 3)).toEqual([`'=HYPERLINK("http://evil")`, "'+cmd", "'@site"]);
  });
});
