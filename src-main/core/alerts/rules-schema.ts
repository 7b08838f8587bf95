/**
 * Alert rules: their defaults and the one schema every copy of them is checked against
 * (the IPC boundary, the handler and the file they are kept in). Messages are written for
 * the person filling in the Alerts settings page.
 */
import * as v from 'valibot';
import type { AlertRules, AlertScope, WorkingPeriod } from '../../contract';
import { FleetError } from '../errors';
import { isTimeZone } from './zoned-time';

/** The branch's zone where an asset reports none (the demo fleet works around Salt Lake City). */
export const DEFAULT_TIME_ZONE = 'America/Denver';
export const DEFAULT_LOW_FUEL_PERCENT = 15;
export const DEFAULT_STALE_MINUTES = 60;

export const MAX_SCOPE_IDS = 5000;
export const MAX_SCOPE_CATEGORIES = 100;
export const MAX_PERIODS = 50;
export const MAX_REGIONS = 200;
export const MAX_THRESHOLDS = 100;
export const MAX_STALE_MINUTES = 10_080;

const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;
const ASSET_ID = /^(thing|area):\d{1,12}$/;
const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

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
 * thresholds that only the user knows), so a newcomer sees alerts without any setup.
 */
export function defaultAlertRules(options: { demo?: boolean } = {}): AlertRules {
  return {
    lowFuel: { enabled: true, belowPercent: DEFAULT_LOW_FUEL_PERCENT, scope: everyAsset() },
    stale: { enabled: true, afterMin: DEFAULT_STALE_MINUTES, scope: everyAsset() },
    afterHours: {
      enabled: true,
      trigger: 'either',
      schedule: options.demo ? demoSchedule() : weekdaySchedule(),
      timeZone: DEFAULT_TIME_ZONE,
      scope: everyAsset(),
    },
    region: { enabled: true, regions: [], on: 'both', scope: everyAsset() },
    maintenance: { enabled: false, thresholds: [] },
    quiet: false,
  };
}

const text = (max: number, what: string) =>
  v.pipe(
    v.string(`${what} must be text`),
    v.maxLength(max, `${what} must be at most ${max} characters`),
    v.regex(NO_CONTROL_CHARS, `${what} must not contain control characters`),
  );

const requiredText = (max: number, what: string) => v.pipe(text(max, what), v.minLength(1, `${what} must not be empty`));

const onOff = (what: string) => v.boolean(`${what} must be on or off`);

const scope = v.strictObject(
  {
    categories: v.pipe(
      v.array(requiredText(100, 'A category'), 'The categories must be a list'),
      v.maxLength(MAX_SCOPE_CATEGORIES, `At most ${MAX_SCOPE_CATEGORIES} categories can be chosen`),
    ),
    assetIds: v.pipe(
      v.array(
        v.pipe(v.string('An asset id must be text'), v.regex(ASSET_ID, 'An asset id looks like "thing:123" or "area:45"')),
        'The chosen assets must be a list',
      ),
      v.maxLength(MAX_SCOPE_IDS, `At most ${MAX_SCOPE_IDS} assets can be chosen`),
    ),
    selectionName: v.nullable(text(100, 'The selection name')),
  },
  'Which assets a rule watches has an unknown field',
);

function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

const period = v.pipe(
  v.strictObject(
    {
      day: v.pipe(
        v.number('A working day must be a number'),
        v.integer('A working day must be 0 (Sunday) to 6 (Saturday)'),
        v.minValue(0, 'A working day must be 0 (Sunday) to 6 (Saturday)'),
        v.maxValue(6, 'A working day must be 0 (Sunday) to 6 (Saturday)'),
      ),
      start: v.pipe(v.string('Working hours start at a time such as 07:00'), v.regex(CLOCK_TIME, 'Working hours start at a time such as 07:00')),
      end: v.pipe(v.string('Working hours end at a time such as 18:00'), v.regex(CLOCK_TIME, 'Working hours end at a time such as 18:00 (24:00 for midnight)')),
    },
    'A working period has an unknown field',
  ),
  v.check((p) => minutesOf(p.end) > minutesOf(p.start), 'Working hours must end after they start (split a night shift into two days)'),
);

