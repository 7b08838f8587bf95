import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import AssetList from '../../../../../src-renderer/src/views/assets/AssetList.svelte';
import AssetsPane from '../../../../../src-renderer/src/views/assets/AssetsPane.svelte';
import { DEFAULT_SETTINGS } from '@contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { asset, FakeBridge, metric, NOW, snapshot, resetStores } from '../../fixtures';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { rowDomId } from '../../../../../src-renderer/src/lib/list/domId';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';

afterEach(cleanup);

function workspace(count: number) {
  resetStores(() => NOW);
  assets.setSnapshot(snapshot(Array.from({ length: count }, (_, i) => asset(i, { name: `Unit ${String(i).padStart(5, '0')}` }, { fuel: metric(i % 100), ignition: metric(i % 2 === 0) }))));
}

describe('AssetList', () => {
  it('renders only a bounded number of rows for 10,000 assets', () => {
    workspace(10_000);
    render(AssetList, {});
    const rows = screen.getAllByRole('option');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
  });

  it('selects with click, ctrl+click and shift+click; keyboard moves the active descendant', async () => {
    workspace(50);
    render(AssetList, {});
    const listbox = screen.getByRole('listbox');
    const row = (i: number) => document.querySelector(`[data-asset-id="thing:${i}"]`) as HTMLElement;
    await fireEvent.click(row(2));
    expect(row(2)).toHaveAttribute('aria-selected', 'true');
    await fireEvent.click(row(5), { ctrlKey: true });
    expect([...selection.current.selected]).toEqual(['thing:2', 'thing:5']);
    await fireEvent.click(row(7), { shiftKey: true });
    expect([...selection.current.selected].sort()).toEqual(['thing:5', 'thing:6', 'thing:7']);
    await fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    expect(listbox).toHaveAttribute('aria-activedescendant', row(8).id);
    expect([...selection.current.selected]).toEqual(['thing:8']);
    await fireEvent.keyDown(listbox, { key: 'ArrowDown', shiftKey: true });
    await fireEvent.keyDown(listbox, { key: ' ' });
    expect([...selection.current.selected]).toEqual(['thing:8']);
    await fireEvent.keyDown(listbox, { key: 'a', ctrlKey: true });
    expect(selection.current.selected.size).toBe(50);
    await fireEvent.keyDown(listbox, { key: 'Home' });
    expect(listbox).toHaveAttribute('aria-activedescendant', row(0).id);
  });

  it('names no active descendant while the focused row is outside the drawn window, and names it again once drawn', async () => {
    workspace(50);
    render(AssetList, {});
    const listbox = screen.getByRole('listbox');
    await fireEvent.click(document.querySelector('[data-asset-id="thing:2"]') as HTMLElement);
    expect(listbox).toHaveAttribute('aria-activedescendant', rowDomId('thing:2'));
    // Sorted the other way, the focused row is at the far end of the list: not drawn.
    ui.updateList({ descending: true });
    await tick();
    expect(document.querySelector('[data-asset-id="thing:2"]')).toBeNull();
    expect(listbox).not.toHaveAttribute('aria-activedescendant');
    ui.updateList({ descending: false });
    await tick();
    expect(listbox).toHaveAttribute('aria-activedescendant', rowDomId('thing:2'));
  });

  it('shows relative last update and the empty state', () => {
    resetStores(() => NOW);
    assets.setSnapshot(snapshot([asset(1, {}, { fuel: metric(50, '2026-11-22T11:57:00Z') })]));
    render(AssetList, {});
    expect(screen.getByText('3 min ago')).toBeInTheDocument();
    ui.setSearch('zzz');
  });
});

