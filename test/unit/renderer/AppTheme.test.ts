/** The light / dark / system choice is applied to the page and follows changes. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/svelte';
import type { Settings } from '../../../src-main/contract';
import { DEFAULT_SETTINGS } from '@contract';
import { THEME_STORAGE_KEY, restoreTheme } from '../../../src-renderer/src/lib/theme';
import { FakeBridge, snapshot, status } from './fixtures';
import { mountApp, useAppHarness } from './app-harness';


let bridge: FakeBridge;
let settings: Settings;

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  settings = { ...DEFAULT_SETTINGS, theme: 'dark' };
  bridge = new FakeBridge()
    .handle('app:info', () => ({ shell: 'web', version: '0.1.0', platform: 'linux', demo: true }))
    .handle('settings:get', () => settings)
    // As the main side does: the call answers nothing, the settings go out as the event.
    .handle('settings:set', (patch) => {
      settings = { ...settings, ...(patch as Partial<Settings>) };
      bridge.emit('settings', settings);
    })
    .handle('status:get', () => status())
    .handle('assets:get', () => snapshot([]));
});
useAppHarness(() => bridge);

const theme = () => document.documentElement.dataset.theme;

describe('theme', () => {
  it('is applied from the settings, changed in the Settings dialog, and follows changes made elsewhere', async () => {
    await mountApp();
    await vi.waitFor(() => expect(theme()).toBe('dark'));

    await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await fireEvent.change(await screen.findByLabelText('Theme', {}, { timeout: 10_000 }), { target: { value: 'light' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(theme()).toBe('light'));
    expect(bridge.callsTo('settings:set').at(-1)?.[0]).toMatchObject({ theme: 'light' });

    // "System": no attribute, so the CSS follows prefers-color-scheme.
    bridge.emit('settings', { ...settings, theme: 'system' });
    await vi.waitFor(() => expect(theme()).toBeUndefined());
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('the last choice paints the next start before the settings arrive', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    restoreTheme();
    expect(theme()).toBe('dark');
    delete document.documentElement.dataset.theme;
    localStorage.setItem(THEME_STORAGE_KEY, '<script>');
    restoreTheme();
    expect(theme()).toBeUndefined();
  });
});
