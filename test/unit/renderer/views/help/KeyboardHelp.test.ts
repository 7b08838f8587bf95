/**
 * The keyboard help: F1 or ? (not while typing in a field) opens it, it lists every
 * key of the shortcut table under the place it works, and the shortcuts it lists work
 * in the browser too (Ctrl+1 / Ctrl+2 switch views there as well).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/svelte';
import type { FakeBridge } from '../../fixtures';
import { asset, snapshot } from '../../fixtures';
import { appBridge, mountApp, useAppHarness } from '../../app-harness';
import { SHORTCUTS, chordLabel } from '../../../../../src-renderer/src/lib/shortcuts';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = appBridge().handle('assets:get', () => snapshot([asset(1, {}, null), asset(2, {}, null)]));
});
useAppHarness(() => bridge);

async function started() {
  await mountApp();
  await screen.findByText('Truck 2');
}

const help = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });

describe('keyboard help', () => {
  it('F1 opens it with every key of the shortcut table, each under the place it works', async () => {
    await started();
    expect(help()).toBeNull();
    await fireEvent.keyDown(window, { key: 'F1' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const tables = within(dialog).getAllByRole('table');
    for (const shortcut of SHORTCUTS) {
      const place = tables.find((t) => (t.querySelector('caption')?.textContent ?? '').toLowerCase().includes(shortcut.where.toLowerCase()));
      expect(place, shortcut.where).toBeDefined();
      // Plain DOM rather than role queries: the help has many rows, and each role query walks them all.
      const row = [...place!.querySelectorAll('tbody tr')].find((tr) => tr.lastElementChild?.textContent === shortcut.does);
      expect(row, shortcut.does).toBeDefined();
      expect([...row!.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(shortcut.keys.map(chordLabel));
    }
    expect(within(dialog).getByText('Show the Assets view').closest('tr')?.querySelector('kbd')?.textContent).toBe('Ctrl+1');
    // The offline place names' licence asks for credit.
    expect(within(dialog).getByTestId('place-names-credit')).toHaveTextContent('GeoNames (geonames.org), CC BY 4.0');
    // Escape closes it and nothing else.
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(help()).toBeNull();
  });

  it('? opens it, but a ? typed in the search box stays in the search box', async () => {
    await started();
    const search = screen.getByRole('searchbox', { name: 'Search assets' });
    search.focus();
    await fireEvent.keyDown(search, { key: '?', shiftKey: true });
    expect(help()).toBeNull();
    await fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('the top bar\'s ? button opens it and says its keys', async () => {
    await started();
    const button = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    expect(button).toHaveAttribute('title', 'Keyboard shortcuts (F1 or ?)');
    await fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('Ctrl+2 and Ctrl+1 switch views in the browser, where no menu carries them', async () => {
    await started();
    await fireEvent.keyDown(window, { key: '2', ctrlKey: true });
    expect(screen.getByRole('tab', { name: 'Fleet' })).toHaveAttribute('aria-selected', 'true');
    await fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    expect(screen.getByRole('tab', { name: 'Assets' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the page has one top-level heading, and no dialog brings a second banner', async () => {
    await started();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await fireEvent.keyDown(window, { key: 'F1' });
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });
});
