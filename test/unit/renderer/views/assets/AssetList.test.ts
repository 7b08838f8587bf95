import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import AssetList from '../../../../../src-renderer/src/views/assets/AssetList.svelte';
import AssetsPane from '../../../../../src-renderer/src/views/assets/AssetsPane.svelte';
import { Workspace } from '../../../../../src-renderer/src/state/workspace.svelte';
import { Clock } from '../../../../../src-renderer/src/state/clock.svelte';
import { asset, metric, NOW, snapshot } from '../../fixtures';

afterEach(cleanup);

function workspace(count: number) {
  const ws = new Workspace(new Clock(() => NOW));
  ws.setSnapshot(snapshot(Array.from({ length: count }, (_, i) => asset(i, { name: `Unit ${String(i).padStart(5, '0')}` }, { fuel: metric(i % 100), ignition: metric(i % 2 === 0) }))));
  return ws;
}

describe('AssetList', () => {
  it('renders only a bounded number of rows for 10,000 assets', () => {
    const ws = workspace(10_000);
    render(AssetList, { ws });
    const rows = screen.getAllByRole('option');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
  });

  it('selects with click, ctrl+click and shift+click; keyboard moves the active descendant', async () => {
    const ws = workspace(50);
    render(AssetList, { ws });
    const listbox = screen.getByRole('listbox');
    const row = (i: number) => document.querySelector(`[data-asset-id="thing:${i}"]`) as HTMLElement;
    await fireEvent.click(row(2));
    expect(row(2)).toHaveAttribute('aria-selected', 'true');
    await fireEvent.click(row(5), { ctrlKey: true });
    expect([...ws.selection.selected]).toEqual(['thing:2', 'thing:5']);
    await fireEvent.click(row(7), { shiftKey: true });
    expect([...ws.selection.selected].sort()).toEqual(['thing:5', 'thing:6', 'thing:7']);
    await fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    expect(listbox).toHaveAttribute('aria-activedescendant', row(8).id);
    expect([...ws.selection.selected]).toEqual(['thing:8']);
    await fireEvent.keyDown(listbox, { key: 'ArrowDown', shiftKey: true });
    await fireEvent.keyDown(listbox, { key: ' ' });
    expect([...ws.selection.selected]).toEqual(['thing:8']);
    await fireEvent.keyDown(listbox, { key: 'a', ctrlKey: true });
    expect(ws.selection.selected.size).toBe(50);
    await fireEvent.keyDown(listbox, { key: 'Home' });
    expect(listbox).toHaveAttribute('aria-activedescendant', row(0).id);
  });

  it('shows relative last update and the empty state', () => {
    const ws = new Workspace(new Clock(() => NOW));
    ws.setSnapshot(snapshot([asset(1, {}, { fuel: metric(50, '2026-11-22T11:57:00Z') })]));
    render(AssetList, { ws });
    expect(screen.getByText('3 min ago')).toBeInTheDocument();
    ws.updateList({ search: 'zzz' });
  });
});

describe('AssetsPane', () => {
  it('filters by chip, shows counts, searches and lists skipped assets', async () => {
    const ws = workspace(10);
    ws.setSnapshot({ ...ws.snapshot!, skipped: [{ index: 3, path: '$[3].name', reason: 'expected string, got number' }] });
    render(AssetsPane, { ws });
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
    const ws = workspace(3);
    render(AssetsPane, { ws });
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search assets' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No asset matches the search and filters.')).toBeInTheDocument();
  });
});
