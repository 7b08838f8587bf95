/**
 * "Make a site from this place": offered for the service's places (area assets) with a
 * position only; sends the place, the radius and the kind; a radius out of range is refused
 * in the contract's words before any call, and the main side's refusal shows in place.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { FakeBridge, FakeFailure, asset, metric, NOW, resetStores, snapshot } from '../../fixtures';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';
import { siteDesk } from '../../../../../src-renderer/src/state/site-desk.svelte';
import AssetDetails from '../../../../../src-renderer/src/views/assets/AssetDetails.svelte';
import PlaceToSite from '../../../../../src-renderer/src/views/sites/PlaceToSite.svelte';
import { site } from './sites-fixtures';

let bridge: FakeBridge;
beforeEach(() => {
  resetStores(() => NOW);
  siteDesk.dispose();
  bridge = new FakeBridge().handle('sites:fromPlace', () => site('s-0000000f', { name: 'Depot' }));
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

describe('a place in the details pane', () => {
  const gps = metric({ lat: 40.5, lng: -111.9 });
  it('offers a site for a place with a position', async () => {
    assets.setSnapshot(snapshot([asset(1, { type: 'area', name: 'Depot' }, { gps })]));
    selection.click('thing:1', {});
    render(AssetDetails, { onOpenAssetMap: vi.fn(), onOpenSelectionMap: vi.fn() });
    expect(await screen.findByRole('button', { name: 'Make a site from this place' })).toBeInTheDocument();
  });

  it('does not offer one for a machine, or for a place without a position', async () => {
    assets.setSnapshot(snapshot([asset(1, { type: 'thing' }, { gps }), asset(2, { type: 'area' }, {})]));
    selection.click('thing:1', {});
    render(AssetDetails, { onOpenAssetMap: vi.fn(), onOpenSelectionMap: vi.fn() });
    await screen.findByRole('heading', { name: 'Truck 1' });
    expect(screen.queryByRole('button', { name: 'Make a site from this place' })).toBeNull();
    selection.click('thing:2', {});
    await screen.findByRole('heading', { name: 'Truck 2' });
    expect(screen.queryByRole('button', { name: 'Make a site from this place' })).toBeNull();
  });
});

describe('making the site', () => {
  async function open() {
    render(PlaceToSite, { assetId: 'thing:1', name: 'Depot' });
    await fireEvent.click(screen.getByRole('button', { name: 'Make a site from this place' }));
  }

  it('sends the place with the radius and kind chosen', async () => {
    await open();
    await fireEvent.input(screen.getByLabelText('Radius (m)'), { target: { value: '350' } });
    await fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'yard' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Make site' }));
    await waitFor(() => expect(bridge.callsTo('sites:fromPlace')).toEqual([[{ assetId: 'thing:1', radiusM: 350, kind: 'yard' }]]));
    expect(await screen.findByRole('button', { name: 'Make a site from this place' })).toBeInTheDocument();
    expect(siteDesk.nextUndo?.kind).toBe('created');
  });

  it('refuses a radius out of range before any call', async () => {
    await open();
    await fireEvent.input(screen.getByLabelText('Radius (m)'), { target: { value: '1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Make site' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Not made: A circle's radius is 5 m to 50 km");
    expect(bridge.callsTo('sites:fromPlace')).toEqual([]);
  });

  it('shows the main side’s refusal and keeps the form', async () => {
    bridge.handle('sites:fromPlace', () => {
      throw new FakeFailure({ kind: 'invalid-argument', message: 'This place has no position any more' });
    });
    await open();
    await fireEvent.click(screen.getByRole('button', { name: 'Make site' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not made: This place has no position any more');
    expect(screen.getByLabelText('Radius (m)')).toHaveValue('200');
  });
});
