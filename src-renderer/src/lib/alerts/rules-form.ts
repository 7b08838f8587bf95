/**
 * The alert rules form: what the dialog edits (text as typed) and the check that turns
 * it back into `AlertRules` for `alerts:setRules`, with messages for people. Pure.
 * The main side checks again and may still refuse; the dialog shows its message.
 */
import type { AlertRules, AlertScope, MaintenanceThreshold, WorkingPeriod } from '@contract';
import { isValidTimeZone } from '../format/time';

export type ScopeMode = 'all' | 'categories' | 'selection';

export interface ScopeForm {
  mode: ScopeMode;
  categories: string[];
  assetIds: string[];
  selectionName: string;
}

export interface PeriodForm {
  /** Stable key for the editor's rows and error messages. */
  key: number;
  day: number;
  start: string;
  end: string;
}

export interface ThresholdForm {
  id: string;
  metric: MaintenanceThreshold['metric'];
  dueAt: string;
  scope: ScopeForm;
}

export interface RulesForm {
  lowFuel: { enabled: boolean; belowPercent: string; scope: ScopeForm };
  stale: { enabled: boolean; afterMin: string; scope: ScopeForm };
  afterHours: { enabled: boolean; trigger: AlertRules['afterHours']['trigger']; schedule: PeriodForm[]; timeZone: string; scope: ScopeForm };
  region: { enabled: boolean; regions: string[]; on: AlertRules['region']['on']; scope: ScopeForm };
  maintenance: { enabled: boolean; thresholds: ThresholdForm[] };
  quiet: boolean;
}

/** Messages by field key, e.g. `lowFuel.belowPercent`, `afterHours.schedule.3`, `maintenance.<id>.dueAt`. */
export type RulesErrors = Record<string, string>;

// The main side checks the same limits (src-main/core/alerts/rules-schema.ts); the
// renderer may import only the contract, so they are repeated here for the form.
export const FUEL_PERCENT = { min: 1, max: 99 } as const;
export const STALE_MINUTES = { min: 1, max: 10_080 } as const;
export const DUE_AT_MAX = 10_000_000;
export const SELECTION_NAME_MAX = 100;
export const SELECTION_IDS_MAX = 5000;
export const REGION_MAX = 100;
export const REGIONS_MAX = 200;
export const PERIODS_MAX = 50;
export const THRESHOLDS_MAX = 100;

/** Weekdays in the order a working week is read (Monday first); values as in `WorkingPeriod.day`. */
export const WEEKDAYS: readonly { day: number; name: string }[] = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
];

export function dayName(day: number): string {
  return WEEKDAYS.find((d) => d.day === day)?.name ?? `day ${day}`;
}

let nextKey = 1;
export function periodForm(day: number, start: string, end: string): PeriodForm {
  return { key: nextKey++, day, start, end };
}

/** Monday to Friday, 07:00–18:00 (the main side's default): a starting point for a new schedule. */
export function weekdaySchedule(): PeriodForm[] {
  return [1, 2, 3, 4, 5].map((day) => periodForm(day, '07:00', '18:00'));
}

export function newThresholdId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return `mt-${random ?? `${Date.now().toString(36)}-${nextKey++}`}`;
}

export function toScopeForm(scope: AlertScope): ScopeForm {
  const mode: ScopeMode = scope.assetIds.length > 0 ? 'selection' : scope.categories.length > 0 ? 'categories' : 'all';
  return { mode, categories: [...scope.categories], assetIds: [...scope.assetIds], selectionName: scope.selectionName ?? '' };
}

