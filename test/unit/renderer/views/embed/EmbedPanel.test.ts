import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSync } from 'svelte';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import EmbedPanel from '../../../../../src-renderer/src/views/embed/EmbedPanel.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { EmbedController } from '../../../../../src-renderer/src/state/embed.svelte';
import type { EmbedRequest } from '../../../../../src-main/contract';
import { FakeBridge, resetStores } from '../../fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';

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
    resetStores(() => NOW);
    session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
    let now = NOW;
    const embed = new EmbedController({ now: () => now });
    await embed.open({ kind: 'branch' });
    render(EmbedPanel, { embed });
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
      resetStores(() => NOW);
      session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
      const embed = new EmbedController();
      await embed.open({ kind: 'branch' });
      render(EmbedPanel, { embed });
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
      throw Object.assign(new Error('The service answered 503'), { kind: 'server' });
    });
    resetStores(() => NOW);
    const embed = new EmbedController();
    await embed.open({ kind: 'subset', assetIds: ['thing:1', 'thing:2'] });
    render(EmbedPanel, { embed });
    expect(screen.getByRole('alert')).toHaveTextContent('The service answered 503');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    embed.close();
  });
});

describe('EmbedPanel: a selection larger than one map', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `thing:${i + 1}`);

  it('a request the main side would refuse is not sent: the shared rule in words, without a Try again that cannot succeed', async () => {
    resetStores(() => NOW);
    session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
    const embed = new EmbedController({ now: () => NOW });
    await embed.open({ kind: 'subset', assetIds: ['thing:1', 'thing:12345678901234567890'] });
    render(EmbedPanel, { embed });
    expect(bridge.callsTo('embed:open')).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('An asset id looks like thing:123 or area:45');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('does not send a selection past the limit; offers maps of the selection or the branch map, numbers said plainly', async () => {
    resetStores(() => NOW);
    session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
    const embed = new EmbedController({ now: () => NOW });
    await embed.open({ kind: 'subset', assetIds: ids(10_000) });
    render(EmbedPanel, { embed });
    expect(bridge.callsTo('embed:open')).toHaveLength(0);
    const offer = screen.getByTestId('split-offer');
    const parts = embed.offer!.parts;
    const most = Math.max(...parts.map((p) => p.length));
    expect(offer).toHaveTextContent(`Your selection has 10,000 assets; one map can show at most ${most} of them.`);
    expect(offer).not.toHaveTextContent(/\$\[0\]|argument|assetIds/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    await fireEvent.click(screen.getByRole('button', { name: `Open ${parts.length} maps of up to ${most}, one at a time` }));
    expect(bridge.callsTo('embed:open')).toEqual([[{ kind: 'subset', assetIds: parts[0] }]]);
    expect(screen.getByRole('heading', { name: `Selection map 1 of ${parts.length}` })).toBeInTheDocument();
    expect(screen.getByText(`assets 1–${parts[0].length} of 10,000`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous map of the selection' })).toBeDisabled();
    await fireEvent.click(screen.getByRole('button', { name: 'Next map of the selection' }));
    expect(bridge.callsTo('embed:open').at(-1)).toEqual([{ kind: 'subset', assetIds: parts[1] }]);
    expect(screen.getByRole('heading', { name: `Selection map 2 of ${parts.length}` })).toBeInTheDocument();
    embed.close();
  });

  it('opens the branch map instead when asked', async () => {
    resetStores(() => NOW);
    session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
    const embed = new EmbedController({ now: () => NOW });
    await embed.open({ kind: 'subset', assetIds: ids(400) });
    render(EmbedPanel, { embed });
    await fireEvent.click(screen.getByRole('button', { name: 'Open the branch map instead' }));
    expect(bridge.callsTo('embed:open')).toEqual([[{ kind: 'branch' }]]);
    expect(screen.getByTitle('Branch map')).toBeInTheDocument();
    embed.close();
  });

  it('when the service refuses a map as too long (a lower limit than ours), offers maps half the size instead of a Try again', async () => {
    bridge.handle('embed:open', (req) => {
      const n = (req as { assetIds?: string[] }).assetIds?.length ?? 0;
      if (n > 60) throw Object.assign(new Error('Too many assets for one map (120 selected); select at most 60 (the service refused the request: 414)'), { kind: 'bad-request' });
      return { id: `s${n}`, kind: 'subset', assetIds: [], url: 'http://127.0.0.1:7001/embed/auth?req=%2Fmap&jws=t', expiresAt: '2026-11-22T12:59:00Z', requestedAt: '2026-11-22T12:00:00Z' };
    });
    resetStores(() => NOW);
    session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
    const embed = new EmbedController({ now: () => NOW });
    await embed.open({ kind: 'subset', assetIds: ids(120) });
    render(EmbedPanel, { embed });
    const offer = screen.getByTestId('split-offer');
    expect(offer).toHaveTextContent('The service refused a map of 120 assets: its request was too long.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Open 2 maps of 60, one at a time' }));
    expect(bridge.callsTo('embed:open').at(-1)).toEqual([{ kind: 'subset', assetIds: ids(60) }]);
    expect(screen.getByRole('heading', { name: 'Selection map 1 of 2' })).toBeInTheDocument();
    embed.close();
  });
});

describe('EmbedPanel (Electron shell)', () => {
  it('sends the placeholder bounds with embed:show and hides the native view while a dialog covers it', async () => {
    bridge.handle('embed:show', () => undefined).handle('embed:hide', () => undefined);
    resetStores(() => NOW);
    session.appInfo = { shell: 'electron', version: '0.1.0', platform: 'linux', demo: true };
    const embed = new EmbedController({ now: () => NOW });
    await embed.open({ kind: 'subset', assetIds: ['thing:1', 'thing:2'] });
    render(EmbedPanel, { embed });
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('[data-session-id="s1"]')).not.toBeNull();
    await vi.waitFor(() => expect(bridge.callsTo('embed:show').length).toBeGreaterThan(0));
    expect(bridge.callsTo('embed:show')[0]).toEqual(['s1', { x: 0, y: 0, width: 0, height: 0 }]);
    ui.settingsOpen = true;
    flushSync();
    await vi.waitFor(() => expect(bridge.callsTo('embed:hide')).toHaveLength(1));
    const shows = bridge.callsTo('embed:show').length;
    ui.settingsOpen = false;
    flushSync();
    await vi.waitFor(() => expect(bridge.callsTo('embed:show').length).toBe(shows + 1));
    embed.close();
  });
});
