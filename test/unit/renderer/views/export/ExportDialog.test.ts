import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import ExportDialog from '../../../../../src-renderer/src/views/export/ExportDialog.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { asset, FakeBridge, NOW, snapshot, resetStores } from '../../fixtures';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';

let bridge: FakeBridge;
let clicked: { download: string; href: string }[];

beforeEach(() => {
  bridge = new FakeBridge();
  setBridge(bridge);
  clicked = [];
  vi.stubGlobal('URL', Object.assign(Object.create(URL), URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href });
  });
});
afterEach(() => {
  cleanup();
  setBridge(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function workspace(): void {
  resetStores(() => NOW);
  assets.setSnapshot(snapshot([asset(1), asset(2), asset(3)]));
  ui.setSearch('');
}

describe('Export choices', () => {
  it('offers the asset CSV and the positions and trails GeoJSON, for the listed or the selected assets', async () => {
    bridge.handle('export:positionsGeoJson', () => ({ fileName: 'fleet-positions-20261122-1200.geojson', content: '{"type":"FeatureCollection","features":[]}', mimeType: 'application/geo+json', count: 2 }));
    workspace();
    selection.click('thing:2', {});
    const onClose = vi.fn();
    render(ExportDialog, { onClose });
    expect(screen.getByRole('dialog', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assets (CSV)…' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'The 3 assets listed' })).toBeChecked();

    await fireEvent.click(screen.getByRole('radio', { name: 'The 1 asset selected' }));
    await fireEvent.change(screen.getByLabelText('Positions from the last'), { target: { value: '72' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Positions and trails (GeoJSON)…' }));

    await vi.waitFor(() => expect(bridge.callsTo('export:positionsGeoJson')).toEqual([[['thing:2'], 72]]));
    await vi.waitFor(() => expect(clicked).toEqual([{ download: 'fleet-positions-20261122-1200.geojson', href: 'blob:x' }]));
    expect(ui.toast).toBe('Downloaded positions of 2 assets (last 3 days) as fleet-positions-20261122-1200.geojson');
    expect(onClose).toHaveBeenCalled();
  });

  it('exports the listed assets as CSV in list order; Electron saves through its dialog and says where', async () => {
    bridge.handle('export:assetsCsv', () => ({ fileName: '/home/d/fleet-assets.csv', mimeType: 'text/csv', count: 3 }));
    workspace();
    render(ExportDialog, { onClose: vi.fn() });
    await fireEvent.click(screen.getByRole('button', { name: 'Assets (CSV)…' }));
    await vi.waitFor(() => expect(bridge.callsTo('export:assetsCsv')).toEqual([[['thing:1', 'thing:2', 'thing:3']]]));
    await vi.waitFor(() => expect(ui.toast).toBe('Saved 3 assets to /home/d/fleet-assets.csv'));
    expect(clicked).toEqual([]);
  });

  it('a failed export stays in the dialog with the reason; a cancelled save says nothing', async () => {
    bridge.handle('export:positionsGeoJson', () => {
      throw Object.assign(new Error('Could not save fleet-positions.geojson: EACCES'), { kind: 'storage' });
    });
    bridge.handle('export:assetsCsv', () => ({ fileName: 'fleet-assets.csv', mimeType: 'text/csv', count: 3, cancelled: true }));
    workspace();
    const onClose = vi.fn();
    render(ExportDialog, { onClose });
    await fireEvent.click(screen.getByRole('button', { name: 'Positions and trails (GeoJSON)…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save fleet-positions.geojson: EACCES');
    expect(onClose).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Assets (CSV)…' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ui.toast).toBeNull();
  });

  it('with nothing listed there is nothing to export', () => {
    resetStores(() => NOW);
    render(ExportDialog, { onClose: vi.fn() });
    expect(screen.getByRole('button', { name: 'Assets (CSV)…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Positions and trails (GeoJSON)…' })).toBeDisabled();
    expect(screen.getByText('No assets are listed: clear the search or filters first.')).toBeInTheDocument();
  });
});