describe('AssetsPane', () => {
  it('filters by chip, shows counts, searches and lists skipped assets', async () => {
    workspace(10);
    assets.setSnapshot({ ...assets.snapshot!, skipped: [{ index: 3, path: '$[3].name', reason: 'expected string, got number' }] });
    render(AssetsPane, {});
    const onChip = screen.getByRole('button', { name: /Ignition on 5/ });
    await fireEvent.click(onChip);
    expect(onChip).toHaveAttribute('aria-pressed', 'true');
    const rows = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(rows()).toHaveLength(5);
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search assets' }), { target: { value: 'unit 00004' } });
    expect(rows()).toHaveLength(1);
    expect(screen.getByText(/1 asset could not be read/)).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Show reasons' }));
    expect(screen.getByText(/expected string, got number/)).toBeInTheDocument();
  });

  it('never blanks the list when the search matches nothing: says why', async () => {
    workspace(3);
    render(AssetsPane, {});
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search assets' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No asset matches the search and filters.')).toBeInTheDocument();
  });
});

describe('AssetList: old values, columns and repeated names', () => {
  it('marks a fuel reading months older than the asset\'s newest reading as old, as the details pane does', () => {
    resetStores(() => NOW);
    assets.setSnapshot(
      snapshot([
        asset(1, { name: 'Old fuel' }, { fuel: metric(62, '2026-08-20T09:00:00Z'), gps: metric({ lat: 40, lng: -111 }, '2026-11-22T11:58:00Z') }),
        asset(2, { name: 'Fresh fuel' }, { fuel: metric(48, '2026-11-22T11:58:00Z'), gps: metric({ lat: 40, lng: -111 }, '2026-11-22T11:58:00Z') }),
      ]),
    );
    render(AssetList, {});
    const fuelOf = (id: string) => document.querySelector(`[data-asset-id="${id}"] .c-fuel`) as HTMLElement;
    expect(within(fuelOf('thing:1')).getByText('old')).toHaveClass('oldtag');
    expect(fuelOf('thing:1')).toHaveTextContent('62%');
    expect(fuelOf('thing:1').querySelector('[title]')?.getAttribute('title')).toMatch(/an old reading/);
    expect(within(fuelOf('thing:2')).queryByText('old')).toBeNull();
  });

  it('the column chooser adds and removes columns and remembers them through settings', async () => {
    vi.useFakeTimers({ now: NOW });
    const bridge = new FakeBridge();
    bridge.handle('settings:set', (patch) => bridge.emit('settings', { ...DEFAULT_SETTINGS, ...(patch as object) }));
    setBridge(bridge);
    try {
      workspace(3);
      assets.setSnapshot(snapshot([asset(1, { serialNumber: 'CAT0320' }, { speed: metric(42, '2026-11-22T11:58:00Z'), odometer: metric(100_000_000, '2026-11-22T11:58:00Z') })]));
      render(AssetsPane, {});
      const headers = () => [...document.querySelectorAll('.head > *')].map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
      expect(headers()).toEqual(['Name', 'Category', 'Site', 'Updated', 'Fuel', 'Ignition']);
      await fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
      const chooser = screen.getByRole('group', { name: 'Columns of the list' });
      for (const name of ['Asset id', 'Serial number', 'Speed', 'Engine hours', 'Odometer', 'Position age']) await fireEvent.click(within(chooser).getByRole('checkbox', { name }));
      await fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Category' }));
      expect(headers()).toEqual(['Name', 'Asset id', 'Site', 'Serial', 'Updated', 'Position age', 'Fuel', 'Ignition', 'Speed', 'Engine hours', 'Odometer']);
      const row = document.querySelector('[data-asset-id="thing:1"]') as HTMLElement;
      expect(row.querySelector('.c-serial')).toHaveTextContent('CAT0320');
      expect(row.querySelector('.c-speed')).toHaveTextContent('42');
      expect(row.querySelector('.c-odometer')).toHaveTextContent('1,000 km');
      // Sorting by a new column from its header.
      await fireEvent.click(screen.getByRole('button', { name: /^Odometer, not sorted/ }));
      expect(ui.list.sort).toBe('odometer');
      await vi.advanceTimersByTimeAsync(600);
      expect(bridge.callsTo('settings:set')).toContainEqual([
        { list: expect.objectContaining({ columns: ['id', 'site', 'serial', 'lastUpdate', 'positionAge', 'fuel', 'ignition', 'speed', 'engineHours', 'odometer'], sort: 'odometer' }) },
      ]);
      // Escape closes the chooser; "Back to the usual columns" restores the defaults.
      await fireEvent.keyDown(chooser, { key: 'Escape' });
      expect(screen.queryByRole('group', { name: 'Columns of the list' })).toBeNull();
      await fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
      await fireEvent.click(screen.getByRole('button', { name: 'Back to the usual columns' }));
      expect(headers()).toEqual(['Name', 'Category', 'Site', 'Updated', 'Fuel', 'Ignition']);
    } finally {
      vi.useRealTimers();
      setBridge(null);
    }
  });

  it('tells apart assets with the same name by a tag (the id for areas), and only those', () => {
    resetStores(() => NOW);
    const area = (n: number, name: string) => asset(n, { assetId: `area:${n}`, type: 'area', name, category: undefined, serialNumber: undefined }, null);
    assets.setSnapshot(snapshot([area(3, 'Airport Job site'), area(12, 'Airport Job site'), area(5, 'Downtown Yard'), asset(1, { name: 'Loader', serialNumber: 'A1' }), asset(2, { name: 'Loader', serialNumber: 'B2' })]));
    render(AssetList, {});
    const nameCell = (id: string) => document.querySelector(`[data-asset-id="${id}"] .c-name`) as HTMLElement;
    expect(nameCell('area:3').querySelector('.tag')).toHaveTextContent('area:3');
    expect(nameCell('area:12').querySelector('.tag')).toHaveTextContent('area:12');
    expect(nameCell('area:5').querySelector('.tag')).toBeNull();
    expect(nameCell('thing:2').querySelector('.tag')).toHaveTextContent('S/N B2');
    // The name itself stays apart from the tag (tests and screen readers read `.name`).
    expect(nameCell('area:12').querySelector('.name')).toHaveTextContent(/^Airport Job site$/);
  });
});

