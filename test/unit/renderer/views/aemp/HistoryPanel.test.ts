/** A preset, then "Show history" on the same range, asks the service once. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { HistoryResult } from '../../../../../src-main/contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import HistoryPanel from '../../../../../src-renderer/src/views/aemp/HistoryPanel.svelte';
import { HistoryCache } from '../../../../../src-renderer/src/lib/aemp/history-cache';
import { createFakeBridge } from '../../fixtures';

vi.mock('uplot', () => ({ default: vi.fn(function (this: { width: number }) { this.width = 300; return Object.assign(this, { setSize: vi.fn(), destroy: vi.fn() }); }) }));
vi.mock('leaflet', () => {
  const layer = () => {
    const l = { addTo: () => l, on: () => l, setLatLng: () => l, setLatLngs: () => l };
    return l;
  };
  const map = () => ({ fitBounds: vi.fn(), setView: vi.fn(), remove: vi.fn(), attributionControl: { setPrefix: vi.fn() } });
  return { default: { map, tileLayer: layer, polyline: layer, circleMarker: layer, latLngBounds: () => ({}) } };
});

afterEach(() => {
  cleanup();
  setBridge(null);
});

const NOW = Date.parse('2026-11-22T10:00:30Z');

function fake() {
  const f = createFakeBridge({
    'aemp:history': (identifier, metric, start, end): HistoryResult => ({ identifier, metric, start, end, points: [], issues: [], fetchedAt: '2026-11-22T10:00:00Z', source: 'network' }),
  });
  setBridge(f.bridge);
  return { ...f, historyCalls: () => f.calls.filter((c) => c.channel === 'aemp:history').length };
}

describe('HistoryPanel requests', () => {
  it('a preset loads the four histories once; "Show history" on the same range asks nothing again', async () => {
    const f = fake();
    render(HistoryPanel, { identifier: 'EX-1', units: 'metric', map: { tileUrl: '', tileAttribution: '' }, now: () => NOW, cache: new HistoryCache() });
    await fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(screen.getAllByText('No updates in this range.').length).toBeGreaterThan(0));
    expect(f.historyCalls()).toBe(4);

    await fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    await waitFor(() => expect(screen.getAllByText('No updates in this range.').length).toBeGreaterThan(0));
    expect(f.historyCalls()).toBe(4);

    // Another range is another question.
    await fireEvent.click(screen.getByRole('button', { name: 'Last 24 h' }));
    await waitFor(() => expect(f.historyCalls()).toBe(8));
    // And back: answered from what was loaded.
    await fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(screen.getAllByText('No updates in this range.').length).toBeGreaterThan(0));
    expect(f.historyCalls()).toBe(8);
  });
});
