/** Validation of the settings form before it is sent with `settings:set`. Pure. */
import { THEMES, TILE_CACHE_MB, type Settings, type Theme, type Units } from '@contract';

export interface SettingsForm {
  refreshIntervalSec: string;
  staleAfterMin: string;
  units: Units;
  theme: Theme;
  tileUrl: string;
  tileAttribution: string;
  tileCacheMb: string;
  retentionDays: string;
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
  };
}

export type SettingsErrors = Partial<Record<keyof SettingsForm, string>>;

function wholeNumber(text: string, min: number, max: number, what: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `${what} must be a whole number`;
  const n = Number(t);
  if (n < min || n > max) return `${what} must be between ${min} and ${max}`;
  return n;
}

export function validateSettings(form: SettingsForm): { ok: true; patch: Partial<Settings> } | { ok: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const refresh = wholeNumber(form.refreshIntervalSec, 15, 86_400, 'Refresh interval');
  const stale = wholeNumber(form.staleAfterMin, 1, 525_600, 'Stale threshold');
  const retention = wholeNumber(form.retentionDays, 1, 3650, 'Retention');
  const tileCache = wholeNumber(form.tileCacheMb, TILE_CACHE_MB.min, TILE_CACHE_MB.max, 'The map tile cache (MB)');
  if (typeof refresh === 'string') errors.refreshIntervalSec = refresh;
  if (typeof stale === 'string') errors.staleAfterMin = stale;
  if (typeof retention === 'string') errors.retentionDays = retention;
  if (typeof tileCache === 'string') errors.tileCacheMb = tileCache;
  const tileUrl = form.tileUrl.trim();
  if (tileUrl) {
    if (!/^https?:\/\//i.test(tileUrl)) errors.tileUrl = 'Tile URL must start with http:// or https://';
    else if (!tileUrl.includes('{z}') || !tileUrl.includes('{x}') || !tileUrl.includes('{y}')) errors.tileUrl = 'Tile URL must contain {z}, {x} and {y}, e.g. http://127.0.0.1:8080/{z}/{x}/{y}.png';
    else {
      try {
        new URL(tileUrl.replace(/\{[a-z]\}/g, '0'));
      } catch {
        errors.tileUrl = 'Tile URL is not a valid address';
      }
    }
  }
  if (form.units !== 'metric' && form.units !== 'imperial') errors.units = 'Choose metric or imperial units';
  if (!(THEMES as readonly string[]).includes(form.theme)) errors.theme = 'Choose the system, light or dark theme';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    patch: {
      refreshIntervalSec: refresh as number,
      staleAfterMin: stale as number,
      retentionDays: retention as number,
      tileCacheMb: tileCache as number,
      units: form.units,
      theme: form.theme,
      tileUrl,
      tileAttribution: form.tileAttribution.trim(),
    },
  };
}
