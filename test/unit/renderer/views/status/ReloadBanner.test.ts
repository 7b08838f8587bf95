/** Web shell: after a profile switch its page policy does not cover, the page asks for a reload. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import Banners from '../../../../../src-renderer/src/views/status/Banners.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { FakeBridge, resetStores } from '../../fixtures';

let bridge: FakeBridge;
const realReload = session.reloadPage;

beforeEach(async () => {
  resetStores();
  bridge = new FakeBridge().handle('app:info', () => ({ shell: 'web', version: 't', platform: 'linux', demo: true }));
  setBridge(bridge);
  await session.init();
});
afterEach(() => {
  cleanup();
  session.reloadPage = realReload;
  session.dispose();
  setBridge(null);
});

describe('the reload banner', () => {
  it('appears when the shell says the page policy lacks the new profile’s maps; its Reload button is a keyboard-reachable button that reloads', async () => {
    const reload = vi.fn();
    session.reloadPage = reload;
    render(Banners, { onOpenConnection: vi.fn() });
    expect(screen.queryByTestId('reload-banner')).toBeNull();

    bridge.emit('page:reload-needed', { needed: true });
    const banner = await screen.findByTestId('reload-banner');
    expect(banner).toHaveTextContent("Reload Fleet Desk to open this service's maps");
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).not.toHaveAttribute('tabindex', '-1');
    expect(button).toBeEnabled();
    button.focus();
    expect(document.activeElement).toBe(button);
    await fireEvent.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes away when the shell says no reload is needed any more (switched back)', async () => {
    render(Banners, { onOpenConnection: vi.fn() });
    bridge.emit('page:reload-needed', { needed: true });
    await screen.findByTestId('reload-banner');
    bridge.emit('page:reload-needed', { needed: false });
    await vi.waitFor(() => expect(screen.queryByTestId('reload-banner')).toBeNull());
  });
});
