/**
 * After a shape is drawn, the form names it: the contract's messages show beside their
 * field without a call, a save sends the drawn shape, the main side's refusal shows beside
 * the form and keeps both the shape and what was typed, and Cancel keeps nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { FakeBridge, FakeFailure, resetStores } from '../../fixtures';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { siteDesk } from '../../../../../src-renderer/src/state/site-desk.svelte';
import { sitesStore } from '../../../../../src-renderer/src/state/sites.svelte';
import { rectangleShape } from '../../../../../src-renderer/src/lib/sites/site-shapes';
import SitesPane from '../../../../../src-renderer/src/views/sites/SitesPane.svelte';
import type { SiteInput } from '../../../../../src-main/contract';
import { site, sitesState } from './sites-fixtures';

const drawn = rectangleShape(40.5, -111.9, 40.6, -111.8);
let bridge: FakeBridge;

beforeEach(async () => {
  resetStores();
  siteDesk.dispose();
  bridge = new FakeBridge().handle('sites:get', () => sitesState([])).handle('sites:save', (input: unknown) => site('s-00000001', { name: (input as SiteInput).name, shape: drawn }));
  setBridge(bridge);
  await sitesStore.init();
  render(SitesPane, { onOpenSelectionMap: () => {} });
});
afterEach(() => {
  cleanup();
  setBridge(null);
  siteDesk.dispose();
});

async function drawAndOpenForm() {
  siteDesk.setPending(drawn);
  return screen.findByTestId('site-form');
}

describe('the new-site form', () => {
  it('asks for a name in the contract’s words, and sends nothing', async () => {
    await drawAndOpenForm();
    await fireEvent.click(screen.getByRole('button', { name: 'Save site' }));
    expect(await screen.findByText('A site name must not be empty')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(bridge.callsTo('sites:save')).toEqual([]);
    expect(siteDesk.pending).not.toBeNull();
  });

  it('saves the drawn shape with its name, kind and notes, then closes', async () => {
    await drawAndOpenForm();
    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: ' North yard ' } });
    await fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'restricted' } });
    await fireEvent.input(screen.getByLabelText('Notes'), { target: { value: 'Gate code at the office' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(bridge.callsTo('sites:save')).toEqual([[{ name: 'North yard', kind: 'restricted', notes: 'Gate code at the office', shape: drawn, regionCode: null }]]));
    await waitFor(() => expect(screen.queryByTestId('site-form')).toBeNull());
    expect(siteDesk.pending).toBeNull();
    expect(siteDesk.nextUndo?.kind).toBe('created');
  });

  it('shows the main side’s refusal beside the form and keeps the shape and the typed name', async () => {
    bridge.handle('sites:save', () => {
      throw new FakeFailure({ kind: 'invalid-argument', message: 'The outline crosses itself: draw it without crossing lines' });
    });
    await drawAndOpenForm();
    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Job 14' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save site' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: The outline crosses itself: draw it without crossing lines');
    expect(siteDesk.pending?.shape).toEqual(drawn);
    expect(screen.getByLabelText('Name')).toHaveValue('Job 14');
    expect(siteDesk.nextUndo).toBeNull();
  });

  it('puts a refusal about the name beside the name', async () => {
    bridge.handle('sites:save', () => {
      throw new FakeFailure({ kind: 'invalid-argument', message: 'Another site is already called Job 14', path: '$.name' });
    });
    await drawAndOpenForm();
    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Job 14' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save site' }));
    expect(await screen.findByText('Another site is already called Job 14')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps nothing when cancelled', async () => {
    await drawAndOpenForm();
    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Half typed' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('site-form')).toBeNull());
    expect(siteDesk.pending).toBeNull();
    expect(bridge.callsTo('sites:save')).toEqual([]);
    // A new drawing starts with an empty form, not the cancelled one's text.
    await drawAndOpenForm();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});
