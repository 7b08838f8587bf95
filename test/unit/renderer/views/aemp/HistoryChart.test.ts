import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import type uPlot from 'uplot';
import type { HistoryResult } from '../../../../../src-main/contract';
import HistoryChart from '../../../../../src-renderer/src/views/aemp/HistoryChart.svelte';

const charts: { opts: uPlot.Options; data: uPlot.AlignedData; destroyed: boolean }[] = [];
vi.mock('uplot', () => ({
  default: class {
    width: number;
    entry: (typeof charts)[number];
    constructor(opts: uPlot.Options, data: uPlot.AlignedData) {
      this.width = opts.width;
      this.entry = { opts, data, destroyed: false };
      charts.push(this.entry);
    }
    setSize() {}
    destroy() {
      this.entry.destroyed = true;
    }
  },
}));

afterEach(() => {
  cleanup();
  charts.length = 0;
  delete document.documentElement.dataset.theme;
  document.documentElement.style.removeProperty('--accent');
});

const result: HistoryResult = {
  identifier: 'EX-1',
  metric: 'CumulativeOperatingHours',
  start: '2026-11-21T00:00:00Z',
  end: '2026-11-28T00:00:00Z',
  points: [
    { at: '2026-03-12T12:00:00Z', value: 100 },
    { at: '2026-11-22T08:00:00Z', value: 120 },
    { at: '2026-11-23T08:00:00Z', value: 130 },
  ],
  issues: [],
  fetchedAt: '2026-11-28T00:00:00Z',
  source: 'network',
};

const props = { result, units: 'metric' as const, label: 'Operating hours' };

describe('HistoryChart', () => {
  it('draws the requested week, not a year-wide axis, and says plainly that one update falls outside it', () => {
    render(HistoryChart, { props });
    const { opts, data } = charts[0];
    expect(data[0]).toEqual([Date.parse('2026-11-22T08:00:00Z') / 1000, Date.parse('2026-11-23T08:00:00Z') / 1000]);
    const range = opts.scales!.x.range as (u: unknown, min: number, max: number) => [number, number];
    expect(range(null, data[0][0], data[0][1])).toEqual([Date.parse(result.start) / 1000, Date.parse(result.end) / 1000]);
    expect(screen.getByText(/^1 update falls outside the requested range \(.*2026\) and is not drawn\.$/)).toBeInTheDocument();
  });

  it('says nothing about the range when every update falls inside it', () => {
    render(HistoryChart, { props: { ...props, result: { ...result, points: result.points.slice(1) } } });
    expect(screen.queryByText(/outside the requested range/)).not.toBeInTheDocument();
  });

  it('hands the canvas a resolved colour for the line, never the theme variable a canvas ignores', () => {
    document.documentElement.style.setProperty('--accent', 'light-dark(#1f6feb, #5b9cff)');
    render(HistoryChart, { props });
    const stroke = charts[0].opts.series[1].stroke;
    expect(stroke).toMatch(/^(#[0-9a-f]{3,8}|rgba?\([^()]*\))$/i);
    expect(charts[0].opts.axes![0].stroke).toMatch(/^(#[0-9a-f]{3,8}|rgba?\([^()]*\))$/i);
  });

  it('spaces time ticks for its labels instead of uPlot’s 50 px default', () => {
    render(HistoryChart, { props });
    const x = charts[0].opts.axes![0];
    expect(typeof x.space).toBe('number');
    expect(x.space as number).toBeGreaterThan(50);
    const values = x.values as (u: unknown, splits: number[], axis: number, space: number, incr: number) => string[];
    const labels = values(null, [Date.parse('2026-11-22T00:00:00Z') / 1000, Date.parse('2026-11-23T00:00:00Z') / 1000], 0, 0, 86_400);
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(8);
  });

  it('redraws with the colours read again when the theme changes under a chart on screen', async () => {
    render(HistoryChart, { props });
    expect(charts).toHaveLength(1);
    document.documentElement.dataset.theme = 'dark';
    await new Promise((r) => setTimeout(r, 0));
    await tick();
    expect(charts).toHaveLength(2);
    expect(charts[0].destroyed).toBe(true);
    expect(charts[1].destroyed).toBe(false);
  });

  it('stops watching the theme once the chart is gone', async () => {
    const { unmount } = render(HistoryChart, { props });
    unmount();
    document.documentElement.dataset.theme = 'dark';
    await new Promise((r) => setTimeout(r, 0));
    expect(charts).toHaveLength(1);
  });
});
