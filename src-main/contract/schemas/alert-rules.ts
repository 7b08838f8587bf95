/**
 * Alert rules and alert queries: the rules dialog, the `alerts:*` checks and the rules
 * file all use these schemas, so a limit is written once. Messages are for the person
 * filling in the Alerts settings.
 */
import * as v from 'valibot';
import { SITE_ID_PATTERN, SITE_KINDS } from '../sites';
import { StaleMinutesSchema } from '../staleness';
import { AssetIdSchema, MAX_ASSET_IDS } from './ids';
import { count, plainText, requiredText, wholeNumber } from './text';

export const ALERT_RULE_KINDS = ['low-fuel', 'stale', 'after-hours', 'region', 'maintenance', 'site', 'towed', 'off-site'] as const;
/** The kinds of alert rule; each profile has one rule of each kind. */
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

/** Short name of each rule, for people: filters, row tags, the room's change notices. */
export const ALERT_RULE_LABELS: Record<AlertRuleKind, string> = {
  'low-fuel': 'Low fuel',
  stale: 'No report',
  'after-hours': 'After hours',
  region: 'Region',
  maintenance: 'Maintenance due',
  site: 'Site',
  towed: 'Moved, ignition off',
  'off-site': 'Off site after hours',
};

/** The field of `AlertRules` holding each kind's rule. */
export const ALERT_RULE_FIELDS = {
  'low-fuel': 'lowFuel',
  stale: 'stale',
  'after-hours': 'afterHours',
  region: 'region',
  maintenance: 'maintenance',
  site: 'site',
  towed: 'towed',
  'off-site': 'offSite',
} as const satisfies Record<AlertRuleKind, string>;
export type AlertRuleField = (typeof ALERT_RULE_FIELDS)[AlertRuleKind];

export const ALERT_LIMITS = {
  fuelPercent: { min: 1, max: 99 },
  dueAtMax: 10_000_000,
  scopeIds: MAX_ASSET_IDS,
  scopeCategories: 100,
  selectionName: 100,
  region: 100,
  regions: 200,
  periods: 50,
  thresholds: 100,
  /** Distance (metres) a machine must move with its ignition off to count as towed. */
  towedMetres: { min: 50, max: 50_000 },
  siteIds: 200,
} as const;

/** Weekdays as `WorkingPeriod.day` numbers them (0 = Sunday). */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export function dayName(day: number): string {
  return DAY_NAMES[day] ?? `day ${day}`;
}

/** Minutes after midnight of "HH:MM"; "24:00" (midnight at the end of the day) only as an end. */
export function clockMinutes(hhmm: string, isEnd = false): number | null {
  if (isEnd && hhmm === '24:00') return 24 * 60;
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
}

const onOff = (what: string) => v.boolean(`${what} must be on or off`);

/** Which assets a rule watches: empty lists mean every asset. */
export const AlertScopeSchema = v.pipe(
  v.strictObject(
    {
      /** Only assets of these categories (exact, case-insensitive). */
      categories: v.pipe(
        v.array(requiredText(100, 'A category'), 'The categories must be a list'),
        v.maxLength(ALERT_LIMITS.scopeCategories, `At most ${ALERT_LIMITS.scopeCategories} categories can be chosen`),
      ),
      /** Only these assets (a saved selection), with the name the user gave it. */
      assetIds: v.pipe(
        v.array(AssetIdSchema, 'The chosen assets must be a list'),
        v.maxLength(ALERT_LIMITS.scopeIds, (issue) => `A saved selection can hold at most ${count(ALERT_LIMITS.scopeIds)} assets (${count(Number(issue.received))} are selected)`),
      ),
      selectionName: v.nullable(plainText(ALERT_LIMITS.selectionName, 'The selection name')),
    },
    'Which assets a rule watches has a field Fleet Desk does not know',
  ),
  v.check((s) => s.assetIds.length === 0 || (s.selectionName ?? '').trim() !== '', 'Give the saved selection a name'),
);

const DAY_RULE = 'A working day must be 0 (Sunday) to 6 (Saturday)';

