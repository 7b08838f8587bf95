/**
 * One way to mount the whole app in a dom test: a fake bridge answering what the app
 * asks at start (tests add or replace handlers), jsdom's missing pieces stubbed, and
 * every store put back after each test. Import it before App.svelte (uPlot reads
 * matchMedia when it is imported).
 */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/svelte';
import { DEFAULT_SETTINGS } from '@contract';
import type { AppInfo } from '@contract';
import { setBridge } from '../../../src-renderer/src/lib/bridge';
import { views } from '../../../src-renderer/src/lib/lazy-views';
import { FakeBridge, resetStores, snapshot, status } from './fixtures';

// jsdom has no matchMedia; uPlot (the Fleet view's charts) reads it when it is imported.
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;

export const WEB_INFO: AppInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };

/** A bridge with the start-up answers: app info, default settings, an online status, no assets, no profiles. */
export function appBridge(info: AppInfo = WEB_INFO): FakeBridge {
  return new FakeBridge()
    .handle('app:info', () => info)
    .handle('settings:get', () => DEFAULT_SETTINGS)
    .handle('status:get', () => status())
    .handle('assets:get', () => snapshot([]))
    .handle('profiles:list', () => ({ profiles: [], activeId: 'demo' }))
    .handle('aemp:cached', () => null);
}

/** Installs the bridge `make` builds before each test and cleans up after it. */
export function useAppHarness(make: () => FakeBridge): void {
  // The views the app loads after its first rows (lib/lazy-views.ts), compiled once here
  // rather than inside the first test that opens one (vitest transforms them on first import).
  beforeAll(async () => {
    await Promise.all(Object.values(views).map((load) => load()));
  }, 60_000);
  beforeEach(() => {
    // jsdom has no ResizeObserver; Leaflet and the list only need it to exist.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    setBridge(make());
  });
  afterEach(() => {
    cleanup();
    setBridge(null);
    vi.unstubAllGlobals();
    resetStores();
  });
}

export async function mountApp() {
  const { default: App } = await import('../../../src-renderer/src/App.svelte');
  return render(App);
}
