import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import SettingsDialog from '../../../../../src-renderer/src/views/settings/SettingsDialog.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { DEFAULT_SETTINGS } from '@contract';
import type { Settings } from '../../../../../src-main/contract';
import { FakeBridge, NOW, resetStores } from '../../fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

async function open() {
  resetStores(() => NOW);
  // The session follows the 'settings' event, as in the app: a saved change comes back that way.
  bridge.handle('settings:get', () => DEFAULT_SETTINGS);
  await session.init();
  const onClose = vi.fn();
  render(SettingsDialog, { onClose });
  return { onClose };
}

describe('SettingsDialog', () => {
  it('shows validation errors next to the field and sends nothing', async () => {
    const { onClose } = await open();
    await fireEvent.input(screen.getByLabelText('Refresh every (seconds)'), { target: { value: '2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Refresh every 15 s to 24 h (86,400 s)')).toBeInTheDocument();
    expect(screen.getByLabelText('Refresh every (seconds)')).toHaveAttribute('aria-invalid', 'true');
    expect(bridge.callsTo('settings:set')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves valid settings and closes; a refusal from the main side is shown', async () => {
    bridge.handle('settings:set', () => {
      throw Object.assign(new Error('Could not write settings: disk full'), { kind: 'storage' });
    });
    const { onClose } = await open();
    await fireEvent.change(screen.getByLabelText('Units'), { target: { value: 'imperial' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings not saved: Could not write settings: disk full');
    expect(onClose).not.toHaveBeenCalled();

    bridge.handle('settings:set', (patch) => bridge.emit('settings', { ...DEFAULT_SETTINGS, ...(patch as Partial<Settings>) }));
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(session.settings.units).toBe('imperial');
    expect(bridge.callsTo('settings:set').at(-1)?.[0]).toMatchObject({ units: 'imperial', refreshIntervalSec: 60 });
  });

  it('sets how many MB of map tiles are kept for offline use, within bounds', async () => {
    bridge.handle('settings:set', (patch) => bridge.emit('settings', { ...DEFAULT_SETTINGS, ...(patch as Partial<Settings>) }));
    const { onClose } = await open();
    const field = screen.getByLabelText('Keep map tiles for offline use, up to (MB)');
    expect(field).toHaveValue('200');
    await fireEvent.input(field, { target: { value: '5' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Keep 10 to 5,000 MB of map tiles')).toBeInTheDocument();
    expect(bridge.callsTo('settings:set')).toHaveLength(0);
    await fireEvent.input(field, { target: { value: '750' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bridge.callsTo('settings:set').at(-1)?.[0]).toMatchObject({ tileCacheMb: 750 });
  });

  it('Escape closes the dialog', async () => {
    const { onClose } = await open();
    await fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
