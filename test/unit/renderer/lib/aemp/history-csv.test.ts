import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { HistoryResult } from '../../../../../src-main/contract';
import { buildHistoryCsv, historyFileName } from '../../../../../src-renderer/src/lib/aemp/history-csv';
import { chartData } from '../../../../../src-renderer/src/lib/aemp/chart-data';

function result(over: Partial<HistoryResult>): HistoryResult {
  return { identifier: 'EX-1', metric: 'Distance', start: '2026-11-21T00:00:00Z', end: '2026-11-22T00:00:00Z', points: [], issues: [], fetchedAt: '2026-11-22T00:00:00Z', source: 'network', ...over };
}

describe('buildHistoryCsv', () => {
  it('writes distance in the chosen units', () => {
    const r = result({ points: [{ at: '2026-11-21T01:00:00Z', value: 1609.344 }, { at: '2026-11-21T02:00:00Z', value: null }] });
    expect(buildHistoryCsv(r, 'imperial')).toBe('time_utc,odometer_mi\r\n2026-11-21T01:00:00Z,1\r\n2026-11-21T02:00:00Z,');
    expect(buildHistoryCsv(r, 'metric').split('\r\n')[1]).toBe('2026-11-21T01:00:00Z,1.609344');
  });

  it('writes lat/lng for Location and plain values for hours', () => {
    const loc = result({ metric: 'Location', points: [{ at: '2026-11-21T01:00:00Z', value: null, lat: 40.5, lng: -111.25 }] });
    expect(buildHistoryCsv(loc, 'metric')).toBe('time_utc,latitude,longitude\r\n2026-11-21T01:00:00Z,40.5,-111.25');
    const hours = result({ metric: 'CumulativeOperatingHours', points: [{ at: '2026-11-21T01:00:00Z', value: 13.475 }] });
    expect(buildHistoryCsv(hours, 'imperial')).toBe('time_utc,operating_hours\r\n2026-11-21T01:00:00Z,13.475');
  });

  it('defuses service text a spreadsheet would run as a formula, even over several lines, and leaves numbers alone', () => {
    const times = ['=HYPERLINK("http://example.invalid","open")\nx', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'];
    const r = result({ metric: 'CumulativeOperatingHours', points: times.map((at) => ({ at, value: -2 })) });
    const rows = Papa.parse<string[]>(buildHistoryCsv(r, 'metric'), { skipEmptyLines: true }).data;
    expect(rows.slice(1)).toEqual(times.map((at) => [`'${at}`, '-2']));
  });
});

describe('historyFileName', () => {
  it('follows history-<id>-<metric>-<start>.csv with safe characters', () => {
    expect(historyFileName(result({ identifier: 'CAT/0320 A', metric: 'FuelRemaining' }))).toBe('history-CAT_0320_A-FuelRemaining-2026-11-21T000000Z.csv');
  });
});

describe('chartData', () => {
  it('gives sorted x in seconds and y in display units, dropping unreadable times', () => {
    const r = result({ points: [{ at: '2026-11-21T02:00:00Z', value: 2000 }, { at: 'bad', value: 5 }, { at: '2026-11-21T01:00:00Z', value: 1000 }] });
    const t1 = Date.UTC(2026, 10, 21, 1) / 1000;
    expect(chartData(r, 'metric')).toEqual([[t1, t1 + 3600], [1, 2]]);
  });
});
