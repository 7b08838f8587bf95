import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import AssetDetails from '../../../../../src-renderer/src/views/assets/AssetDetails.svelte';
import { asset, FakeBridge, metric, NOW, snapshot, resetStores } from '../../fixtures';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';

// The pane fetches the selected asset's full record: the fake bridge answers `assets:detail`
// with the assets put in snapshots (fixtures.ts) unless a test installs its own answer.
let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  setBridge(null);
});
process.env.TZ = 'UTC';

/** Shows one asset and waits until its full record is on screen. */
async function show(a: ReturnType<typeof asset>) {
  resetStores(() => NOW);
  assets.setSnapshot(snapshot([a]));
  selection.click(a.assetId, {});
  const onOpenAssetMap = vi.fn();
  render(AssetDetails, { onOpenAssetMap, onOpenSelectionMap: vi.fn() });
  await vi.waitFor(() => expect(bridge.callsTo('assets:detail')).toEqual([[a.assetId]]));
  await vi.waitFor(() => expect(screen.queryByTestId('details-loading')).toBeNull());
  return { onOpenAssetMap };
}

describe('AssetDetails', () => {
  it('shows every metric formatted, with source, age, flags and the asset time zone', async () => {
    await show(
      asset(
        7,
        { issues: [{ metric: 'fuel', path: '$[0].metrics.fuel.value', message: 'fuel 140 is outside 0–100' }] },
        {
          fuel: metric(140, '2026-11-22T11:58:00Z', 'CAN bus'),
          'engine-runtime': metric(4_442_700_000),
          'time-zone': metric('America/Denver'),
          'geo-regions': metric(['region:UT']),
          odometer: metric(1_000_000_000, '2026-06-01T00:00:00Z'),
          mystery: metric({ a: 1 }),
        },
      ),
    );
    expect(screen.getByRole('heading', { name: 'Truck 7' })).toBeInTheDocument();
    expect(screen.getByText(/140 % — outside 0–100/)).toBeInTheDocument();
    expect(screen.getByText(/fuel reading outside 0–100 %; fuel 140 is outside 0–100/)).toBeInTheDocument();
    expect(screen.getByText('1,234 h 05 min')).toBeInTheDocument();
    expect(screen.getByText('UT')).toBeInTheDocument();
    expect(screen.getByText('10,000 km')).toBeInTheDocument();
    expect(screen.getByText('{"a":1}')).toBeInTheDocument();
    expect(screen.getByText(/from CAN bus · 2 min ago/)).toBeInTheDocument();
    expect(screen.getByText('old')).toBeInTheDocument();
    expect(screen.getByText(/04:58:00( AM)? MST in America\/Denver/)).toBeInTheDocument();
  });

  it('says when no metrics were collected and keeps an empty serial visible', async () => {
    await show(asset(3, { serialNumber: '' }, null));
    expect(screen.getByText('No metrics collected yet.')).toBeInTheDocument();
    expect(screen.getByText('(empty)')).toBeInTheDocument();
  });

  it('flags an invalid asset time zone without crashing', async () => {
    await show(asset(4, {}, { 'time-zone': metric('Mars/Base'), ignition: metric(true) }));
    expect(screen.getByText(/Asset time: unknown time zone "Mars\/Base"/)).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
  });

  it('copies the position, with a fallback message when the clipboard is refused', async () => {
    await show(asset(5, {}, { gps: metric({ lat: 40.5, lng: -111.25 }) }));
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await fireEvent.click(screen.getByRole('button', { name: 'Copy position' }));
    await vi.waitFor(() => expect(screen.getByText(/Copy not allowed here — select and copy: 40.5, -111.25/)).toBeInTheDocument());
    expect(writeText).toHaveBeenCalledWith('40.5, -111.25');
  });

  it('opens the asset map', async () => {
    const { onOpenAssetMap } = await show(asset(6, {}, {}));
    await fireEvent.click(screen.getByRole('button', { name: 'Open asset map' }));
    expect(onOpenAssetMap).toHaveBeenCalledWith(expect.objectContaining({ assetId: 'thing:6' }));
  });
});

