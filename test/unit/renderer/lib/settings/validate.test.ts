import { describe, expect, it } from 'vitest';
import { toForm, validateSettings } from '../../../../../src-renderer/src/lib/settings/validate';
import { DEFAULT_SETTINGS } from '../../../../../src-renderer/src/state/workspace.svelte';
import { shortcutFor } from '../../../../../src-renderer/src/lib/shortcuts';

describe('settings validation', () => {
  const base = toForm(DEFAULT_SETTINGS);

  it('accepts good values and trims', () => {
    const r = validateSettings({ ...base, refreshIntervalSec: ' 30 ', tileUrl: ' http://127.0.0.1:8080/{z}/{x}/{y}.png ' });
    expect(r).toEqual({
      ok: true,
      patch: { refreshIntervalSec: 30, staleAfterMin: 60, retentionDays: 30, tileCacheMb: 200, units: 'metric', theme: 'system', tileUrl: 'http://127.0.0.1:8080/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap contributors' },
    });
  });

  it('rejects bad numbers and tile URLs with specific messages', () => {
    const r = validateSettings({ ...base, refreshIntervalSec: '5', staleAfterMin: 'ten', tileUrl: 'ftp://x/{z}/{x}/{y}', retentionDays: '0' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.refreshIntervalSec).toBe('Refresh interval must be between 15 and 86400');
    expect(r.errors.staleAfterMin).toBe('Stale threshold must be a whole number');
    expect(r.errors.tileUrl).toBe('Tile URL must start with http:// or https://');
    expect(r.errors.retentionDays).toBe('Retention must be between 1 and 3650');
    const r3 = validateSettings({ ...base, tileCacheMb: '9' });
    expect(r3.ok === false && r3.errors.tileCacheMb).toBe('The map tile cache (MB) must be between 10 and 5000');
    const r4 = validateSettings({ ...base, theme: 'blue' as never });
    expect(r4.ok === false && r4.errors.theme).toBe('Choose the system, light or dark theme');
    const r2 = validateSettings({ ...base, tileUrl: 'http://127.0.0.1/tiles.png' });
    expect(r2.ok === false && r2.errors.tileUrl).toMatch(/\{z\}, \{x\} and \{y\}/);
  });
});

describe('shortcuts', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => shortcutFor({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('maps keys to commands on Ctrl or Cmd', () => {
    expect(key('f', { ctrlKey: true })).toBe('focus-search');
    expect(key('R', { metaKey: true })).toBe('refresh');
    expect(key('m', { ctrlKey: true })).toBe('open-branch-map');
    expect(key('M', { ctrlKey: true, shiftKey: true })).toBe('open-selection-map');
    expect(key(',', { ctrlKey: true })).toBe('open-settings');
    expect(key('Escape')).toBe('close-panels');
    expect(key('f')).toBeNull();
    expect(key('r', { ctrlKey: true, altKey: true })).toBeNull();
  });
});