describe('AssetsPane: selection and filters agree visibly', () => {
  it('says how many selected assets the filter hides, and both buttons make them agree', async () => {
    workspace(30);
    render(AssetsPane, {});
    await fireEvent.keyDown(screen.getByRole('listbox'), { key: 'a', ctrlKey: true });
    expect(selection.current.selected.size).toBe(30);
    expect(screen.queryByTestId('selection-notice')).toBeNull();
    // Only the 4 assets with "0000" in their name stay listed.
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search assets' }), { target: { value: 'unit 0000' } });
    const notice = screen.getByTestId('selection-notice');
    expect(notice).toHaveTextContent('30 selected · 20 hidden by the search');
    await fireEvent.click(screen.getByRole('button', { name: 'Ignition on 5' }));
    expect(notice).toHaveTextContent('30 selected · 25 hidden by the search and filters');
    await fireEvent.click(within(notice).getByRole('button', { name: 'Select only the 5 shown' }));
    expect([...selection.current.selected].sort()).toEqual(assets.visibleIds.slice().sort());
    expect(screen.queryByTestId('selection-notice')).toBeNull();

    await fireEvent.keyDown(screen.getByRole('listbox'), { key: 'a', ctrlKey: true });
    await fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await fireEvent.keyDown(screen.getByRole('listbox'), { key: 'a', ctrlKey: true });
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search assets' }), { target: { value: 'unit 0001' } });
    await fireEvent.click(within(screen.getByTestId('selection-notice')).getByRole('button', { name: 'Show them' }));
    expect(ui.search).toBe('');
    expect(assets.visibleIds).toHaveLength(30);
    expect(screen.queryByTestId('selection-notice')).toBeNull();
  });
});
