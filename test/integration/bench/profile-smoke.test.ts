/**
 * Smoke test of `npm run bench:profile`: one profiled refresh at 1,000 assets must give
 * every stage as a finite time and print it. It never checks a timing.
 */
import { describe, expect, it } from 'vitest';
import { formatProfile, profileRefresh, STAGES, type StageId } from '../../bench/refresh-profile';

describe('refresh profile (smoke)', () => {
  it('times every stage of a refresh at 1,000 assets in one run', async () => {
    const profile = await profileRefresh(1_000, 1);

    expect(profile.assets).toBe(1_000);
    expect(profile.changed).toBeGreaterThan(0);
    for (const id of Object.keys(STAGES) as StageId[]) {
      const stage = profile.stages[id];
      expect(stage.runs, id).toBe(1);
      expect(Number.isFinite(stage.median), `${id} = ${stage.median}`).toBe(true);
    }
    const table = formatProfile(profile);
    for (const label of Object.values(STAGES)) expect(table).toContain(label);
  }, 120_000);
});
