import { describe, expect, it } from 'vitest';
import { toForm, validateSettings } from '../../../../../src-renderer/src/lib/settings/validate';
import { DEFAULT_SETTINGS } from '@contract';
import { shortcutFor } from '../../../../../src-renderer/src/lib/shortcuts';

describe('settings validation', () => {
  const base = toForm(DEFAULT_SETTINGS);

  it('accepts good values and trims', () => {
    const r = validateSettings({ ...base, refreshIntervalSec: ' 30 ', tileUrl: ' http://127.0.0.1:8080/{z}/{x}/{y}.png ' });
    expect(r).toEqual({
      ok: true,
      patch: { refreshIntervalSec: 30, staleAfterMin: 60, retentionDays: 30, tileCacheMb: 200, units: 'metric', theme: 'system', tileUrl: 'http://127.0.0.1:8080/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap contributors', timeZone: '' },
    });
  });

  it("checks the branch's time zone with the shared rule", () => {
    const good = validateSettings({ ...base, timeZone: ' America/Denver ' });
    expect(good.ok && good.patch.timeZone).toBe('America/Denver');
    const bad = validateSettings({ ...base, timeZone: 'Mountain Time' });
    expect(bad.ok === false && bad.errors.timeZone).toBe("The branch's time zone is empty (the machines' own zone) or a name such as America/Denver");
  });

  it('rejects bad numbers and tile URLs with the shared rules, in words for a dispatcher', () => {
    const r = validateSettings({ ...base, refreshIntervalSec: '5', staleAfterMin: 'ten', tileUrl: 'ftp://x/{z}/{x}/{y}', retentionDays: '0' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.refreshIntervalSec).toBe('Refresh every 15 s to 24 h (86,400 s)');
    expect(r.errors.staleAfterMin).toBe('Minutes without a report must be a whole number from 1 to 10,080 (a week)');
    expect(r.errors.tileUrl).toMatch(/^The tile address is empty or an http:\/\/ or https:\/\/ address with \{z\}, \{x\} and \{y\}/);
    expect(r.errors.retentionDays).toBe('Keep positions and readings for 1 to 365 days');
    const r3 = validateSettings({ ...base, tileCacheMb: '9' });
    expect(r3.ok === false && r3.errors.tileCacheMb).toBe('Keep 10 to 5,000 MB of map tiles');
    const r4 = validateSettings({ ...base, theme: 'blue' as never });
    expect(r4.ok === false && r4.errors.theme).toBe('Choose the system, light or dark theme');
    const r2 = validateSettings({ ...base, tileUrl: 'http://127.0.0.1/tiles.png' });
    expect(r2.ok === false && r2.errors.tileUrl).toMatch(/\{z\}, \{x\} and \{y\}/);
    expect(validateSettings({ ...base, refreshIntervalSec: '7200' }).ok).toBe(true);
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
