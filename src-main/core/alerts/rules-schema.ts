/**
 * Alert rules: their defaults, and the check every copy of them goes through. The rules
 * themselves (limits, messages) are the contract's AlertRulesSchema
 * (src-main/contract/schemas/alert-rules.ts), shared with the rules dialog and the
 * `alerts:setRules` check.
 */
import * as v from 'valibot';
import { AlertRulesSchema, defaultPlaceRules, STALE_MINUTES, type AlertRules, type AlertScope, type WorkingPeriod } from '../../contract';
import { FleetError } from '../errors';

export { AlertRulesSchema };

/** The branch's zone where an asset reports none (the demo fleet works around Salt Lake City). */
export const DEFAULT_TIME_ZONE = 'America/Denver';
export const DEFAULT_LOW_FUEL_PERCENT = 15;

export function everyAsset(): AlertScope {
  return { categories: [], assetIds: [], selectionName: null };
}

/** Monday to Friday, 07:00 to 18:00. */
export function weekdaySchedule(): WorkingPeriod[] {
  return [1, 2, 3, 4, 5].map((day) => ({ day, start: '07:00', end: '18:00' }));
}

/**
 * The demo branch works every day from 06:00 to 20:00 (its simulated shifts run 06:00–18:45
 * standard time, up to 19:45 in summer): with the weekday default it would raise dozens of
 * after-hours alerts each weekend and so hide the one its scenario stages.
 */
export function demoSchedule(): WorkingPeriod[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '06:00', end: '20:00' }));
}

/**
 * The rules of a profile that has none saved: every kind on but maintenance (it needs
 * thresholds that only the user knows) and off-site (it needs sites drawn wherever machines
 * park for the night; the demo's machines park around their depots, off its sites), so a
 * newcomer sees alerts without any setup.
 */
export function defaultAlertRules(options: { demo?: boolean } = {}): AlertRules {
  const places = defaultPlaceRules();
  return {
    lowFuel: { enabled: true, belowPercent: DEFAULT_LOW_FUEL_PERCENT, scope: everyAsset() },
    stale: { enabled: true, afterMin: STALE_MINUTES.default, scope: everyAsset() },
    afterHours: {
      enabled: true,
      trigger: 'either',
      schedule: options.demo ? demoSchedule() : weekdaySchedule(),
      timeZone: DEFAULT_TIME_ZONE,
      scope: everyAsset(),
    },
    region: { enabled: true, regions: [], on: 'both', scope: everyAsset() },
    maintenance: { enabled: false, thresholds: [] },
    ...places,
    quiet: false,
  };
}

/** Checks rules from any source; throws `invalid-argument` with the first problem, for people. */
export function parseAlertRules(input: unknown): AlertRules {
  const result = v.safeParse(AlertRulesSchema, input, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const dotPath = v.getDotPath(issue);
  throw new FleetError('invalid-argument', `${issue.message}.`, dotPath ? { path: dotPath } : {});
}
