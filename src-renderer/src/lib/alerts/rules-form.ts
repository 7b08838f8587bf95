/**
 * The alert rules form: what the dialog edits (text as typed) and the check that turns
 * it back into `AlertRules` for `alerts:setRules`, with messages for people. Pure.
 * The rules are the contract's AlertRulesSchema, the same `alerts:setRules` and the rules
 * file are checked with; only what the form alone knows (which kind of scope was chosen)
 * is checked here.
 */
import * as v from 'valibot';
import { ALERT_LIMITS, AlertRulesSchema, dayName, regionCodeOf, type AlertRules, type AlertScope, type MaintenanceThreshold, type SiteKind } from '@contract';

export { dayName };

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
  site: { enabled: boolean; on: AlertRules['site']['on']; siteKinds: SiteKind[]; siteIds: string[]; scope: ScopeForm };
  towed: { enabled: boolean; minMetres: string; scope: ScopeForm };
  offSite: { enabled: boolean; siteKinds: SiteKind[]; scope: ScopeForm };
  quiet: boolean;
}

/** Messages by field key, e.g. `lowFuel.belowPercent`, `afterHours.schedule.3`, `maintenance.<id>.dueAt`. */
export type RulesErrors = Record<string, string>;

/** Longest name of a saved selection (the input's maxlength). */
export const SELECTION_NAME_MAX = ALERT_LIMITS.selectionName;

/** Weekdays in the order a working week is read (Monday first); values as in `WorkingPeriod.day`. */
export const WEEKDAYS: readonly { day: number; name: string }[] = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ day, name: dayName(day) }));

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
    site: { enabled: rules.site.enabled, on: rules.site.on, siteKinds: [...rules.site.siteKinds], siteIds: [...rules.site.siteIds], scope: toScopeForm(rules.site.scope) },
    towed: { enabled: rules.towed.enabled, minMetres: String(rules.towed.minMetres), scope: toScopeForm(rules.towed.scope) },
    offSite: { enabled: rules.offSite.enabled, siteKinds: [...rules.offSite.siteKinds], scope: toScopeForm(rules.offSite.scope) },
    quiet: rules.quiet,
  };
}

/** "region:UT" from "UT" or "region:UT"; null when nothing usable was typed. */
export const normalizeRegion = regionCodeOf;

/** Digits only (trimmed), or NaN, which the schema refuses with its rule. */
function whole(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** A decimal number as typed (trimmed), or NaN. */
function decimal(text: string): number {
  const t = text.trim();
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** The scope the chosen mode means; what the mode alone requires is noted in `errors`. */
function scopeOf(scope: ScopeForm, key: string, errors: RulesErrors): AlertScope {
  if (scope.mode === 'categories') {
    if (scope.categories.length === 0) errors[key] = 'Choose at least one category, or watch every asset';
    return { categories: [...scope.categories], assetIds: [], selectionName: null };
  }
  if (scope.mode === 'selection') {
    if (scope.assetIds.length === 0) errors[key] = 'Save a selection of assets first: select them in the list, then press "Use the current selection"';
    return { categories: [], assetIds: [...scope.assetIds], selectionName: scope.selectionName.trim() };
  }
  return { categories: [], assetIds: [], selectionName: null };
}

/** The form's error key for a schema issue's path, e.g. `maintenance.<id>.dueAt`. */
function keyOf(path: readonly (string | number)[], form: RulesForm): string {
  const [rule, field, index, sub] = path;
  if (field === 'scope') return `${rule}.scope`;
  if (rule === 'afterHours' && field === 'schedule' && typeof index === 'number') return `afterHours.schedule.${form.afterHours.schedule[index]?.key ?? index}`;
  if (rule === 'maintenance' && field === 'thresholds' && typeof index === 'number') {
    const id = form.maintenance.thresholds[index]?.id ?? index;
    return sub === 'scope' ? `maintenance.${id}.scope` : `maintenance.${id}.dueAt`;
  }
  return field === undefined ? String(rule) : `${rule}.${field}`;
}

export function validateRulesForm(form: RulesForm): { ok: true; rules: AlertRules } | { ok: false; errors: RulesErrors } {
  const errors: RulesErrors = {};
  const thresholds: MaintenanceThreshold[] = form.maintenance.thresholds.map((t) => ({
    id: t.id,
    metric: t.metric,
    dueAt: decimal(t.dueAt),
    scope: scopeOf(t.scope, `maintenance.${t.id}.scope`, errors),
  }));
  const candidate: AlertRules = {
    lowFuel: { enabled: form.lowFuel.enabled, belowPercent: whole(form.lowFuel.belowPercent), scope: scopeOf(form.lowFuel.scope, 'lowFuel.scope', errors) },
    stale: { enabled: form.stale.enabled, afterMin: whole(form.stale.afterMin), scope: scopeOf(form.stale.scope, 'stale.scope', errors) },
    afterHours: {
      enabled: form.afterHours.enabled,
      trigger: form.afterHours.trigger,
      schedule: form.afterHours.schedule.map((p) => ({ day: p.day, start: p.start.trim(), end: p.end.trim() })),
      timeZone: form.afterHours.timeZone.trim(),
      scope: scopeOf(form.afterHours.scope, 'afterHours.scope', errors),
    },
    region: {
      enabled: form.region.enabled,
      regions: [...new Set(form.region.regions.map((r) => r.trim()).filter(Boolean))],
      on: form.region.on,
      scope: scopeOf(form.region.scope, 'region.scope', errors),
    },
    maintenance: { enabled: form.maintenance.enabled, thresholds },
    site: { enabled: form.site.enabled, on: form.site.on, siteKinds: [...form.site.siteKinds], siteIds: [...form.site.siteIds], scope: scopeOf(form.site.scope, 'site.scope', errors) },
    towed: { enabled: form.towed.enabled, minMetres: whole(form.towed.minMetres), scope: scopeOf(form.towed.scope, 'towed.scope', errors) },
    offSite: { enabled: form.offSite.enabled, siteKinds: [...form.offSite.siteKinds], scope: scopeOf(form.offSite.scope, 'offSite.scope', errors) },
    quiet: form.quiet,
  };
  const result = v.safeParse(AlertRulesSchema, candidate, { abortPipeEarly: true });
  for (const issue of result.issues ?? []) {
    const key = keyOf((issue.path ?? []).map((item) => item.key as string | number), form);
    errors[key] ??= issue.message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rules: result.success ? result.output : candidate };
}

/**
 * The rules to save from a dialog opened on `opened`: each rule the dispatcher edited as
 * `edited` has it, every other rule as it is now (`latest`): another desk of the room may
 * have changed one while the dialog was open, and saving must not put it back.
 */
export function mergeRulesEdit(opened: AlertRules, edited: AlertRules, latest: AlertRules): AlertRules {
  // The opened rules as the form gives them back, so a rule only passed through the form counts as untouched.
  const round = validateRulesForm(toRulesForm(opened));
  const base: Record<string, unknown> = round.ok ? round.rules : opened;
  const merged: Record<string, unknown> = { ...latest };
  for (const [key, value] of Object.entries(edited)) if (JSON.stringify(value) !== JSON.stringify(base[key])) merged[key] = value;
  return merged as AlertRules;
}
