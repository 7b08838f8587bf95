/**
 * The workspace list with sites: the Site column (the site's name, the place in words
 * muted, or blank), days on site, sorting by site, search by site name, the site chips
 * with faceted counts, the site sentence and "Open site" in the details pane, region codes
 * read as site names (details, alerts), and where a selection is. The core decides where
 * each machine is; these tests fill the sites store as its announcement would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tick } from 'svelte';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import type { Asset, SitePresence } from '../../../../../src-main/contract';
import AssetsPane from '../../../../../src-renderer/src/views/assets/AssetsPane.svelte';
import AssetDetails from '../../../../../src-renderer/src/views/assets/AssetDetails.svelte';
import AlertList from '../../../../../src-renderer/src/views/alerts/AlertList.svelte';
import { asset, FakeBridge, metric, NOW, resetStores, snapshot } from '../../fixtures';
import { off, on, site } from '../../../../fixtures/sites/sites';
import { alertRecord } from '../alerts/alert-fixtures';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { sitesStore } from '../../../../../src-renderer/src/state/sites.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import { siteDesk } from '../../../../../src-renderer/src/state/site-desk.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';
import { alertsStore } from '../../../../../src-renderer/src/state/alerts.svelte';

process.env.TZ = 'UTC';
const HOUR = 3_600_000;
const gps = metric({ lat: 40.6, lng: -111.9 });
const north = site(1, 'North yard', { regionCode: 'region:SLC-YARD' });
const south = site(2, 'South yard', { kind: 'job' });

function fleet(): Asset[] {
  return [
    asset(1, { name: 'Excavator 1' }, { gps, ignition: metric(true) }),
    asset(2, { name: 'Loader 2' }, { gps, ignition: metric(false) }),
    asset(3, { name: 'Loader 3' }, { gps, ignition: metric(true) }),
    asset(4, { name: 'Truck 4' }, { gps, ignition: metric(true) }),
    asset(5, { name: 'Truck 5' }, { gps, ignition: metric(false) }),
    asset(6, { name: 'Truck 6' }, { ignition: metric(true) }),
  ];
}

const PRESENCE: Record<string, SitePresence> = {
  'thing:1': on(north, NOW - 3 * 24 * HOUR),
  'thing:2': on(north, NOW - 5 * HOUR, true),
  'thing:3': on(south, NOW - 30 * 24 * HOUR),
  'thing:4': off('6 km NE of Sandy, UT'),
  'thing:5': off(null),
};

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  setBridge(bridge);
  resetStores(() => NOW);
});
afterEach(() => {
  cleanup();
  setBridge(null);
  resetStores(() => NOW);
});

function workspace(sites = [north, south], presence = PRESENCE, rows = fleet()) {
  assets.setSnapshot(snapshot(rows));
  sitesStore.replace({ profileId: 'demo', sites, presence });
}

const cellOf = (id: string, key: string) => document.querySelector(`[data-asset-id="${id}"] .c-${key}`) as HTMLElement;
const listed = () => [...screen.getByRole('listbox').querySelectorAll('[role="option"] .c-name')].map((n) => n.textContent?.trim());
const chip = (id: string) => document.querySelector(`[data-filter="${id}"]`) as HTMLButtonElement;

describe('the Site column', () => {
  it("shows the site's name, the place in words (muted) when on none, and blank without a place", async () => {
    workspace();
    render(AssetsPane, {});
    expect(cellOf('thing:1', 'site')).toHaveTextContent('North yard');
    expect(cellOf('thing:1', 'site')).not.toHaveClass('muted');
    expect(cellOf('thing:1', 'site').title).toMatch(/^On North yard \(Yard\) since /);
    expect(cellOf('thing:4', 'site')).toHaveTextContent('6 km NE of Sandy, UT');
    expect(cellOf('thing:4', 'site')).toHaveClass('muted');
    expect(cellOf('thing:5', 'site')).toHaveTextContent('—');
    expect(cellOf('thing:5', 'site').title).toBe('Not on a site');
    expect(cellOf('thing:6', 'site').title).toBe('No position');
  });

  it('follows the core: a machine that drives onto a site shows it at the next announcement', async () => {
    workspace();
    render(AssetsPane, {});
    sitesStore.apply({ profileId: 'demo', sites: null, presence: { 'thing:4': on(south, NOW - HOUR) } });
    await tick();
    expect(cellOf('thing:4', 'site')).toHaveTextContent('South yard');
    expect(cellOf('thing:4', 'site')).not.toHaveClass('muted');
  });

  it('works out the site values once per announcement of the sites, not per keystroke', async () => {
    workspace();
    render(AssetsPane, {});
    const layer = assets.sites;
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'north' } });
    expect(listed()).toEqual(['Excavator 1', 'Loader 2']);
    expect(assets.sites).toBe(layer);
    sitesStore.apply({ profileId: 'demo', sites: null, presence: { 'thing:3': on(north, NOW - HOUR) } });
    await tick();
    expect(assets.sites).not.toBe(layer);
    expect(listed()).toEqual(['Excavator 1', 'Loader 2', 'Loader 3']);
  });

  it('shows a site name as text, never as markup', () => {
    workspace([site(9, '<img src=x onerror="window.hacked=1">')], { 'thing:1': on(site(9, ''), NOW - HOUR) });
    render(AssetsPane, {});
    expect(cellOf('thing:1', 'site').textContent).toContain('<img src=x onerror="window.hacked=1">');
    expect(document.querySelector('[data-testid="asset-list"] img, [data-testid="site-chips"] img')).toBeNull();
  });

  it('shows days on site, with "≥" when Fleet Desk only saw the machine arrive, and sorts by it', async () => {
    workspace();
    ui.updateList({ columns: ['site', 'siteSince'] });
    render(AssetsPane, {});
    expect(cellOf('thing:1', 'siteSince')).toHaveTextContent('3 d');
    expect(cellOf('thing:2', 'siteSince')).toHaveTextContent('≥ 5 h');
    expect(cellOf('thing:4', 'siteSince')).toHaveTextContent('—');
    await fireEvent.click(screen.getByRole('button', { name: /^On site, not sorted/ }));
    expect(ui.list.sort).toBe('siteSince');
    expect(listed()).toEqual(['Loader 2', 'Excavator 1', 'Loader 3', 'Truck 4', 'Truck 5', 'Truck 6']);
  });

  it('sorts by site from its header: machines on sites by site name, then places, then blanks', async () => {
    workspace();
    render(AssetsPane, {});
    await fireEvent.click(screen.getByRole('button', { name: /^Site, not sorted/ }));
    expect(ui.list.sort).toBe('site');
    expect(listed()).toEqual(['Excavator 1', 'Loader 2', 'Loader 3', 'Truck 4', 'Truck 5', 'Truck 6']);
  });

  it('finds the machines on a site by typing its name in the search', async () => {
    workspace();
    render(AssetsPane, {});
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'south' } });
    expect(listed()).toEqual(['Loader 3']);
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'north loader' } });
    expect(listed()).toEqual(['Loader 2']);
  });
});

describe('the site chips', () => {
  it('has a chip per site with its count, "Not on a site" and "No position", in their own labelled group', () => {
    workspace();
    render(AssetsPane, {});
    const group = screen.getByRole('group', { name: 'Filter by site' });
    const labels = within(group).getAllByRole('button').map((b) => b.textContent?.replace(/\s+/g, ' ').trim());
    expect(labels).toEqual(['North yard 2', 'South yard 1', 'Not on a site 2', 'No position 1']);
    expect(within(group).getByRole('button', { name: /^South yard/ })).toHaveAttribute('title', 'Job site');
  });

  it('in a short window shows only the picked site chips, the rest behind "More sites", so the list keeps its rows', async () => {
    const before = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-height'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
    try {
      workspace();
      ui.updateList({ filters: [`site:${south.id}`] });
      render(AssetsPane, {});
      const group = screen.getByRole('group', { name: 'Filter by site' });
      // Chip names without their counts.
      const labels = () => within(group).getAllByRole('button').map((b) => b.textContent?.replace(/\s+/g, ' ').replace(/ [\d,]+$/, '').trim());
      expect(labels()).toEqual(['South yard', 'Not on a site', 'No position', 'More sites (1)']);
      await fireEvent.click(within(group).getByRole('button', { name: 'More sites (1)' }));
      expect(labels()).toEqual(['North yard', 'South yard', 'Not on a site', 'No position', 'Fewer sites']);
    } finally {
      window.matchMedia = before;
    }
  });

  it('filters by a site and counts each chip with the other filters on', async () => {
    workspace();
    render(AssetsPane, {});
    await fireEvent.click(chip(`site:${north.id}`));
    expect(chip(`site:${north.id}`)).toHaveAttribute('aria-pressed', 'true');
    expect(listed()).toEqual(['Excavator 1', 'Loader 2']);
    expect(chip('ignition:on')).toHaveTextContent('Ignition on 1');
    await fireEvent.click(chip(`site:${north.id}`));
    await fireEvent.click(chip('ignition:on'));
    expect(chip(`site:${north.id}`)).toHaveTextContent('North yard 1');
    expect(chip('site:none')).toHaveTextContent('Not on a site 1');
    expect(chip('site:no-position')).toHaveTextContent('No position 1');
    await fireEvent.click(chip('site:none'));
    expect(listed()).toEqual(['Truck 4']);
  });

  it('a site chip that would list nothing with the other filters says 0 and cannot be picked', async () => {
    workspace();
    render(AssetsPane, {});
    await fireEvent.click(chip('ignition:off'));
    expect(listed()).toEqual(['Loader 2', 'Truck 5']);
    expect(chip(`site:${south.id}`)).toHaveTextContent('South yard 0');
    expect(chip(`site:${south.id}`)).toHaveAttribute('aria-disabled', 'true');
    await fireEvent.click(chip(`site:${south.id}`));
    expect(ui.list.filters).toEqual(['ignition:off']);
    await fireEvent.click(chip(`site:${north.id}`));
    expect(listed()).toEqual(['Loader 2']);
  });

  it('shows no site chips while the branch has no sites', () => {
    workspace([], {});
    render(AssetsPane, {});
    expect(screen.queryByRole('group', { name: 'Filter by site' })).toBeNull();
  });
});

/** Shows one machine in the details pane and waits for its full record. */
async function details(id: string, rows = fleet()) {
  workspace(undefined, undefined, rows);
  selection.click(id, {});
  render(AssetDetails, { onOpenAssetMap: vi.fn(), onOpenSelectionMap: vi.fn() });
  await vi.waitFor(() => expect(screen.queryByTestId('details-loading')).toBeNull());
  await vi.waitFor(() => expect(bridge.callsTo('assets:detail').length).toBeGreaterThan(0));
}

