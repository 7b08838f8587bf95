/**
 * A message in the status bar (a saved download's path) is one line: the text is cut by
 * the bar's layout, so the whole message must stay readable in its tooltip. The bar
 * keeping one line in a real browser is checked by the list-widths end-to-end spec.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import StatusBar from '../../../../../src-renderer/src/views/status/StatusBar.svelte';
import { NOW, resetStores } from '../../fixtures';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';

afterEach(cleanup);

const LONG = 'Saved 10,000 assets to /home/dispatcher/Downloads/fleet-desk/north-branch/fleet-desk-assets-2026-11-22T12-00-00Z.csv (2.4 MB, 41 columns, speed in km/h)';

describe('StatusBar message', () => {
  it('shows a long download message on one line with the whole text in its tooltip, and dismisses it', async () => {
    resetStores(() => NOW);
    render(StatusBar, {});
    ui.notify(LONG);
    flushSync();
    const toast = screen.getByTestId('status-toast');
    const text = toast.querySelector('[title]') as HTMLElement;
    expect(text.title).toBe(LONG);
    expect(text).toHaveTextContent(LONG);
    expect(text.querySelector('br')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByTestId('status-toast')).toBeNull();
  });

  it('gives every item that may be cut in a narrow window its whole text as a title', () => {
    resetStores(() => NOW);
    render(StatusBar, {});
    const synced = screen.getByText('Not synced yet');
    expect(synced.title).toBe('Not synced yet');
  });
});
