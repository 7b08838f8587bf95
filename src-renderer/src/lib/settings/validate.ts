/**
 * The settings form: its text fields and the check before `settings:set`. The rules are
 * the contract's SettingsSchema, the same the main side checks and the settings file is
 * read with, so the form shows the very sentence the main side would answer. Pure.
 */
import * as v from 'valibot';
import { SettingsSchema, type Settings, type Theme, type Units } from '@contract';

export interface SettingsForm {
  refreshIntervalSec: string;
  staleAfterMin: string;
  units: Units;
  theme: Theme;
  tileUrl: string;
  tileAttribution: string;
  tileCacheMb: string;
  retentionDays: string;
  timeZone: string;
}

export function toForm(s: Settings): SettingsForm {
  return {
    refreshIntervalSec: String(s.refreshIntervalSec),
    staleAfterMin: String(s.staleAfterMin),
    units: s.units,
    theme: s.theme ?? 'system',
    tileUrl: s.tileUrl,
    tileAttribution: s.tileAttribution,
    tileCacheMb: String(s.tileCacheMb),
    retentionDays: String(s.retentionDays),
    timeZone: s.timeZone,
  };
}

export type SettingsErrors = Partial<Record<keyof SettingsForm, string>>;
export type SettingsPatch = Pick<Settings, keyof SettingsForm>;

/** Digits only (as typed, trimmed); anything else is NaN, which the schema refuses with its rule. */
function whole(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

export function validateSettings(form: SettingsForm): { ok: true; patch: SettingsPatch } | { ok: false; errors: SettingsErrors } {
  const candidate: SettingsPatch = {
    refreshIntervalSec: whole(form.refreshIntervalSec),
    staleAfterMin: whole(form.staleAfterMin),
    retentionDays: whole(form.retentionDays),
    tileCacheMb: whole(form.tileCacheMb),
    units: form.units,
    theme: form.theme,
    tileUrl: form.tileUrl.trim(),
    tileAttribution: form.tileAttribution.trim(),
    timeZone: form.timeZone.trim(),
  };
  const errors: SettingsErrors = {};
  for (const key of Object.keys(candidate) as (keyof SettingsPatch)[]) {
    const result = v.safeParse(SettingsSchema.entries[key], candidate[key], { abortEarly: true });
    if (!result.success) errors[key] = result.issues[0].message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch: candidate };
}