/** One working period of a weekday, local time of the branch ("07:00" to "17:30"). */
export const WorkingPeriodSchema = v.pipe(
  v.strictObject(
    {
      /** 0 = Sunday … 6 = Saturday. */
      day: wholeNumber(0, 6, DAY_RULE),
      start: v.string('Working hours start at a time such as 07:00'),
      end: v.string('Working hours end at a time such as 18:00'),
    },
    'A working period has a field Fleet Desk does not know',
  ),
  v.check(
    (p) => clockMinutes(p.start) !== null && clockMinutes(p.end, true) !== null,
    (issue) => `${dayName((issue.input as { day: number }).day)}: enter start and end as hours and minutes, e.g. 07:00 and 17:30 (24:00 for midnight)`,
  ),
  v.check(
    (p) => (clockMinutes(p.end, true) ?? 0) > (clockMinutes(p.start) ?? 0),
    (issue) => {
      const p = issue.input as { day: number; start: string; end: string };
      return `${dayName(p.day)}: the end (${p.end}) must be after the start (${p.start}); split a night shift into two days`;
    },
  ),
);

type Period = v.InferOutput<typeof WorkingPeriodSchema>;

/** The index of a period that overlaps an earlier one of the same day, and the one it overlaps. */
function firstOverlap(periods: readonly Period[]): { index: number; other: Period } | null {
  for (let i = 0; i < periods.length; i++) {
    const a = periods[i];
    const from = clockMinutes(a.start) ?? 0;
    const to = clockMinutes(a.end, true) ?? 0;
    for (let j = 0; j < i; j++) {
      const b = periods[j];
      if (b.day === a.day && (clockMinutes(b.start) ?? 0) < to && from < (clockMinutes(b.end, true) ?? 0)) return { index: i, other: b };
    }
  }
  return null;
}

const ScheduleSchema = v.pipe(
  v.array(WorkingPeriodSchema, 'Working hours must be a list of periods'),
  v.maxLength(ALERT_LIMITS.periods, `At most ${ALERT_LIMITS.periods} working periods can be set`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const clash = firstOverlap(dataset.value);
    if (!clash) return;
    const a = dataset.value[clash.index];
    addIssue({
      message: `${dayName(a.day)}: ${a.start}–${a.end} overlaps ${clash.other.start}–${clash.other.end}`,
      path: [{ type: 'array', origin: 'value', input: dataset.value, key: clash.index, value: a }],
    });
  }),
);

export const THRESHOLD_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const DUE_AT_RULE = `Due at must be a number of engine hours or kilometres above 0 and at most ${count(ALERT_LIMITS.dueAtMax)}`;

export const MaintenanceThresholdSchema = v.strictObject(
  {
    id: v.pipe(v.string('A maintenance threshold needs an id'), v.regex(THRESHOLD_ID_PATTERN, 'A maintenance threshold id is 1 to 64 letters, digits, ".", "_" or "-"')),
    metric: v.picklist(['engine-hours', 'odometer'], 'A maintenance threshold watches engine hours or the odometer'),
    /** Due at this reading: hours for engine-hours, kilometres for odometer. */
    dueAt: v.pipe(v.number(DUE_AT_RULE), v.finite(DUE_AT_RULE), v.gtValue(0, DUE_AT_RULE), v.maxValue(ALERT_LIMITS.dueAtMax, DUE_AT_RULE)),
    /** Assets this threshold applies to (categories or ids); empty lists mean every asset. */
    scope: AlertScopeSchema,
  },
  'A maintenance threshold has a field Fleet Desk does not know',
);

const SITE_KIND_RULE = 'A site kind is yard, job site, customer, restricted or other';

/**
 * Which sites a site rule watches: a site counts when its kind is ticked or it is named;
 * nothing chosen means every site.
 */
const SiteKindsSchema = v.pipe(
  v.array(v.picklist(SITE_KINDS, SITE_KIND_RULE), 'The site kinds must be a list'),
  v.check((kinds) => new Set(kinds).size === kinds.length, 'Tick each site kind once'),
);
const SiteIdsSchema = v.pipe(
  v.array(v.pipe(v.string('A site is named by its id'), v.regex(SITE_ID_PATTERN, 'A chosen site is no longer a known site; untick it')), 'The chosen sites must be a list'),
  v.maxLength(ALERT_LIMITS.siteIds, `At most ${ALERT_LIMITS.siteIds} sites can be chosen`),
);

