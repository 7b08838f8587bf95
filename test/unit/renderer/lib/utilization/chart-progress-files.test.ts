import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PdfNameSchema, type UtilizationProgress } from '../../../../../src-main/contract';
import { dayX, hoursChart, MAX_CHART_SERIES } from '../../../../../src-renderer/src/lib/utilization/chart';
import { csvDoneText, pdfName } from '../../../../../src-renderer/src/lib/utilization/files';
import { progressFraction, progressText } from '../../../../../src-renderer/src/lib/utilization/progress';
import { utilizationRows } from '../../../../../src-renderer/src/lib/utilization/rows';
import { selectionOf, toggled } from '../../../../../src-renderer/src/lib/utilization/selecting';
import { sinceText } from '../../../../../src-renderer/src/lib/utilization/where';
import { machine, report } from './report-fixture';

describe('the fleet chart', () => {
  it('has one series per category, largest first, with the days at noon', () => {
    const rep = report([machine('a', [1, 1, 1, 1, 1, 1, 1]), machine('b', [5, 5, null, 5, 5, 5, 5]), machine('c', [2, 2, 2, 2, 2, 2, 2])]);
    const cats: Record<string, string> = { a: 'Lifts', b: 'Excavators', c: 'Lifts' };
    const chart = hoursChart(utilizationRows(rep, (id) => ({ name: id, category: cats[id], where: null, since: null, sinceAtLeast: false })), rep.days);
    expect(chart.series.map((s) => s.label)).toEqual(['Excavators', 'Lifts']);
    expect(chart.series[0].hours[2]).toBeNull();
    expect(chart.series[1].hours[0]).toBe(3);
    expect(chart.x[0]).toBe(dayX('2026-11-21'));
    expect(new Date(chart.x[0] * 1000).toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });

  it('adds the smallest categories into one "Other categories" series', () => {
    const ids = Array.from({ length: MAX_CHART_SERIES + 3 }, (_, i) => `m${i}`);
    const rep = report(ids.map((id, i) => machine(id, [i + 1, i + 1, i + 1, i + 1, i + 1, i + 1, i + 1])));
    const chart = hoursChart(utilizationRows(rep, (id) => ({ name: id, category: `Cat ${id}`, where: null, since: null, sinceAtLeast: false })), rep.days);
    expect(chart.series).toHaveLength(MAX_CHART_SERIES + 1);
    expect(chart.series[MAX_CHART_SERIES]).toEqual({ label: 'Other categories (3)', hours: [6, 6, 6, 6, 6, 6, 6] });
  });
});

describe('history fetch progress words', () => {
  const base: UtilizationProgress = { profileId: 'demo', state: 'running', total: 400, done: 120, etaMs: 180_000, failures: [], message: null };
  it('counts machine-days and says what is left', () => {
    expect(progressText(base)).toBe('Fetching histories: 120 of 400 machine-days — about 3 min left');
    expect(progressText({ ...base, etaMs: null })).toBe('Fetching histories: 120 of 400 machine-days');
    expect(progressFraction(base)).toBeCloseTo(0.3);
  });
  it('says how a fetch ended', () => {
    expect(progressText({ ...base, state: 'cancelled' })).toBe('Fetch cancelled after 120 of 400 machine-days; what was fetched is kept.');
    expect(progressText({ ...base, state: 'failed', message: 'The service is unreachable.' })).toBe('The fetch stopped after 120 of 400 machine-days: The service is unreachable.');
    expect(progressFraction({ ...base, state: 'done', total: 0, done: 0 })).toBe(1);
  });
});

describe('files, selection and since', () => {
  it('names the PDF so the contract accepts it', () => {
    expect(pdfName({ from: '2026-11-21', to: '2026-11-27' })).toBe('utilization 2026-11-21 to 2026-11-27.pdf');
    expect(v.is(PdfNameSchema, pdfName({ from: '2026-11-27', to: '2026-11-27' }))).toBe(true);
    expect(csvDoneText('downloaded', 'utilization.csv', 12)).toBe('Downloaded hours of 12 machines as utilization.csv');
  });

  it('selects exactly the listed machines, and toggles one', () => {
    const s = selectionOf(['a', 'b']);
    expect([...s.selected]).toEqual(['a', 'b']);
    expect(s.focused).toBe('a');
    expect([...toggled(s, 'a').selected]).toEqual(['b']);
    expect([...toggled(s, 'c').selected]).toEqual(['a', 'b', 'c']);
  });

  it('says how long a machine has been there, "≥" when only the first sighting is known', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(sinceText(now - 4 * 86_400_000, false, now)).toBe('4 d');
    expect(sinceText(now - 4 * 86_400_000, true, now)).toBe('≥ 4 d');
    expect(sinceText(null, false, now)).toBe('—');
  });
});