const timeZone = v.pipe(
  v.string('The time zone must be text'),
  v.check((zone) => isTimeZone(zone), 'The time zone must be a name such as America/Denver'),
);

const threshold = v.strictObject(
  {
    id: v.pipe(
      v.string('A maintenance threshold needs an id'),
      v.regex(/^[A-Za-z0-9._-]{1,64}$/, 'A maintenance threshold id is 1–64 letters, digits, ".", "_" or "-"'),
    ),
    metric: v.picklist(['engine-hours', 'odometer'], 'A maintenance threshold watches engine hours or the odometer'),
    dueAt: v.pipe(
      v.number('A service is due at a number'),
      v.finite('A service is due at a number'),
      v.gtValue(0, 'A service must be due at more than 0 hours or km'),
      v.maxValue(10_000_000, 'A service must be due at most at 10,000,000 hours or km'),
    ),
    scope,
  },
  'A maintenance threshold has an unknown field',
);

export const AlertRulesSchema = v.strictObject(
  {
    lowFuel: v.strictObject(
      {
        enabled: onOff('The low-fuel rule'),
        belowPercent: v.pipe(
          v.number('Fuel threshold must be 1 to 99 %'),
          v.finite('Fuel threshold must be 1 to 99 %'),
          v.minValue(1, 'Fuel threshold must be 1 to 99 %'),
          v.maxValue(99, 'Fuel threshold must be 1 to 99 %'),
        ),
        scope,
      },
      'The low-fuel rule has an unknown field',
    ),
    stale: v.strictObject(
      {
        enabled: onOff('The no-report rule'),
        afterMin: v.pipe(
          v.number(`"No report for" must be 1 to ${MAX_STALE_MINUTES} minutes`),
          v.integer(`"No report for" must be a whole number of minutes`),
          v.minValue(1, `"No report for" must be 1 to ${MAX_STALE_MINUTES} minutes`),
          v.maxValue(MAX_STALE_MINUTES, `"No report for" must be 1 to ${MAX_STALE_MINUTES} minutes (a week)`),
        ),
        scope,
      },
      'The no-report rule has an unknown field',
    ),
    afterHours: v.strictObject(
      {
        enabled: onOff('The after-hours rule'),
        trigger: v.picklist(['ignition', 'moving', 'either'], 'After hours watches ignition, moving, or either'),
        schedule: v.pipe(
          v.array(period, 'Working hours must be a list of periods'),
          v.maxLength(MAX_PERIODS, `At most ${MAX_PERIODS} working periods can be set`),
        ),
        timeZone,
        scope,
      },
      'The after-hours rule has an unknown field',
    ),
    region: v.strictObject(
      {
        enabled: onOff('The region rule'),
        regions: v.pipe(
          v.array(requiredText(100, 'A region'), 'The regions must be a list'),
          v.maxLength(MAX_REGIONS, `At most ${MAX_REGIONS} regions can be chosen`),
        ),
        on: v.picklist(['enter', 'leave', 'both'], 'Region alerts are raised on entering, leaving, or both'),
        scope,
      },
      'The region rule has an unknown field',
    ),
    maintenance: v.strictObject(
      {
        enabled: onOff('The maintenance rule'),
        thresholds: v.pipe(
          v.array(threshold, 'Maintenance thresholds must be a list'),
          v.maxLength(MAX_THRESHOLDS, `At most ${MAX_THRESHOLDS} maintenance thresholds can be set`),
          v.check((list) => new Set(list.map((t) => t.id)).size === list.length, 'Each maintenance threshold needs its own id'),
        ),
      },
      'The maintenance rule has an unknown field',
    ),
    quiet: onOff('Quiet mode'),
  },
  'The alert rules have an unknown field',
);

/** Checks rules from any source; throws `invalid-argument` with the first problem, for people. */
export function parseAlertRules(input: unknown): AlertRules {
  const result = v.safeParse(AlertRulesSchema, input, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const dotPath = v.getDotPath(issue);
  throw new FleetError('invalid-argument', `${issue.message}.`, dotPath ? { path: `$.${dotPath}` } : {});
}