const TOWED_RULE = `Moved with the ignition off: enter a distance from ${ALERT_LIMITS.towedMetres.min} m to ${count(ALERT_LIMITS.towedMetres.max)} m`;

/**
 * The place rules of a branch that saved its rules before these rules existed (or of a
 * copy written by an older Fleet Desk): each kind then starts as described in
 * docs/using.md. The off-site rule starts off: it needs the branch's sites drawn first.
 */
export const DEFAULT_TOWED_METRES = 300;
export function defaultPlaceRules(): { site: SiteRule; towed: TowedRule; offSite: OffSiteRule } {
  const everyAsset = () => ({ categories: [], assetIds: [], selectionName: null });
  return {
    site: { enabled: true, on: 'both', siteKinds: [], siteIds: [], scope: everyAsset() },
    towed: { enabled: true, minMetres: DEFAULT_TOWED_METRES, scope: everyAsset() },
    offSite: { enabled: false, siteKinds: [], scope: everyAsset() },
  };
}

export const SiteRuleSchema = v.strictObject(
  {
    enabled: onOff('The site rule'),
    /** Raise on entering a site, on leaving it, or both. */
    on: v.picklist(['enter', 'leave', 'both'], 'Site alerts are raised on entering, leaving, or both'),
    siteKinds: SiteKindsSchema,
    siteIds: SiteIdsSchema,
    scope: AlertScopeSchema,
  },
  'The site rule has a field Fleet Desk does not know',
);

export const TowedRuleSchema = v.strictObject(
  {
    enabled: onOff('The moved-with-ignition-off rule'),
    /** Straight-line distance between two reports, both with the ignition off. */
    minMetres: wholeNumber(ALERT_LIMITS.towedMetres.min, ALERT_LIMITS.towedMetres.max, TOWED_RULE),
    scope: AlertScopeSchema,
  },
  'The moved-with-ignition-off rule has a field Fleet Desk does not know',
);

export const OffSiteRuleSchema = v.strictObject(
  {
    enabled: onOff('The off-site rule'),
    /** On a site of these kinds counts as on site; empty: any site. Working hours are the after-hours rule's. */
    siteKinds: SiteKindsSchema,
    scope: AlertScopeSchema,
  },
  'The off-site rule has a field Fleet Desk does not know',
);

export type SiteRule = v.InferOutput<typeof SiteRuleSchema>;
export type TowedRule = v.InferOutput<typeof TowedRuleSchema>;
export type OffSiteRule = v.InferOutput<typeof OffSiteRuleSchema>;

const FUEL_RULE = `Fuel threshold must be a whole number of percent from ${ALERT_LIMITS.fuelPercent.min} to ${ALERT_LIMITS.fuelPercent.max}`;

