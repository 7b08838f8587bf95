import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import ConnectionLost from '../../../../../src-renderer/src/views/status/ConnectionLost.svelte';
import StatusBar from '../../../../../src-renderer/src/views/status/StatusBar.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { createWebBridge, type WebBridgeDeps } from '../../../../../src-renderer/src/lib/web-bridge';
import { BridgeHealth } from '../../../../../src-renderer/src/state/bridge-health.svelte';
import { NOW, status, resetStores } from '../../fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';

afterEach(() => {
  cleanup();
  setBridge(null);
});

function webBridge(fetch: WebBridgeDeps['fetch']) {
  const reload = vi.fn();
  const storage = new Map<string, string>();
  const bridge = createWebBridge({
    fetch,
    openSocket: () => ({ onopen: null, onmessage: null, onclose: null, onerror: null, close() {} }),
    location: { hash: '#secret=old', host: '127.0.0.1:4000', protocol: 'http:', pathname: '/', search: '' },
    history: { replaceState() {} },
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
    setTimeout: () => 0,
    reload,
  });
  setBridge(bridge);
  return { bridge, reload, storage };
}

describe('after the web shell restarted under an open tab', () => {
  it('the status bar stops saying "Online" and the notice offers a reload with the new address', async () => {
    const refused = () => Promise.resolve(new Response(JSON.stringify({ ok: false, error: { kind: 'forbidden', message: 'refused' } }), { status: 403 }));
    const { bridge, reload, storage } = webBridge(vi.fn(refused));
    const health = new BridgeHealth();
    health.start();
    resetStores(() => NOW);
    session.status = status({ state: 'online', nextAttemptAt: '2026-11-22T12:01:00Z' }); // the last status the old run sent
    render(StatusBar, { get loss() { return health.loss; } });
    render(ConnectionLost, { get loss() { return health.loss; } });
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.queryByTestId('connection-lost')).toBeNull();

    await bridge.invoke('assets:refresh'); // the next call is refused
    flushSync();
    expect(screen.queryByText('Online')).toBeNull();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(screen.queryByText(/Next attempt/)).toBeNull(); // planned by the run that is gone
    expect(screen.getByRole('alert')).toHaveTextContent('Fleet Desk was restarted — reload this page.');

    await fireEvent.input(screen.getByLabelText('New Fleet Desk address'), { target: { value: 'http://127.0.0.1:4000/' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByText(/has no access key/)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    await fireEvent.input(screen.getByLabelText('New Fleet Desk address'), { target: { value: 'http://127.0.0.1:4000/#secret=new' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.get('fleet-desk.secret')).toBe('new');
    health.stop();
  });

  it('a server that stopped answering says so', async () => {
    const { bridge } = webBridge(vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const health = new BridgeHealth();
    health.start();
    render(ConnectionLost, { get loss() { return health.loss; } });
    await bridge.invoke('status:get');
    flushSync();
    expect(screen.getByRole('alert')).toHaveTextContent('Fleet Desk is not answering — it may have been stopped.');
    health.stop();
  });
});
