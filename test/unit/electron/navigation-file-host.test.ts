/** A file: URL naming a host (a network share on Windows) is not the packaged app's page, even with the same path (mutation survivor of navigation.ts). */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

const { isAllowedNavigation } = await import('../../../src-main/electron/navigation');

describe('isAllowedNavigation for a packaged app', () => {
  it('refuses the same path on another host', () => {
    const app = 'file:///app/out/renderer/index.html';
    expect(isAllowedNavigation('file:///app/out/renderer/index.html', app)).toBe(true);
    expect(isAllowedNavigation('file://share.example/app/out/renderer/index.html', app)).toBe(false);
  });
});