export function toRulesForm(rules: AlertRules): RulesForm {
  return {
    lowFuel: { enabled: rules.lowFuel.enabled, belowPercent: String(rules.lowFuel.belowPercent), scope: toScopeForm(rules.lowFuel.scope) },
    stale: { enabled: rules.stale.enabled, afterMin: String(rules.stale.afterMin), scope: toScopeForm(rules.stale.scope) },
    afterHours: {
      enabled: rules.afterHours.enabled,
      trigger: rules.afterHours.trigger,
      schedule: rules.afterHours.schedule.map((p) => periodForm(p.day, p.start, p.end)),
      timeZone: rules.afterHours.timeZone,
      scope: toScopeForm(rules.afterHours.scope),
    },
    region: { enabled: rules.region.enabled, regions: [...rules.region.regions], on: rules.region.on, scope: toScopeForm(rules.region.scope) },
    maintenance: {
      enabled: rules.maintenance.enabled,
      thresholds: rules.maintenance.thresholds.map((t) => ({ id: t.id, metric: t.metric, dueAt: String(t.dueAt), scope: toScopeForm(t.scope) })),
    },
    quiet: rules.quiet,
  };
}

/** "region:UT" from "UT" or "region:UT"; null when nothing usable was typed. */
export function normalizeRegion(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  return /^region:/i.test(t) ? `region:${t.slice('region:'.length).trim()}` : `region:${t}`;
}

function wholeNumber(text: string, min: number, max: number, message: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return message;
  const n = Number(t);
  return n < min || n > max ? message : n;
}