describe('the details pane', () => {
  it('says which site the machine is on, since when and for how long, with a button to the site', async () => {
    await details('thing:1');
    expect(screen.getByTestId('details-site')).toHaveTextContent(/^On North yard \(Yard\) since Thu,? 12:00 (PM )?— 3 days/);
    await fireEvent.click(screen.getByRole('button', { name: 'Open site' }));
    expect(siteDesk.pageSiteId).toBe(north.id);
    expect(siteDesk.paneOpen).toBe(true);
  });

  it('says "at least since" when the arrival was not seen', async () => {
    await details('thing:2');
    expect(screen.getByTestId('details-site')).toHaveTextContent(/On North yard \(Yard\) at least since Sun,? 07:00 (AM )?— 5 hours/);
  });

  it('says where the machine is in words when it is on no site, with no site button', async () => {
    await details('thing:4');
    expect(screen.getByTestId('details-site')).toHaveTextContent('Not on a site — 6 km NE of Sandy, UT');
    expect(screen.queryByRole('button', { name: 'Open site' })).toBeNull();
  });

  it("shows a region code as the name of the site that stands for it, and other codes as they are", async () => {
    const rows = fleet();
    rows[0] = asset(1, { name: 'Excavator 1' }, { gps, 'geo-regions': metric(['region:SLC-YARD', 'region:UT']) });
    await details('thing:1', rows);
    await vi.waitFor(() => expect(screen.getByTestId('details-regions')).toBeInTheDocument());
    const regions = screen.getByTestId('details-regions');
    expect(regions).toHaveTextContent('North yard (SLC-YARD), UT');
    expect(within(regions).getByText('North yard')).toHaveAttribute('title', "The service's code: region:SLC-YARD");
  });
});

describe('the alerts list', () => {
  it('names the site in a region alert', async () => {
    workspace();
    alertsStore.alerts = [alertRecord(1, { rule: 'region', message: 'Entered SLC-YARD', value: 'region:SLC-YARD' }), alertRecord(2, { rule: 'region', message: 'Left UT', value: 'region:UT' })];
    render(AlertList, {});
    await tick();
    const list = screen.getByTestId('alert-list');
    expect(within(list).getByText('Entered North yard')).toHaveAttribute('title', "Entered SLC-YARD (the service's code region:SLC-YARD)");
    expect(within(list).getByText('Left UT')).toBeInTheDocument();
  });
});

describe('the selection summary', () => {
  it('says on how many sites the selected machines are, and how many on each', async () => {
    workspace();
    render(AssetDetails, { onOpenAssetMap: vi.fn(), onOpenSelectionMap: vi.fn() });
    selection.click('thing:1', {});
    selection.click('thing:6', { shift: true });
    await tick();
    const sites = screen.getByTestId('summary-sites');
    expect(sites).toHaveTextContent(/^on 2 sites:/);
    expect(within(sites).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['2 on North yard', '1 on South yard', '2 not on a site', '1 without a position']);
  });
});
