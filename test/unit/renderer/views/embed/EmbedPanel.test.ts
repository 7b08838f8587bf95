import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSync } from 'svelte';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import EmbedPanel from '../../../../../src-renderer/src/views/embed/EmbedPanel.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { EmbedController } from '../../../../../src-renderer/src/state/embed.svelte';
import { Workspace } from '../../../../../src-renderer/src/state/workspace.svelte';
import { Clock } from '../../../../../src-renderer/src/state/clock.svelte';
import type { EmbedRequest } from '../../../../../src-main/contract';
import { FakeBridge } from '../../fixtures';

const NOW = Date.parse('2026-11-22T12:00:00Z');
let n = 0;
let bridge: FakeBridge;

beforeEach(() => {
  n = 0;
  bridge = new FakeBridge().handle('embed:open', (req) => ({
    id: `s${++n}`,
    kind: (req as EmbedRequest).kind,
    assetIds: [],
    url: `http://127.0.0.1:7001/embed/auth?req=%2Fmap&jws=t${n}`,
    expiresAt: '2026-11-22T12:59:00Z',
    requestedAt: '2026-11-22T12:00:00Z',
  }));
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

describe('EmbedPanel (web shell)', () => {
  it('shows a sandboxed iframe with the time left, and renews on the expiry message from its origin only', async () => {
    const ws = new Workspace(new Clock(() => NOW));
    ws.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
    let now = NOW;
    const embed = new EmbedController({ now: () => now });
    await embed.open({ kind: 'branch' });
    render(EmbedPanel, { ws, embed });
    const frame = screen.getByTitle('Branch map') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame.src).toContain('jws=t1');
    expect(screen.getByText('Session ends in 59 min')).toBeInTheDocument();

    window.dispatchEvent(new MessageEvent('message', { origin: 'http://evil.example', data: { type: 'fleet-embed-expired' } }));
    await new Promise((r) => setTimeout(r, 0));
    expect(bridge.callsTo('embed:open')).toHaveLength(1);

    now = NOW + 10 * 60_000; // the session served a while before its page reported the end
    window.dispatchEvent(new MessageEvent('message', { origin: 'http://127.0.0.1:7001', data: { type: 'fleet-embed-expired' } }));
    await screen.findByText(/Session renewed at/);
    expect((screen.getByTitle('Branch map') as HTMLIFrameElement).src).toContain('jws=t2');
    embed.close();
  });

  it('an embed page that says "expired" over and over gets a new map every 5 s at most, then a message with Try again', async () => {
    vi.useFakeTimers({ now: NOW });
    try {
      const ws = new Workspace(new Clock(() => NOW));
      ws.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
      const embed = new EmbedController();
      await embed.open({ kind: 'branch' });
      render(EmbedPanel, { ws, embed });
      // Bounded: 60 s of fake time, the page posting "expired" every 500 ms.
      for (let i = 0; i < 120; i++) {
        window.dispatchEvent(new MessageEvent('message', { origin: 'http://127.0.0.1:7001', data: { type: 'fleet-embed-expired' } }));
        await vi.advanceTimersByTimeAsync(500);
      }
      expect(bridge.callsTo('embed:open')).toHaveLength(4);
      expect(screen.getByRole('alert')).toHaveTextContent(/reported its session ended right after opening \(4 in a row\)/);
      expect(document.querySelector('iframe')).toBeNull();
      await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(bridge.callsTo('embed:open')).toHaveLength(5);
      embed.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the error text in the panel', async () => {
    bridge.handle('embed:open', () => {
      throw Object.assign(new Error('Too many assets for one map'), { kind: 'bad-request' });
    });
    const ws = new Workspace(new Clock(() => NOW));
    const embed = new EmbedController();
    await embed.open({ kind: 'subset', assetIds: ['thing:1', 'thing:2'] });
    render(EmbedPanel, { ws, embed });
    expect(screen.getByRole('alert')).toHaveTextContent('Too many assets for one map');
    embed.close();
  });
});

describe('EmbedPanel (Electron shell)', () => {
  it('sends the placeholder bounds with embed:show and hides the native view while a dialog covers it', async () => {
    bridge.handle('embed:show', () => undefined).handle('embed:hide', () => undefined);
    const ws = new Workspace(new Clock(() => NOW));
    ws.appInfo = { shell: 'electron', version: '0.1.0', platform: 'linux', demo: true };
    const embed = new EmbedController({ now: () => NOW });
    await embed.open({ kind: 'subset', assetIds: ['thing:1', 'thing:2'] });
    render(EmbedPanel, { ws, embed });
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('[data-session-id="s1"]')).not.toBeNull();
    await vi.waitFor(() => expect(bridge.callsTo('embed:show').length).toBeGreaterThan(0));
    expect(bridge.callsTo('embed:show')[0]).toEqual(['s1', { x: 0, y: 0, width: 0, height: 0 }]);
    ws.settingsOpen = true;
    flushSync();
    await vi.waitFor(() => expect(bridge.callsTo('embed:hide')).toHaveLength(1));
    const shows = bridge.callsTo('embed:show').length;
    ws.settingsOpen = false;
    flushSync();
    await vi.waitFor(() => expect(bridge.callsTo('embed:show').length).toBe(shows + 1));
    embed.close();
  });
});
