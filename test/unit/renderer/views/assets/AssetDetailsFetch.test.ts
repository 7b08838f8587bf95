/**
 * The details pane fetches the selected asset's full record (`assets:detail`): the
 * renderer holds rows only. Loading, failures (the last good record stays), a refresh
 * that changes the asset shown, and answers that arrive out of order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import type { Asset } from '@contract';
import AssetDetails from '../../../../../src-renderer/src/views/assets/AssetDetails.svelte';
import { asset, FakeBridge, FakeFailure, metric, NOW, resetStores, rowChange, snapshot } from '../../fixtures';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';
import { deferred } from '../../../../fixtures/deferred';

process.env.TZ = 'UTC';

const FETCHED = '2026-11-22T11:59:00Z';
const truck = (fuel: number, at = '2026-11-22T11:58:00Z', name = 'Truck 7'): Asset => asset(7, { name }, { fuel: metric(fuel, at, 'CAN bus'), ignition: metric(true, at) });

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  setBridge(bridge);
  resetStores(() => NOW);
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

function mount() {
  render(AssetDetails, { onOpenAssetMap: vi.fn(), onOpenSelectionMap: vi.fn() });
}

const fuelText = () => screen.queryByText(/^\s*\d+ %\s*$/)?.textContent?.trim() ?? null;

describe('AssetDetails fetches the full record of the selected asset', () => {
  it('shows the row at once and "Loading details…" until the record arrives', async () => {
    const answer = deferred<Asset | null>();
    bridge.handle('assets:detail', () => answer.promise);
    assets.setSnapshot(snapshot([truck(41)]));
    selection.click('thing:7', {});
    mount();
    expect(screen.getByRole('heading', { name: 'Truck 7' })).toBeInTheDocument();
    expect(await screen.findByTestId('details-loading')).toHaveTextContent('Loading details…');
    expect(bridge.callsTo('assets:detail')).toEqual([['thing:7']]);
    answer.resolve(truck(41));
    await vi.waitFor(() => expect(fuelText()).toBe('41 %'));
    expect(screen.getByText(/from CAN bus/)).toBeInTheDocument();
    expect(screen.queryByTestId('details-loading')).toBeNull();
  });

  it('fetches nothing while no single asset is shown', async () => {
    assets.setSnapshot(snapshot([truck(41), asset(8)]));
    mount();
    selection.click('thing:7', {});
    selection.click('thing:8', { ctrl: true }); // two selected: the summary, no record needed
    expect(selection.detailsMode).toBe('summary');
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Truck 7' })).toBeNull());
    expect(bridge.callsTo('assets:detail').flat()).not.toContain('thing:8');
  });

  it('says clearly when the record cannot be loaded, and loads it on "Try again"', async () => {
    let fail = true;
    bridge.handle('assets:detail', () => {
      if (fail) throw new FakeFailure({ kind: 'storage', message: 'The offline copy of the asset list could not be read.' });
      return truck(41);
    });
    assets.setSnapshot(snapshot([truck(41)]));
    selection.click('thing:7', {});
    mount();
    const error = await screen.findByTestId('details-error');
    expect(error).toHaveTextContent('Could not load the details of thing:7 (The offline copy of the asset list could not be read).');
    expect(screen.getByRole('heading', { name: 'Truck 7' })).toBeInTheDocument(); // the row still shows who it is
    fail = false;
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(fuelText()).toBe('41 %'));
    expect(screen.queryByTestId('details-error')).toBeNull();
  });

  it('asks again when a refresh changes the asset shown, and shows the new record', async () => {
    const records = [truck(41), truck(12, '2026-11-22T12:00:30Z')];
    bridge.handle('assets:detail', () => records[Math.min(bridge.callsTo('assets:detail').length, records.length) - 1]);
    assets.setSnapshot(snapshot([truck(41), asset(8)]));
    selection.click('thing:7', {});
    mount();
    await vi.waitFor(() => expect(fuelText()).toBe('41 %'));
    // Another asset changed: the record shown is still current, nothing is asked.
    assets.applyChange(rowChange({ profileId: 'demo', baseFetchedAt: FETCHED, fetchedAt: '2026-11-22T12:00:00Z', source: 'network', skipped: [], changed: [asset(8, { name: 'Truck 8b' })], removed: [], order: null }));
    await Promise.resolve();
    expect(bridge.callsTo('assets:detail')).toHaveLength(1);
    // The asset shown changed.
    assets.applyChange(rowChange({ profileId: 'demo', baseFetchedAt: '2026-11-22T12:00:00Z', fetchedAt: '2026-11-22T12:01:00Z', source: 'network', skipped: [], changed: [records[1]], removed: [], order: null }));
    await vi.waitFor(() => expect(fuelText()).toBe('12 %'));
    expect(bridge.callsTo('assets:detail')).toEqual([['thing:7'], ['thing:7']]);
  });

  it('keeps the last good record on screen when asking again fails, and says so', async () => {
    let calls = 0;
    bridge.handle('assets:detail', () => {
      calls++;
      if (calls > 1) throw new FakeFailure({ kind: 'internal', message: 'The core stopped answering' });
      return truck(41);
    });
    assets.setSnapshot(snapshot([truck(41)]));
    selection.click('thing:7', {});
    mount();
    await vi.waitFor(() => expect(fuelText()).toBe('41 %'));
    assets.applyChange(rowChange({ profileId: 'demo', baseFetchedAt: FETCHED, fetchedAt: '2026-11-22T12:01:00Z', source: 'network', skipped: [], changed: [truck(12, '2026-11-22T12:00:30Z')], removed: [], order: null }));
    const error = await screen.findByTestId('details-error');
    expect(error).toHaveTextContent('Could not load the details of thing:7 (The core stopped answering). Showing what was last loaded.');
    expect(fuelText()).toBe('41 %');
  });

  it('says when the main side no longer holds the asset, keeping what was loaded', async () => {
    let calls = 0;
    bridge.handle('assets:detail', () => (++calls === 1 ? truck(41) : null));
    assets.setSnapshot(snapshot([truck(41)]));
    selection.click('thing:7', {});
    mount();
    await vi.waitFor(() => expect(fuelText()).toBe('41 %'));
    assets.setSnapshot(snapshot([truck(41)], { fetchedAt: '2026-11-22T12:02:00Z' })); // a whole list: new rows
    expect(await screen.findByTestId('details-error')).toHaveTextContent('The main side no longer holds thing:7');
    expect(fuelText()).toBe('41 %');
  });

  it('never shows a late answer for an asset no longer selected', async () => {
    const slow = deferred<Asset | null>();
    bridge.handle('assets:detail', (id) => (id === 'thing:7' ? slow.promise : asset(8, { name: 'Truck 8' }, { fuel: metric(88) })));
    assets.setSnapshot(snapshot([truck(41), asset(8, { name: 'Truck 8' }, { fuel: metric(88) })]));
    selection.click('thing:7', {});
    mount();
    await vi.waitFor(() => expect(bridge.callsTo('assets:detail')).toEqual([['thing:7']]));
    selection.click('thing:8', {});
    await vi.waitFor(() => expect(fuelText()).toBe('88 %'));
    slow.resolve(truck(41));
    await new Promise((done) => setTimeout(done, 0)); // every microtask of the late answer has run
    await tick();
    expect(screen.getByRole('heading', { name: 'Truck 8' })).toBeInTheDocument();
    expect(fuelText()).toBe('88 %');
  });
});
