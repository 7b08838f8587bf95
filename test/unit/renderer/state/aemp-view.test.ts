import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { AempViewState } from '../../../../src-renderer/src/state/aemp-view.svelte';
import { DEFAULT_SETTINGS } from '../../../../src-main/contract';
import { session } from '../../../../src-renderer/src/state/session.svelte';
import { createFakeBridge, resetStores } from '../fixtures';

afterEach(() => {
  setBridge(null);
  resetStores();
});

describe('AempViewState', () => {
  it('follows the session settings (units) and the base map (tiles through the main side) changed elsewhere, and stops listening when stopped', async () => {
    const fake = createFakeBridge({
      'settings:get': () => DEFAULT_SETTINGS,
      'assets:get': () => null,
      'aemp:cached': () => null,
      'aemp:list': () => new Promise(() => undefined),
    });
    setBridge(fake.bridge);
    await session.init();
    const state = new AempViewState();
    state.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(state.units).toBe('metric');

    fake.emit('settings', { ...DEFAULT_SETTINGS, units: 'imperial', tileUrl: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png' });
    expect(state.units).toBe('imperial');
    expect(state.map.tileUrl).toBe(''); // never the tile server itself
    fake.emit('map:base', { kind: 'server', url: '/api/tiles/k/{z}/{x}/{y}.png?v=1', attribution: 'Tiles', host: '127.0.0.1:9', places: [] });
    expect(state.map).toEqual({ tileUrl: '/api/tiles/k/{z}/{x}/{y}.png?v=1', tileAttribution: 'Tiles' });
    const shown = state.map;
    fake.emit('map:base', { kind: 'server', url: '/api/tiles/k/{z}/{x}/{y}.png?v=1', attribution: 'Tiles', host: '127.0.0.1:9', places: [] });
    expect(state.map).toBe(shown); // the same tiles announced again: the track map is not rebuilt

    state.stop();
    fake.emit('map:base', { kind: 'none', url: '', attribution: '', host: '', places: [] });
    expect(state.map.tileUrl).toBe('/api/tiles/k/{z}/{x}/{y}.png?v=1');
    expect(fake.calls.some((c) => c.channel === 'assets:get')).toBe(false);
  });

  it('forgets loaded histories when another branch becomes active (its units are other units)', async () => {
    const fake = createFakeBridge({ 'settings:get': () => DEFAULT_SETTINGS, 'assets:get': () => null, 'aemp:cached': () => null, 'aemp:list': () => new Promise(() => undefined) });
    setBridge(fake.bridge);
    await session.init();
    const state = new AempViewState();
    state.start();
    const result = { identifier: 'EX-1', metric: 'Distance' as const, start: 'a', end: 'b', points: [], issues: [], fetchedAt: 'x', source: 'network' as const };
    await state.historyCache.get('EX-1', 'Distance', 'a', 'b', async () => result);
    fake.emit('profiles:changed', { profiles: [], activeId: 'demo' });
    expect(state.historyCache.size).toBe(1); // the same branch announced again
    fake.emit('profiles:changed', { profiles: [], activeId: 'north' });
    expect(state.historyCache.size).toBe(0);
    state.stop();
  });
});