/** Minutes after midnight of "HH:MM"; "24:00" (midnight at the end of the day) only as an end. */
function minutesOf(hhmm: string, isEnd = false): number | null {
  const t = hhmm.trim();
  if (isEnd && t === '24:00') return 24 * 60;
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function checkScope(scope: ScopeForm, key: string, errors: RulesErrors): AlertScope {
  if (scope.mode === 'categories') {
    if (scope.categories.length === 0) errors[key] = 'Choose at least one category, or watch every asset';
    return { categories: [...scope.categories], assetIds: [], selectionName: null };
  }
  if (scope.mode === 'selection') {
    const name = scope.selectionName.trim();
    if (scope.assetIds.length === 0) errors[key] = 'Save a selection of assets first: select them in the list, then press "Use the current selection"';
    else if (scope.assetIds.length > SELECTION_IDS_MAX) errors[key] = `A saved selection can hold at most ${SELECTION_IDS_MAX.toLocaleString('en')} assets (${scope.assetIds.length.toLocaleString('en')} are selected)`;
    else if (!name) errors[key] = 'Give the saved selection a name';
    else if (name.length > SELECTION_NAME_MAX) errors[key] = `The selection name can have at most ${SELECTION_NAME_MAX} characters`;
    else if (CONTROL.test(name)) errors[key] = 'The selection name must not contain line breaks or other control characters';
    return { categories: [], assetIds: [...scope.assetIds], selectionName: name };
  }
  return { categories: [], assetIds: [], selectionName: null };
}

function checkSchedule(periods: PeriodForm[], enabled: boolean, errors: RulesErrors): WorkingPeriod[] {
  if (enabled && periods.length === 0) errors['afterHours.schedule'] = 'Add at least one working period, or turn the after-hours rule off';
  if (periods.length > PERIODS_MAX) errors['afterHours.schedule'] = `At most ${PERIODS_MAX} working periods can be set`;
  const checked: { period: WorkingPeriod; from: number; to: number; key: number }[] = [];
  for (const p of periods) {
    const from = minutesOf(p.start);
    const to = minutesOf(p.end, true);
    const key = `afterHours.schedule.${p.key}`;
    if (from === null || to === null) errors[key] = `${dayName(p.day)}: enter start and end as hours and minutes, e.g. 07:00 and 17:30 (24:00 for midnight)`;
    else if (to <= from) errors[key] = `${dayName(p.day)}: the end (${p.end}) must be after the start (${p.start}); split a night shift into two days`;
    else checked.push({ period: { day: p.day, start: p.start.trim(), end: p.end.trim() }, from, to, key: p.key });
  }
  for (const a of checked) {
    const clash = checked.find((b) => b !== a && b.period.day === a.period.day && b.from < a.to && a.from < b.to);
    if (clash && !errors[`afterHours.schedule.${a.key}`]) {
      errors[`afterHours.schedule.${a.key}`] = `${dayName(a.period.day)}: ${a.period.start}–${a.period.end} overlaps ${clash.period.start}–${clash.period.end}`;
    }
  }
  return periods.map((p) => ({ day: p.day, start: p.start.trim(), end: p.end.trim() }));
}

export function validateRulesForm(form: RulesForm): { ok: true; rules: AlertRules } | { ok: false; errors: RulesErrors } {
  const errors: RulesErrors = {};

  const fuel = wholeNumber(form.lowFuel.belowPercent, FUEL_PERCENT.min, FUEL_PERCENT.max, `Fuel threshold must be a whole number of percent from ${FUEL_PERCENT.min} to ${FUEL_PERCENT.max}`);
  if (typeof fuel === 'string') errors['lowFuel.belowPercent'] = fuel;
  const stale = wholeNumber(form.stale.afterMin, STALE_MINUTES.min, STALE_MINUTES.max, `Minutes without a report must be a whole number from ${STALE_MINUTES.min} to ${STALE_MINUTES.max}`);
  if (typeof stale === 'string') errors['stale.afterMin'] = stale;

  const schedule = checkSchedule(form.afterHours.schedule, form.afterHours.enabled, errors);
  const timeZone = form.afterHours.timeZone.trim();
  if (!timeZone || !isValidTimeZone(timeZone)) errors['afterHours.timeZone'] = `Choose a time zone from the list ("${timeZone}" is not one this computer knows)`;

  const regions = [...new Set(form.region.regions.map((r) => r.trim()).filter(Boolean))];
  if (regions.some((r) => r.length > REGION_MAX)) errors['region.regions'] = `A region code can have at most ${REGION_MAX} characters`;
  else if (regions.some((r) => CONTROL.test(r))) errors['region.regions'] = 'A region code must not contain control characters';
  else if (regions.length > REGIONS_MAX) errors['region.regions'] = `At most ${REGIONS_MAX} regions can be chosen`;

  if (form.maintenance.enabled && form.maintenance.thresholds.length === 0) errors['maintenance.thresholds'] = 'Add at least one maintenance threshold, or turn the maintenance rule off';
  if (form.maintenance.thresholds.length > THRESHOLDS_MAX) errors['maintenance.thresholds'] = `At most ${THRESHOLDS_MAX} maintenance thresholds can be set`;
  const thresholds: MaintenanceThreshold[] = form.maintenance.thresholds.map((t) => {
    const text = t.dueAt.trim();
    const dueAt = Number(text);
    const what = t.metric === 'engine-hours' ? 'engine hours' : 'kilometres';
    if (!/^\d+(\.\d+)?$/.test(text) || !(dueAt > 0) || dueAt > DUE_AT_MAX) errors[`maintenance.${t.id}.dueAt`] = `Due at must be a number of ${what} above 0 and at most ${DUE_AT_MAX.toLocaleString('en')}`;
    return { id: t.id, metric: t.metric, dueAt, scope: checkScope(t.scope, `maintenance.${t.id}.scope`, errors) };
  });

  const rules: AlertRules = {
    lowFuel: { enabled: form.lowFuel.enabled, belowPercent: fuel as number, scope: checkScope(form.lowFuel.scope, 'lowFuel.scope', errors) },
    stale: { enabled: form.stale.enabled, afterMin: stale as number, scope: checkScope(form.stale.scope, 'stale.scope', errors) },
    afterHours: { enabled: form.afterHours.enabled, trigger: form.afterHours.trigger, schedule, timeZone, scope: checkScope(form.afterHours.scope, 'afterHours.scope', errors) },
    region: { enabled: form.region.enabled, regions, on: form.region.on, scope: checkScope(form.region.scope, 'region.scope', errors) },
    maintenance: { enabled: form.maintenance.enabled, thresholds },
    quiet: form.quiet,
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rules };
}
