import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import type { HistoryResult } from '../../../../../src-main/contract';
import TrackReplay from '../../../../../src-renderer/src/views/aemp/TrackReplay.svelte';
import { formatDateTime } from '../../../../../src-renderer/src/lib/format/time';

const layers: { setLatLng: ReturnType<typeof vi.fn> }[] = [];
const maps: { fitBounds: ReturnType<typeof vi.fn>; setView: ReturnType<typeof vi.fn>; invalidateSize: ReturnType<typeof vi.fn> }[] = [];
vi.mock('leaflet', () => {
  const layer = () => {
    const l = { addTo: () => l, on: () => l, setLatLng: vi.fn(() => l), setLatLngs: () => l };
    layers.push(l);
    return l;
  };
  const map = () => {
    const m = { fitBounds: vi.fn(), setView: vi.fn(), invalidateSize: vi.fn(), remove: vi.fn(), attributionControl: { setPrefix: vi.fn() } };
    maps.push(m);
    return m;
  };
  return { default: { map, tileLayer: layer, polyline: layer, circleMarker: layer, latLngBounds: () => ({}) } };
});

afterEach(() => {
  cleanup();
  layers.length = 0;
  maps.length = 0;
  vi.unstubAllGlobals();
});

/** A ResizeObserver the test drives: `resize(node)` reports the node's new size to its observers. */
function drivenResizeObserver() {
  const observers: { callback: ResizeObserverCallback; nodes: Element[] }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: (typeof observers)[number];
      constructor(callback: ResizeObserverCallback) {
        this.entry = { callback, nodes: [] };
        observers.push(this.entry);
      }
      observe(node: Element) {
        this.entry.nodes.push(node);
      }
      unobserve() {}
      disconnect() {
        this.entry.nodes = [];
      }
    },
  );
  return (node: HTMLElement, width: number, height: number) => {
    Object.defineProperty(node, 'clientWidth', { configurable: true, value: width });
    Object.defineProperty(node, 'clientHeight', { configurable: true, value: height });
    for (const o of observers) if (o.nodes.includes(node)) o.callback([{ target: node } as unknown as ResizeObserverEntry], {} as ResizeObserver);
  };
}

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const result: HistoryResult = {
  identifier: 'EX-1',
  metric: 'Location',
  start: '2026-11-21T10:00:00Z',
  end: '2026-11-21T12:00:00Z',
  points: [
    { at: new Date(T0).toISOString(), value: null, lat: 0, lng: 0 },
    { at: new Date(T0 + 3_600_000).toISOString(), value: null, lat: 10, lng: 10 },
  ],
  issues: [],
  fetchedAt: '2026-11-21T12:00:00Z',
  source: 'network',
};

describe('TrackReplay', () => {
  it('toggles with Space on the slider and moves the marker when seeking', async () => {
    let now = 0;
    render(TrackReplay, { props: { result, map: { tileUrl: 'http://127.0.0.1:1/{z}/{x}/{y}.png', tileAttribution: 'test tiles' }, clock: () => now } });
    const slider = screen.getByRole('slider', { name: 'Replay time' });
    expect(screen.getByText(formatDateTime(new Date(T0).toISOString()))).toBeInTheDocument();

    await fireEvent.keyDown(slider, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await fireEvent.keyDown(slider, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();

    now = 10;
    await fireEvent.input(slider, { target: { value: String(T0 + 1_800_000) } });
    expect(screen.getByText(formatDateTime(new Date(T0 + 1_800_000).toISOString()))).toBeInTheDocument();
    const marker = layers.find((l) => l.setLatLng.mock.calls.length > 0);
    expect(marker?.setLatLng).toHaveBeenLastCalledWith([5, 5]);
  });

  it('explains an empty track instead of offering a replay', () => {
    render(TrackReplay, { props: { result: { ...result, points: [] }, map: { tileUrl: '', tileAttribution: '' } } });
    expect(screen.getByText('No usable positions in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
  });

  it('re-measures the map when its container gets its size later, and fits the track only then', () => {
    const resize = drivenResizeObserver();
    render(TrackReplay, { props: { result, map: { tileUrl: 'http://127.0.0.1:1/{z}/{x}/{y}.png', tileAttribution: 'test tiles' } } });
    const [map] = maps;
    // Not laid out yet (no size): a fit now would frame the track in a box that is not there.
    expect(map.fitBounds).not.toHaveBeenCalled();

    const node = screen.getByRole('region', { name: 'Track map' });
    resize(node, 760, 288);
    expect(map.invalidateSize).toHaveBeenCalledTimes(1);
    expect(map.fitBounds).toHaveBeenCalledTimes(1);

    // A later resize (a wider window) re-measures, and leaves the dispatcher's view alone.
    resize(node, 1200, 288);
    expect(map.invalidateSize).toHaveBeenCalledTimes(2);
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
  });

  it('fits the track at once when the container already has its size', () => {
    drivenResizeObserver();
    const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
    const height = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
    Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 500 });
    Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 300 });
    try {
      render(TrackReplay, { props: { result, map: { tileUrl: '', tileAttribution: '' } } });
      expect(maps[0].fitBounds).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(Element.prototype, 'clientWidth', width!);
      Object.defineProperty(Element.prototype, 'clientHeight', height!);
    }
  });
});