export const AlertRulesSchema = v.strictObject(
  {
    lowFuel: v.strictObject(
      {
        enabled: onOff('The low-fuel rule'),
        belowPercent: wholeNumber(ALERT_LIMITS.fuelPercent.min, ALERT_LIMITS.fuelPercent.max, FUEL_RULE),
        scope: AlertScopeSchema,
      },
      'The low-fuel rule has a field Fleet Desk does not know',
    ),
    stale: v.strictObject(
      {
        enabled: onOff('The no-report rule'),
        afterMin: StaleMinutesSchema,
        scope: AlertScopeSchema,
      },
      'The no-report rule has a field Fleet Desk does not know',
    ),
    afterHours: v.pipe(
      v.strictObject(
        {
          enabled: onOff('The after-hours rule'),
          /** What counts as in use outside working hours. */
          trigger: v.picklist(['ignition', 'moving', 'either'], 'After hours watches ignition, moving, or either'),
          schedule: ScheduleSchema,
          /** IANA zone used where an asset has no `time-zone` metric. */
          timeZone: v.pipe(
            v.string('Choose a time zone from the list'),
            v.check(isTimeZone, (issue) => `Choose a time zone from the list ("${String(issue.input)}" is not one this computer knows)`),
          ),
          scope: AlertScopeSchema,
        },
        'The after-hours rule has a field Fleet Desk does not know',
      ),
      v.forward(
        v.check((r) => !r.enabled || r.schedule.length > 0, 'Add at least one working period, or turn the after-hours rule off'),
        ['schedule'],
      ),
    ),
    region: v.strictObject(
      {
        enabled: onOff('The region rule'),
        /** Only these regions (e.g. "region:UT"); empty means any region. */
        regions: v.pipe(
          v.array(requiredText(ALERT_LIMITS.region, 'A region code'), 'The regions must be a list'),
          v.maxLength(ALERT_LIMITS.regions, `At most ${ALERT_LIMITS.regions} regions can be chosen`),
        ),
        /** Raise on entering, on leaving, or both. */
        on: v.picklist(['enter', 'leave', 'both'], 'Region alerts are raised on entering, leaving, or both'),
        scope: AlertScopeSchema,
      },
      'The region rule has a field Fleet Desk does not know',
    ),
    maintenance: v.pipe(
      v.strictObject(
        {
          enabled: onOff('The maintenance rule'),
          thresholds: v.pipe(
            v.array(MaintenanceThresholdSchema, 'Maintenance thresholds must be a list'),
            v.maxLength(ALERT_LIMITS.thresholds, `At most ${ALERT_LIMITS.thresholds} maintenance thresholds can be set`),
            v.check((list) => new Set(list.map((t) => t.id)).size === list.length, 'Each maintenance threshold needs its own id'),
          ),
        },
        'The maintenance rule has a field Fleet Desk does not know',
      ),
      v.forward(
        v.check((r) => !r.enabled || r.thresholds.length > 0, 'Add at least one maintenance threshold, or turn the maintenance rule off'),
        ['thresholds'],
      ),
    ),
    // Absent from rules saved before these kinds existed: they start at their defaults.
    site: v.optional(SiteRuleSchema, () => defaultPlaceRules().site),
    towed: v.optional(TowedRuleSchema, () => defaultPlaceRules().towed),
    offSite: v.optional(OffSiteRuleSchema, () => defaultPlaceRules().offSite),
    /** No desktop notifications (alerts are still logged and counted). */
    quiet: onOff('Quiet mode'),
  },
  'The alert rules have a field Fleet Desk does not know',
);

export const AlertQuerySchema = v.strictObject(
  {
    unacknowledgedOnly: v.boolean('"Unacknowledged only" is on or off'),
    /** Only alerts of this rule; null for all. */
    rule: v.nullable(v.picklist(ALERT_RULE_KINDS, 'Show the alerts of one rule, or of all')),
  },
  'The alert filter has a field Fleet Desk does not know',
);

/** Most alert ids acknowledged in one call ('all' covers any number). */
export const MAX_ALERT_IDS = 10_000;

export const AlertIdsSchema = v.union(
  [
    v.literal('all'),
    v.pipe(
      v.array(wholeNumber(1, Number.MAX_SAFE_INTEGER, 'An alert is named by its number'), 'Say which alerts: a list of alert numbers, or all'),
      v.maxLength(MAX_ALERT_IDS, `At most ${count(MAX_ALERT_IDS)} alerts can be acknowledged at once; acknowledge all instead`),
    ),
  ],
  'Say which alerts: a list of alert numbers, or all',
);

export type AlertScope = v.InferOutput<typeof AlertScopeSchema>;
export type WorkingPeriod = Period;
export type MaintenanceThreshold = v.InferOutput<typeof MaintenanceThresholdSchema>;
export type AlertRules = v.InferOutput<typeof AlertRulesSchema>;
export type AlertQuery = v.InferOutput<typeof AlertQuerySchema>;

/** Longest note a dispatcher may leave with an acknowledgement. */
export const MAX_ACK_NOTE_CHARS = 200;

/** What a dispatcher says with an acknowledgement ("called the customer"); empty: no note. */
export const AckNoteSchema = v.pipe(plainText(MAX_ACK_NOTE_CHARS, 'The acknowledgement note'), v.trim());

/** One alert acknowledged with a note. */
export const AlertAcknowledgementSchema = v.strictObject(
  {
    id: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'An alert is named by its number'),
    note: AckNoteSchema,
  },
  'An acknowledgement names one alert and its note, nothing else',
);
export type AlertAcknowledgement = v.InferOutput<typeof AlertAcknowledgementSchema>;
