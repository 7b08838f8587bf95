/**
 * The sites pane: every site with its kind and count, undo of the last edit (a new site is
 * deleted, a change saved back, a delete saved again under its old id) that forgets the last
 * branch's edits on a switch, the sites file in and out with a clear outcome, and the
 * keyboard ways to add a site.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { FakeBridge, FakeFailure, resetStores } from '../../fixtures';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { siteDesk, type SiteMapControl } from '../../../../../src-renderer/src/state/site-desk.svelte';
import { sitesStore } from '../../../../../src-renderer/src/state/sites.svelte';
import { appEvents } from '../../../../../src-renderer/src/state/events';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import SitesPane from '../../../../../src-renderer/src/views/sites/SitesPane.svelte';
import type { SiteInput } from '../../../../../src-main/contract';
import { presence, site, sitesState } from './sites-fixtures';

const north = site('s-0000000a', { name: 'North yard', kind: 'yard' });
const job = site('s-0000000b', { name: 'Job 14', kind: 'job' });
let bridge: FakeBridge;

beforeEach(async () => {
  resetStores();
  siteDesk.dispose();
  bridge = new FakeBridge()
    .handle('sites:get', () => sitesState([north, job], { 'thing:1': presence(north.id, 1), 'thing:2': presence(north.id, 1), 'thing:3': presence(null, 1) }))
    .handle('sites:save', (input: unknown) => ({ ...north, ...(input as SiteInput), id: (input as SiteInput).id ?? 's-0000000c' }))
    .handle('sites:delete', () => undefined);
  setBridge(bridge);
  await sitesStore.init();
  render(SitesPane, { onOpenSelectionMap: () => {} });
});
afterEach(() => {
  cleanup();
  setBridge(null);
  siteDesk.dispose();
});

describe('the list of sites', () => {
  it('lists every site by name with its kind and how many machines are on it', () => {
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent?.trim()))).toEqual([
      ['Job 14', 'Job site', '0'],
      ['North yard', 'Yard', '2'],
    ]);
  });

  it('opens a site’s page from its name', async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'North yard' }));
    expect(siteDesk.pageSiteId).toBe(north.id);
    expect(await screen.findByTestId('site-page')).toBeInTheDocument();
  });
});

describe('undo of the last site edit', () => {
  it('deletes a site it created', async () => {
    siteDesk.setPending(job.shape);
    expect(await siteDesk.saveDrawn({ name: 'New one', kind: 'job', notes: '' })).toBeNull();
    await fireEvent.click(await screen.findByRole('button', { name: 'Undo new site New one' }));
    await waitFor(() => expect(bridge.callsTo('sites:delete')).toEqual([['s-0000000c']]));
  });

  it('saves a changed site back as it was', async () => {
    expect(await siteDesk.saveDetails(north, { name: 'South yard', kind: 'yard', notes: '' })).toBeNull();
    await fireEvent.click(await screen.findByRole('button', { name: 'Undo change to North yard' }));
    await waitFor(() => expect(bridge.callsTo('sites:save').at(-1)).toEqual([expect.objectContaining({ id: north.id, name: 'North yard' })]));
  });

  it('saves a deleted site again under its old id', async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'Delete North yard' }));
    await waitFor(() => expect(bridge.callsTo('sites:delete')).toEqual([[north.id]]));
    await fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of North yard' }));
    await waitFor(() => expect(bridge.callsTo('sites:save')).toEqual([[{ id: north.id, name: 'North yard', kind: 'yard', notes: '', shape: north.shape, regionCode: null }]]));
  });

  it('forgets the last branch’s edits when the branch changes, so an undo never writes them into another', async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'Delete North yard' }));
    await screen.findByRole('button', { name: 'Undo delete of North yard' });
    appEvents.emit('profile-switched', { profileId: 'other' });
    expect(await screen.findByRole('button', { name: 'Nothing to undo' })).toBeDisabled();
    await siteDesk.undo();
    expect(bridge.callsTo('sites:save')).toEqual([]);
  });

  it('keeps an undo the main side refused and shows why', async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'Delete North yard' }));
    bridge.handle('sites:save', () => {
      throw new FakeFailure({ kind: 'invalid-argument', message: 'A branch can hold at most 2,000 sites' });
    });
    await fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of North yard' }));
    await waitFor(() => expect(ui.actionError?.message).toBe('A branch can hold at most 2,000 sites'));
    expect(screen.getByRole('button', { name: 'Undo delete of North yard' })).toBeEnabled();
  });
});

describe('the sites file', () => {
  async function importFile(text: string) {
    const input = screen.getByLabelText('Import sites…') as HTMLInputElement;
    const file = new File([text], 'sites.geojson', { type: 'application/geo+json' });
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    await fireEvent.change(input);
  }

  it('sends the file’s text and says how many sites came and were replaced', async () => {
    bridge.handle('sites:import', () => ({ imported: 12, replaced: 3 }));
    await importFile('{"type":"FeatureCollection","features":[]}');
    expect(await screen.findByTestId('sites-import-note')).toHaveTextContent('Imported 12 sites (3 replaced)');
    expect(bridge.callsTo('sites:import')).toEqual([['{"type":"FeatureCollection","features":[]}']]);
  });

  it('says nothing was imported and names the refused feature', async () => {
    bridge.handle('sites:import', () => {
      throw new FakeFailure({ kind: 'invalid-argument', message: 'Feature 4 ("Pit 2"): A ring needs at least three corners' });
    });
    await importFile('{}');
    expect(await screen.findByTestId('sites-import-note')).toHaveTextContent('Nothing imported: Feature 4 ("Pit 2"): A ring needs at least three corners');
    expect(sitesStore.sites).toHaveLength(2);
  });

  it('offers the export as a download in the web shell', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:sites');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    bridge.handle('sites:export', () => ({ fileName: 'sites.geojson', content: '{}', mimeType: 'application/geo+json', count: 2 }));
    await fireEvent.click(screen.getByRole('button', { name: 'Export sites' }));
    await waitFor(() => expect(ui.toast).toBe('Downloaded 2 sites as sites.geojson'));
    expect(created).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('adding a site without a pointer', () => {
  function fakeMap(): SiteMapControl & { circles: number[]; views: number } {
    const map = { circles: [] as number[], views: 0, draw() {}, zoomTo() {}, editShape() {}, finishEdit: () => null, cancelEdit() {}, circleAtCentre: (r: number) => void map.circles.push(r), rectangleOfView: () => void map.views++ };
    return map;
  }

  it('makes a circle of the typed radius around the map centre', async () => {
    const map = fakeMap();
    siteDesk.map = map;
    await fireEvent.input(screen.getByLabelText('Radius (m)'), { target: { value: '300' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Circle around the map centre' }));
    expect(map.circles).toEqual([300]);
  });

  it('refuses a radius out of range in the contract’s words and makes nothing', async () => {
    const map = fakeMap();
    siteDesk.map = map;
    await fireEvent.input(screen.getByLabelText('Radius (m)'), { target: { value: '90000' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Circle around the map centre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("A circle's radius is 5 m to 50 km");
    expect(map.circles).toEqual([]);
  });

  it('makes the current map view a rectangle', async () => {
    const map = fakeMap();
    siteDesk.map = map;
    await fireEvent.click(screen.getByRole('button', { name: 'Rectangle of the current map view' }));
    expect(map.views).toBe(1);
  });
});