describe('AssetDetails for a selection, hidden and repeated names', () => {
  const fresh = '2026-11-22T11:58:00Z';
  const H = 3_600_000;
  function many() {
    resetStores(() => NOW);
    assets.setSnapshot(
      snapshot([
        asset(1, { name: 'Excavator 001' }, { ignition: metric(true, fresh), speed: metric(12, fresh), fuel: metric(30, fresh), 'engine-runtime': metric(1000 * H, fresh) }),
        asset(2, { name: 'Airport Job site', assetId: 'area:2', type: 'area', category: undefined, serialNumber: undefined }, null),
        asset(3, { name: 'Airport Job site', assetId: 'area:3', type: 'area', category: undefined, serialNumber: undefined }, null),
        asset(4, { name: 'Dump truck 004' }, { ignition: metric(false, fresh), fuel: metric(70, fresh), 'engine-runtime': metric(234.2 * H, fresh) }),
        ...Array.from({ length: 150 }, (_, i) => asset(100 + i, { name: `Trailer ${100 + i}` }, { fuel: metric(50, fresh) })),
      ]),
    );
    const onOpenSelectionMap = vi.fn();
    render(AssetDetails, { onOpenAssetMap: vi.fn(), onOpenSelectionMap });
    return { onOpenSelectionMap };
  }

  it('summarises a multi-selection instead of showing the last clicked asset', async () => {
    const { onOpenSelectionMap } = many();
    selection.click('thing:1', {});
    selection.click('area:2', { ctrl: true });
    selection.click('area:3', { ctrl: true });
    selection.click('thing:4', { ctrl: true });
    await tick();
    const summary = screen.getByTestId('selection-summary');
    expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent('4 assets selected');
    // What a dispatcher uses for a group: state counts, fuel low and median, the oldest report; no lifetime engine hours.
    expect(screen.getByTestId('summary-states')).toHaveTextContent(/^\s*1 moving\s*1 parked\s*2 never reported\s*$/);
    expect(screen.getByTestId('summary-attention')).toHaveTextContent('2 stale');
    expect(screen.getByTestId('summary-fuel')).toHaveTextContent('lowest 30 % · median 50 %');
    expect(screen.getByTestId('summary-oldest')).toHaveTextContent('2 min ago');
    expect(screen.getByTestId('summary-oldest')).toHaveTextContent('Excavator 001');
    expect(summary).not.toHaveTextContent(/engine|h in total/i);
    expect(screen.queryByRole('heading', { name: 'Dump truck 004' })).toBeNull();
    // Repeated names carry their tag in the list of names.
    const names = within(summary).getByRole('list', { name: 'Selected assets' });
    expect(within(names).getAllByRole('button').map((b) => b.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Airport Job site· area:2',
      'Airport Job site· area:3',
      'Dump truck 004',
      'Excavator 001',
    ]);
    await fireEvent.click(within(summary).getByRole('button', { name: 'Open map of selection' }));
    expect(onOpenSelectionMap).toHaveBeenCalledTimes(1);

    // Clicking a name focuses that asset; the selection stays, and one click goes back.
    await fireEvent.click(within(names).getByRole('button', { name: /Dump truck 004/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Dump truck 004' })).toBeInTheDocument();
    expect(selection.current.focused).toBe('thing:4');
    expect(selection.current.selected.size).toBe(4);
    await fireEvent.click(screen.getByRole('button', { name: '← Back to the 4 selected assets' }));
    expect(screen.getByTestId('selection-summary')).toBeInTheDocument();
  });

  it('lists at most 100 names, then "and N more"', async () => {
    many();
    selection.selectAllVisible();
    await tick();
    const summary = screen.getByTestId('selection-summary');
    expect(within(summary).getByRole('list', { name: 'Selected assets' }).children).toHaveLength(100);
    expect(summary).toHaveTextContent('and 54 more');
    await fireEvent.click(within(summary).getByRole('button', { name: 'Show 54 more' }));
    expect(within(summary).getByRole('list', { name: 'Selected assets' }).children).toHaveLength(154);
  });

  it('says when the asset shown is hidden from the list by the filter, and shows it again in one click', async () => {
    many();
    selection.click('thing:4', {});
    ui.updateList({ filters: ['ignition:on'] });
    await tick();
    expect(screen.getByRole('heading', { level: 2, name: 'Dump truck 004' })).toBeInTheDocument();
    const note = screen.getByTestId('details-hidden-note');
    expect(note).toHaveTextContent('This asset is not in the list: the search or filters hide it.');
    await fireEvent.click(within(note).getByRole('button', { name: 'Show it in the list' }));
    expect(ui.list.filters).toEqual([]);
    expect(screen.queryByTestId('details-hidden-note')).toBeNull();
  });

  it('names an asset whose name repeats with its tag in the heading', async () => {
    many();
    selection.click('area:3', {});
    await tick();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Airport Job site· area:3');
    expect(screen.getByRole('heading', { level: 2 }).querySelector('.tag')).toHaveTextContent('· area:3');
  });
});
