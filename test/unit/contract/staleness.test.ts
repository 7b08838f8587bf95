/**
 * The stale rule (contract staleness.ts): where its boundary lies, that an asset that never
 * reported is stale, and that the settings and the no-report alert rule take one threshold
 * (the same range, default and sentence).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AlertRulesSchema, DEFAULT_SETTINGS, isStale, isStaleAt, SettingsSchema, STALE_MINUTES, staleCutoff } from '../../../src-main/contract';
import { defaultAlertRules } from '../../../src-main/core/alerts/rules-schema';

const NOW = Date.parse('2026-03-10T13:00:00.000Z');
const MINUTE = 60_000;

describe('isStale', () => {
  it('is stale at exactly the threshold: a silence of 60 minutes has reached "stale after 60 minutes"', () => {
    expect(isStale(NOW - 60 * MINUTE, NOW, 60)).toBe(true);
  });

  it('is not stale one millisecond before the threshold, and is one millisecond after', () => {
    expect(isStale(NOW - 60 * MINUTE + 1, NOW, 60)).toBe(false);
    expect(isStale(NOW - 60 * MINUTE - 1, NOW, 60)).toBe(true);
  });

  it('counts an asset that never reported as stale, whatever the threshold', () => {
    expect(isStale(null, NOW, STALE_MINUTES.max)).toBe(true);
    expect(isStale(null, 0, STALE_MINUTES.min)).toBe(true);
  });

  it('does not count a fresh report, nor one from the future (a device clock ahead), as stale', () => {
    expect(isStale(NOW, NOW, 1)).toBe(false);
    expect(isStale(NOW + 5 * MINUTE, NOW, 1)).toBe(false);
  });

  it('gives the same answer through the cutoff a loop works out once', () => {
    const cutoff = staleCutoff(NOW, 15);
    expect(cutoff).toBe(NOW - 15 * MINUTE);
    for (const at of [null, cutoff - 1, cutoff, cutoff + 1]) expect(isStaleAt(at, cutoff)).toBe(isStale(at, NOW, 15));
  });
});

describe('the stale threshold', () => {
  const settingsWith = (staleAfterMin: unknown) => v.safeParse(SettingsSchema, { ...DEFAULT_SETTINGS, staleAfterMin });
  const rulesWith = (afterMin: unknown) => v.safeParse(AlertRulesSchema, { ...defaultAlertRules(), stale: { ...defaultAlertRules().stale, afterMin } });
  const message = (r: { success: boolean; issues?: readonly { message: string }[] }) => (r.success ? 'accepted' : r.issues![0].message);

  it('starts at the same default in the settings and the alert rule', () => {
    expect(DEFAULT_SETTINGS.staleAfterMin).toBe(STALE_MINUTES.default);
    expect(defaultAlertRules().stale.afterMin).toBe(STALE_MINUTES.default);
    expect(defaultAlertRules({ demo: true }).stale.afterMin).toBe(STALE_MINUTES.default);
  });

  it.each([STALE_MINUTES.min, STALE_MINUTES.max])('accepts %d minutes in the settings and the alert rule alike', (n) => {
    expect([message(settingsWith(n)), message(rulesWith(n))]).toEqual(['accepted', 'accepted']);
  });

  it.each([STALE_MINUTES.min - 1, STALE_MINUTES.max + 1, 30.5, '60'])('refuses %j in both with one sentence for people', (n) => {
    expect([message(settingsWith(n)), message(rulesWith(n))]).toEqual([STALE_MINUTES.rule, STALE_MINUTES.rule]);
  });

  it('is a week at most', () => {
    expect(STALE_MINUTES.max).toBe(7 * 24 * 60);
  });
});
