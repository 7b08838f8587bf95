import '@testing-library/jest-dom/vitest';

/**
 * jsdom has no ResizeObserver; Svelte's bind:clientWidth/clientHeight, Leaflet and the
 * asset list need one to exist. This one never reports a size (jsdom lays nothing out).
 * Assigned, not vi.stubGlobal'd, so a test's vi.unstubAllGlobals() keeps it; a test that
 * needs sizes reported stubs its own and gets this one back when it unstubs.
 */
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
