/** The theme setting, the same rule in the settings file, the IPC check and the form. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, THEMES } from '../../../../src-main/contract';
import { SettingsStore } from '../../../../src-main/core/settings/settings-store';
import { FleetError } from '../../../../src-main/core/errors';
import { validateInvoke } from '../../../../src-main/core/ipc/validate-args';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fleet-theme-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('theme setting', () => {
  it('follows the system unless chosen, and keeps light or dark once chosen', () => {
    expect(DEFAULT_SETTINGS.theme).toBe('system');
    expect([...THEMES]).toEqual(['system', 'light', 'dark']);
    const store = new SettingsStore(dir);
    expect(store.get().theme).toBe('system');
    expect(store.update({ theme: 'dark' }).theme).toBe('dark');
    expect(new SettingsStore(dir).get().theme).toBe('dark');
  });

  it('a settings file from before the theme existed starts on the system theme, without a notice', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ refreshIntervalSec: 120 }));
    const store = new SettingsStore(dir);
    expect(store.get()).toMatchObject({ theme: 'system', refreshIntervalSec: 120 });
    expect(store.notice).toBeNull();
  });

  it('refuses another value in words a person reads, in the store and at the IPC edge alike', () => {
    const store = new SettingsStore(dir);
    let refused: unknown;
    try {
      store.update({ theme: 'blue' });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(FleetError);
    expect((refused as FleetError).message).toBe('Choose the system, light or dark theme');
    expect(() => validateInvoke('settings:set', [{ theme: 'blue' }])).toThrow(/^Choose the system, light or dark theme\. \(Fleet Desk refused the settings, argument 1 of "settings:set"\.\)$/);
    expect(validateInvoke('settings:set', [{ theme: 'light' }]).args).toEqual([{ theme: 'light' }]);
  });
});
