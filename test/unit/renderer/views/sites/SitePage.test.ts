/**
 * A site's page: the machines the core put on it, by category and state, with how long each
 * has been there ("at least", with when it was first seen, when its arrival was not seen) and which sat
 * idle; selecting them and opening the service's map of them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { FakeBridge, asset, metric, NOW, resetStores, snapshot } from '../../fixtures';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';
import { siteDesk } from '../../../../../src-renderer/src/state/site-desk.svelte';
import { sitesStore } from '../../../../../src-renderer/src/state/sites.svelte';
import SitePage from '../../../../../src-renderer/src/views/sites/SitePage.svelte';
import { presence, site, sitesState } from './sites-fixtures';

process.env.TZ = 'UTC';
const HOUR = 3_600_000;
const fresh = '2026-11-22T11:58:00Z';
const gps = metric({ lat: 40.5, lng: -111.9 }, fresh);
const yard = site('s-0000000a', { name: 'North yard', notes: 'Gate code at the office' });

const fleet = [
  asset(1, { name: 'Excavator 1', category: 'Excavators' }, { gps, ignition: metric(true, fresh) }),
  asset(2, { name: 'Truck 2', category: 'Trucks' }, { gps, ignition: metric(false, fresh), 'engine-runtime': metric(1_000_000, '2026-11-20T08:00:00Z') }),
  asset(3, { name: 'Truck 3', category: 'Trucks' }, { gps, 'in-motion': metric(true, fresh) }),
  asset(4, { name: 'Truck 4', category: 'Trucks' }, { gps, ignition: metric(false, fresh) }),
];

let onOpenSelectionMap: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  resetStores(() => NOW);
  siteDesk.dispose();
  setBridge(new FakeBridge());
  assets.setSnapshot(snapshot(fleet));
  sitesStore.replace(
    sitesState([yard], {
      'thing:1': presence(yard.id, NOW - 3 * HOUR),
      'thing:2': presence(yard.id, NOW - 50 * HOUR, true),
      'thing:3': presence(yard.id, null),
      'thing:4': presence(null, NOW - HOUR),
    }),
  );
  onOpenSelectionMap = vi.fn<() => void>();
  render(SitePage, { site: yard, onOpenSelectionMap });
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

describe('a site’s page', () => {
  it('shows the site’s name, kind, notes and count', () => {
    expect(screen.getByRole('heading', { name: 'North yard' })).toBeInTheDocument();
    expect(screen.getByText('Gate code at the office')).toBeInTheDocument();
    expect(screen.getByTestId('site-count')).toHaveTextContent('3 machines, 1 sat idle');
  });

  it('groups the machines on it by category, then state, leaving out those elsewhere', () => {
    const groups = screen.getAllByRole('region');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Excavators: 1 machine', 'Trucks: 2 machines']);
    const trucks = groups[1];
    expect([...trucks.querySelectorAll('.state')].map((p) => p.textContent)).toEqual(['Moving', 'Parked']);
    expect(within(trucks).queryByText('Truck 4')).toBeNull();
  });

  it('says since when each has been there, "at least" when only its first sighting is known', () => {
    const excavator = screen.getByText('Excavator 1').closest('li')!;
    expect(excavator).toHaveTextContent('here 3 h (since');
    const truck2 = screen.getByText('Truck 2').closest('li')!;
    expect(truck2).toHaveTextContent('here at least 2 d (first seen here');
    expect(screen.getByText('Truck 3').closest('li')).toHaveTextContent('arrival not known');
  });

  it('marks the machine that sat idle', () => {
    expect(within(screen.getByText('Truck 2').closest('li')!).getByText('sat idle')).toBeInTheDocument();
    expect(within(screen.getByText('Excavator 1').closest('li')!).queryByText('sat idle')).toBeNull();
  });

  it('selects the machines on it, and opens the service’s map of them', async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'Select them (3)' }));
    expect([...selection.current.selected].sort()).toEqual(['thing:1', 'thing:2', 'thing:3']);
    await fireEvent.click(screen.getByRole('button', { name: 'Open a map of them' }));
    expect(onOpenSelectionMap).toHaveBeenCalledTimes(1);
  });

  it('changes the notes through the form and saves the site with its outline', async () => {
    const bridge = new FakeBridge().handle('sites:save', (input: unknown) => ({ ...yard, ...(input as object) }));
    setBridge(bridge);
    await fireEvent.click(screen.getByRole('button', { name: 'Edit name, kind, notes' }));
    await fireEvent.input(screen.getByLabelText('Notes'), { target: { value: 'New gate code' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(bridge.callsTo('sites:save')).toEqual([[{ id: yard.id, name: 'North yard', kind: 'yard', notes: 'New gate code', shape: yard.shape, regionCode: null }]]));
  });
});
