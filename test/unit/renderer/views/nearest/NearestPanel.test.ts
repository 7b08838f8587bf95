/**
 * The nearest machines panel: it shows the core's answer in the dispatcher's units with each
 * machine's state, asks again when a filter changes, keeps the last answer when a look-up
 * fails, selects the answer, closes on Escape with the focus back where it was, and has
 * no accessibility violations.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import NearestPanel from '../../../../../src-renderer/src/views/nearest/NearestPanel.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { appEvents } from '../../../../../src-renderer/src/state/events';
import { DEFAULT_SETTINGS, type NearestQuery, type NearestResult } from '../../../../../src-main/contract';
import { asset, FakeBridge, FakeFailure, metric, NOW, resetStores, snapshot } from '../../fixtures';

let bridge: FakeBridge;
let queries: NearestQuery[];
let answer: (q: NearestQuery) => NearestResult;

const FLEET = [
  asset(1, { name: 'Excavator 1', category: 'Excavator' }, { gps: metric({ lat: 40.6, lng: -111.9 }), ignition: metric(false), fuel: metric(55) }),
  asset(2, { name: 'Loader 2', category: 'Loader' }, { gps: metric({ lat: 40.62, lng: -111.88 }), ignition: metric(true), 'in-motion': metric(true) }),
  asset(3, { name: 'Excavator 3', category: 'Excavator' }, { gps: metric({ lat: 40.7, lng: -111.8 }, '2026-11-22T08:00:00Z') }),
];

const HITS: NearestResult = {
  lat: 40.6,
  lng: -111.9,
  hits: [
    { assetId: 'thing:1', distanceM: 850, bearingDeg: 10 },
    { assetId: 'thing:2', distanceM: 3862.4, bearingDeg: 44 },
    { assetId: 'thing:3', distanceM: 14_000, bearingDeg: 60 },
  ],
  searched: 3,
  place: '6 km NE of Sandy, UT',
};

beforeEach(() => {
  queries = [];
  answer = () => HITS;
  bridge = new FakeBridge().handle('nearest:query', (q: unknown) => {
    queries.push(q as NearestQuery);
    return answer(q as NearestQuery);
  });
  setBridge(bridge);
  resetStores(() => NOW);
  session.settings = { ...DEFAULT_SETTINGS, units: 'imperial' };
  assets.setSnapshot(snapshot(FLEET));
});
afterEach(() => {
  cleanup();
  setBridge(null);
  resetStores(() => NOW);
});

async function open(onClose = vi.fn(), returnFocus: HTMLElement | null = null) {
  render(NearestPanel, { at: { lat: 40.6, lng: -111.9, label: 'this point', excludeAssetId: null }, onClose, returnFocus });
  const list = await screen.findByRole('list', { name: /Nearest machines/ });
  await vi.waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
  return { list, onClose };
}

const hitButtons = () => within(screen.getByRole('list', { name: /Nearest machines/ })).getAllByRole('button');

describe('NearestPanel', () => {
  it('lists the answer nearest first with distance and direction in the dispatcher\'s units and each machine\'s state', async () => {
    await open();
    expect(queries[0]).toEqual({ lat: 40.6, lng: -111.9, limit: 10, categories: [], parkedOnly: false, excludeAssetId: null });
    const [first, second, third] = hitButtons();
    expect(first).toHaveTextContent('Excavator 1');
    expect(first).toHaveTextContent('0.5 mi N');
    expect(first).toHaveTextContent('Parked · Fuel 55 %');
    expect(second).toHaveTextContent('2.4 mi NE');
    expect(second).toHaveTextContent('Moving');
    expect(third).toHaveTextContent('8.7 mi NE');
    expect(third).toHaveTextContent('stale');
    expect(first).not.toHaveTextContent('stale');
    expect(screen.getByTestId('nearest-place')).toHaveTextContent('6 km NE of Sandy, UT');
    expect(screen.getByText(/nearest of/)).toHaveTextContent('The 3 nearest of 3 machines with a position');
    expect(screen.getByText(/GeoNames/)).toBeInTheDocument();
    session.settings = { ...DEFAULT_SETTINGS, units: 'metric' };
    await tick();
    expect(hitButtons()[0]).toHaveTextContent('850 m N');
    expect(hitButtons()[1]).toHaveTextContent('3.9 km NE');
  });

  it('asks again with the category, parked and limit chosen', async () => {
    await open();
    await fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Excavator' } });
    await fireEvent.click(screen.getByLabelText('Parked only'));
    await fireEvent.change(screen.getByLabelText('Show'), { target: { value: '25' } });
    await vi.waitFor(() => expect(queries.at(-1)).toMatchObject({ categories: ['Excavator'], parkedOnly: true, limit: 25 }));
  });

  it('keeps the last answer and says why when a look-up fails', async () => {
    await open();
    answer = () => {
      throw new FakeFailure({ kind: 'internal', message: 'The list is not loaded yet.' });
    };
    await fireEvent.click(screen.getByLabelText('Parked only'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The nearest machines could not be found: The list is not loaded yet.');
    expect(hitButtons()).toHaveLength(3);
  });

  it('drops an answer that arrives after a newer question', async () => {
    let release: (r: NearestResult) => void = () => {};
    await open();
    answer = () => new Promise<NearestResult>((resolve) => (release = resolve)) as unknown as NearestResult;
    await fireEvent.click(screen.getByLabelText('Parked only'));
    const slow = release;
    answer = () => ({ ...HITS, hits: [HITS.hits[0]], searched: 1 });
    await fireEvent.click(screen.getByLabelText('Parked only'));
    await vi.waitFor(() => expect(hitButtons()).toHaveLength(1));
    slow(HITS);
    await tick();
    await new Promise((r) => setTimeout(r, 0));
    expect(hitButtons()).toHaveLength(1);
  });

  it('selects one machine, or every machine of the answer, and opens the map of the selection', async () => {
    await open();
    await fireEvent.click(hitButtons()[1]);
    expect([...selection.current.selected]).toEqual(['thing:2']);
    expect(hitButtons()[1]).toHaveAttribute('aria-pressed', 'true');
    await fireEvent.click(screen.getByRole('button', { name: 'Select these 3' }));
    expect([...selection.current.selected]).toEqual(['thing:1', 'thing:2', 'thing:3']);
    const commands: string[] = [];
    const off = appEvents.on('command', (c) => commands.push(c));
    await fireEvent.click(screen.getByRole('button', { name: 'Map of the selection' }));
    off();
    expect(commands).toEqual(['open-selection-map']);
  });

  it('closes on Escape and gives the focus back to where it came from', async () => {
    const before = document.createElement('button');
    document.body.append(before);
    const onClose = vi.fn();
    const { unmount } = render(NearestPanel, { at: { lat: 40.6, lng: -111.9, label: 'this point', excludeAssetId: null }, onClose, returnFocus: before });
    const dialog = screen.getByRole('dialog', { name: 'Nearest machines' });
    expect(document.activeElement).toBe(dialog);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    dialog.dispatchEvent(escape);
    expect(onClose).toHaveBeenCalledOnce();
    // Escape closes this panel only, not the panel under it (the window's handler skips a handled Escape).
    expect(escape.defaultPrevented).toBe(true);
    unmount();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it('has no accessibility violations', async () => {
    await open();
    const results = await axe.run(screen.getByRole('dialog', { name: 'Nearest machines' }), { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(5);
  });
});
