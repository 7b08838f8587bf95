import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import AssetDetails from '../../../../../src-renderer/src/views/assets/AssetDetails.svelte';
import { Workspace } from '../../../../../src-renderer/src/state/workspace.svelte';
import { Clock } from '../../../../../src-renderer/src/state/clock.svelte';
import { asset, metric, NOW, snapshot } from '../../fixtures';

afterEach(cleanup);
process.env.TZ = 'UTC';

function show(a: ReturnType<typeof asset>) {
  const ws = new Workspace(new Clock(() => NOW));
  ws.setSnapshot(snapshot([a]));
  ws.click(a.assetId, {});
  const onOpenAssetMap = vi.fn();
  render(AssetDetails, { ws, onOpenAssetMap, onOpenSelectionMap: vi.fn() });
  return { ws, onOpenAssetMap };
}

describe('AssetDetails', () => {
  it('shows every metric formatted, with source, age, flags and the asset time zone', () => {
    show(
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
    expect(screen.getByText(/04:58:00 MST in America\/Denver/)).toBeInTheDocument();
  });

  it('says when no metrics were collected and keeps an empty serial visible', () => {
    show(asset(3, { serialNumber: '' }, null));
    expect(screen.getByText('No metrics collected yet.')).toBeInTheDocument();
    expect(screen.getByText('(empty)')).toBeInTheDocument();
  });

  it('flags an invalid asset time zone without crashing', () => {
    show(asset(4, {}, { 'time-zone': metric('Mars/Base'), ignition: metric(true) }));
    expect(screen.getByText(/Asset time: unknown time zone "Mars\/Base"/)).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
  });

  it('copies the position, with a fallback message when the clipboard is refused', async () => {
    show(asset(5, {}, { gps: metric({ lat: 40.5, lng: -111.25 }) }));
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await fireEvent.click(screen.getByRole('button', { name: 'Copy position' }));
    await vi.waitFor(() => expect(screen.getByText(/Copy not allowed here — select and copy: 40.5, -111.25/)).toBeInTheDocument());
    expect(writeText).toHaveBeenCalledWith('40.5, -111.25');
  });

  it('opens the asset map', async () => {
    const { onOpenAssetMap } = show(asset(6, {}, {}));
    await fireEvent.click(screen.getByRole('button', { name: 'Open asset map' }));
    expect(onOpenAssetMap).toHaveBeenCalledWith(expect.objectContaining({ assetId: 'thing:6' }));
  });
});
