/**
 * The fleet's hours per day by category for the chart and its table alternative: one
 * series per category (the same groups as the table's category grouping), x in seconds at
 * each day's noon UTC so a day's point sits under its date label in every zone.
 */
import { groupHours, groupRows, type UtilizationRow } from './rows';

export interface CategorySeries {
  label: string;
  hours: (number | null)[];
}

export interface HoursChart {
  days: string[];
  /** uPlot's x values, seconds. */
  x: number[];
  series: CategorySeries[];
}

/** Most categories drawn as their own line; the rest are added into "Other categories". */
export const MAX_CHART_SERIES = 8;

export function dayX(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

export function hoursChart(rows: readonly UtilizationRow[], days: readonly string[]): HoursChart {
  const groups = groupRows(rows, 'category').sort((a, b) => b.totalHours - a.totalHours);
  const series: CategorySeries[] = groups.slice(0, MAX_CHART_SERIES).map((g) => ({ label: g.label, hours: groupHours(g, days.length) }));
  const rest = groups.slice(MAX_CHART_SERIES);
  if (rest.length > 0) {
    const hours = days.map((_, i) => {
      let sum: number | null = null;
      for (const g of rest) {
        const h = groupHours(g, days.length)[i];
        if (h !== null) sum = (sum ?? 0) + h;
      }
      return sum;
    });
    series.push({ label: `Other categories (${rest.length})`, hours });
  }
  return { days: days.slice(), x: days.map(dayX), series };
}

/** One colour per series, told apart also by people with the common colour-vision deficiencies. */
export const CATEGORY_COLOURS: readonly string[] = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#8C6D31', '#7F3C8D', '#999999'];
