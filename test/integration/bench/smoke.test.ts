/**
 * Smoke test of `npm run bench`: one run at 1,000 assets must complete and produce every
 * figure as a finite number. It never checks a timing (figures are for the benchmark).
 */
import { describe, expect, it } from 'vitest';
import { FIGURES, formatTable, runBenchmark, type FigureId } from '../../bench/benchmark';

describe('fleet-scale benchmark (smoke)', () => {
  it('produces every figure at 1,000 assets in one run', async () => {
    const lines: string[] = [];
    const result = await runBenchmark({ sizes: [1_000], runs: 1, log: (line) => lines.push(line) });

    const ids = result.figures.map((f) => f.id).sort();
    expect(ids).toEqual((Object.keys(FIGURES) as FigureId[]).sort());
    for (const f of result.figures) {
      expect(f.size, f.id).toBe(1_000);
      expect(f.runs, f.id).toBe(1);
      for (const value of [f.median, f.min, f.max]) expect(Number.isFinite(value), `${f.id} = ${value}`).toBe(true);
      // Reference figures (no target) are reported, not judged.
      expect(f.verdict, f.id).toMatch(FIGURES[f.id].target(1_000) === null ? /^n\/a$/ : /^(PASS|MISS)$/);
    }
    const table = formatTable(result);
    for (const f of result.figures) expect(table).toContain(f.label);
    expect(lines.some((line) => line.includes('1000 assets'))).toBe(true);
  }, 300_000);
});
