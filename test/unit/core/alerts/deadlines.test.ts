import { describe, expect, it } from 'vitest';
import { Deadlines } from '../../../../src-main/core/alerts/deadlines';

describe('Deadlines', () => {
  it('gives the assets whose time has come, each once, earliest first', () => {
    const d = new Deadlines();
    for (const [id, at] of [['a', 50], ['b', 10], ['c', 30], ['d', 70], ['e', 20]] as const) d.set(id, at);
    expect(d.due(5)).toEqual([]);
    expect(d.due(30)).toEqual(['b', 'e', 'c']);
    expect(d.due(30)).toEqual([]);
    expect(d.due(100)).toEqual(['a', 'd']);
    expect(d.size).toBe(0);
  });

  it('keeps only the newest deadline of an asset, and forgets deleted and NaN ones', () => {
    const d = new Deadlines();
    d.set('a', 10);
    d.set('a', 40); // a new report moved it
    d.set('b', 20);
    d.delete('b');
    d.set('c', 15);
    d.set('c', Number.NaN);
    expect(d.due(30)).toEqual([]);
    expect(d.due(40)).toEqual(['a']);
  });

  it('stays in order through many replacements', () => {
    const d = new Deadlines();
    const expected = new Map<string, number>();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const id = `thing:${next() % 300}`;
      const at = next() % 10_000;
      d.set(id, at);
      expected.set(id, at);
    }
    const got: string[] = [];
    let before = -1;
    for (let t = 0; t <= 10_000; t += 500) {
      const batch = d.due(t);
      // Exactly the assets whose newest deadline falls in (before, t], earliest first.
      const want = [...expected].filter(([, at]) => at > before && at <= t).sort((x, y) => x[1] - y[1]);
      expect(batch.map((id) => expected.get(id))).toEqual(want.map(([, at]) => at));
      expect(new Set(batch)).toEqual(new Set(want.map(([id]) => id)));
      got.push(...batch);
      before = t;
    }
    expect(got.sort()).toEqual([...expected.keys()].sort());
  });
});
