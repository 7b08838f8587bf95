import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AlertRecord } from '../../../../src-main/contract';
import { alertsToCsv } from '../../../../src-main/core/alerts/alerts-csv';

const record = (patch: Partial<AlertRecord>): AlertRecord => ({
  id: 1,
  profileId: 'demo',
  assetId: 'thing:1',
  assetName: 'Truck 001',
  rule: 'low-fuel',
  message: 'Fuel 9 % (below 15 %)',
  value: 9,
  raisedAt: '2026-03-10T15:00:00.000Z',
  clearedAt: null,
  acknowledgedAt: null,
  ...patch,
});

describe('alertsToCsv', () => {
  it('writes time, asset, rule, value, message, cleared and acknowledged per alert', () => {
    const csv = alertsToCsv([record({}), record({ id: 2, rule: 'region', value: 'region:UT', message: 'Left region:UT', clearedAt: '2026-03-10T16:00:00.000Z', acknowledgedAt: '2026-03-10T15:30:00.000Z' })]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['time', 'asset', 'assetId', 'rule', 'value', 'message', 'cleared', 'acknowledged'],
      ['2026-03-10T15:00:00.000Z', 'Truck 001', 'thing:1', 'low-fuel', '9', 'Fuel 9 % (below 15 %)', '', ''],
      ['2026-03-10T15:00:00.000Z', 'Truck 001', 'thing:1', 'region', 'region:UT', 'Left region:UT', '2026-03-10T16:00:00.000Z', '2026-03-10T15:30:00.000Z'],
    ]);
  });

  it('keeps a spreadsheet from running service text as a formula', () => {
    const csv = alertsToCsv([record({ assetName: '=HYPERLINK("http://x","y")', value: '+1', message: '@SUM(A1)' }), record({ assetName: '-2', value: -3 })]);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows[1][1]).toBe('\'=HYPERLINK("http://x","y")');
    expect(rows[1][4]).toBe("'+1");
    expect(rows[1][5]).toBe("'@SUM(A1)");
    expect(rows[2][1]).toBe("'-2");
    expect(rows[2][4]).toBe('-3'); // a number stays a number
  });

  it('defuses a formula followed by a line break too', () => {
    const csv = alertsToCsv([record({ assetName: '=cmd|"/c calc"!A1\nTruck', message: '+SUM(1)\r\n' })]);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows[1][1]).toBe('\'=cmd|"/c calc"!A1\nTruck');
    expect(rows[1][5].startsWith("'+SUM")).toBe(true);
  });
});
