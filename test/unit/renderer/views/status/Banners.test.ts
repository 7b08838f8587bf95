import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import Banners from '../../../../../src-renderer/src/views/status/Banners.svelte';
import StatusBar from '../../../../../src-renderer/src/views/status/StatusBar.svelte';
import { Workspace } from '../../../../../src-renderer/src/state/workspace.svelte';
import { Clock } from '../../../../../src-renderer/src/state/clock.svelte';
import { NOW, status } from '../../fixtures';
import { flushSync } from 'svelte';
import { formatClock, formatShortClock } from '../../../../../src-renderer/src/lib/format/time';

afterEach(cleanup);
process.env.TZ = 'UTC';

const ws = (patch: Parameters<typeof status>[0]) => {
  const w = new Workspace(new Clock(() => NOW));
  w.status = status(patch);
  return w;
};

describe('Banners', () => {
  it('offline banner with data age and retry', () => {
    render(Banners, { ws: ws({ state: 'offline', lastSyncAt: '2026-11-22T10:03:00Z', nextAttemptAt: '2026-11-22T12:00:30Z' }), onOpenConnection: vi.fn() });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(`Offline — showing data as of ${formatShortClock('2026-11-22T10:03:00Z')} (1 h 57 min ago). Retrying in 30 s`);
  });

  it('signed-out banner opens the connection panel', async () => {
    const onOpenConnection = vi.fn();
    render(Banners, { ws: ws({ state: 'signed-out' }), onOpenConnection });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in…' }));
    expect(onOpenConnection).toHaveBeenCalled();
  });

  it('an error is shown once: dismissed until a different one arrives', async () => {
    const w = ws({ state: 'error', error: { kind: 'bad-payload', message: 'The asset list is not an array', path: '$' } });
    render(Banners, { ws: w, onOpenConnection: vi.fn() });
    expect(screen.getByText('The asset list is not an array (at $)')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByText(/not an array/)).not.toBeInTheDocument();
    w.status = { ...w.status!, lastSyncAt: '2026-11-22T11:59:00Z' };
    flushSync();
    expect(screen.queryByText(/not an array/)).not.toBeInTheDocument();
    w.status = { ...w.status!, error: { kind: 'server', message: 'The service failed (HTTP 503)' } };
    flushSync();
    expect(screen.getByText('The service failed (HTTP 503)')).toBeInTheDocument();
  });

  it('a failed refresh repeating the signed-out or offline reason adds no second banner', () => {
    const signedOut = ws({ state: 'signed-out', error: { kind: 'unauthorized', message: 'The access token was refused' } });
    signedOut.actionError = { kind: 'unauthorized', message: 'The access token was refused' };
    render(Banners, { ws: signedOut, onOpenConnection: vi.fn() });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    cleanup();

    const offline = ws({ state: 'offline', error: { kind: 'network', message: 'The service refused the connection' } });
    offline.actionError = { kind: 'network', message: 'The service refused the connection' };
    render(Banners, { ws: offline, onOpenConnection: vi.fn() });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Last error: The service refused the connection');
    cleanup();

    const other = ws({ state: 'offline', error: { kind: 'network', message: 'The service refused the connection' } });
    other.actionError = { kind: 'storage', message: 'The CSV file could not be written' };
    render(Banners, { ws: other, onOpenConnection: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent('The CSV file could not be written');
  });

  it('notice and in-memory token note', () => {
    render(Banners, { ws: ws({ notice: 'The offline store was damaged and has been reset', tokenInMemoryOnly: true }), onOpenConnection: vi.fn() });
    expect(screen.getByText('The offline store was damaged and has been reset')).toBeInTheDocument();
    expect(screen.getByText(/kept in memory only/)).toBeInTheDocument();
  });
});

describe('StatusBar', () => {
  it('shows state, last sync with age and the next attempt', () => {
    render(StatusBar, { ws: ws({ state: 'offline', nextAttemptAt: '2026-11-22T12:01:00Z' }) });
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T11:58:00Z')} · 2 min ago`)).toBeInTheDocument();
    expect(screen.getByText('Next attempt in 1 min')).toBeInTheDocument();
  });

  it('ticks with the shared clock', () => {
    let t = NOW;
    const w = new Workspace(new Clock(() => t));
    w.status = status();
    render(StatusBar, { ws: w });
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T11:58:00Z')} · 2 min ago`)).toBeInTheDocument();
    t += 5 * 60_000;
    w.clock.tick();
    flushSync();
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T11:58:00Z')} · 7 min ago`)).toBeInTheDocument();
  });
});
