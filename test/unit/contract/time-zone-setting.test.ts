import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BRANCH_SETTINGS, SettingsPatchSchema, TIME_ZONE_RULE } from '../../../src-main/contract';

describe("the branch's time zone setting", () => {
  it('accepts an IANA zone name, or empty for the zone the machines report', () => {
    expect(v.safeParse(SettingsPatchSchema, { timeZone: 'Australia/Sydney' }).success).toBe(true);
    expect(v.safeParse(SettingsPatchSchema, { timeZone: '' }).success).toBe(true);
  });

  it('refuses a name that is no time zone with a sentence for people', () => {
    const parsed = v.safeParse(SettingsPatchSchema, { timeZone: 'Mountain Time' });
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0].message).toBe(TIME_ZONE_RULE);
    expect(TIME_ZONE_RULE).not.toMatch(/\$|\[|timeZone/);
  });

  it('is kept per branch, like the tile address', () => {
    expect(BRANCH_SETTINGS).toContain('timeZone');
  });
});
