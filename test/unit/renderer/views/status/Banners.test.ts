import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import Banners from '../../../../../src-renderer/src/views/status/Banners.svelte';
import StatusBar from '../../../../../src-renderer/src/views/status/StatusBar.svelte';
import { clock } from '../../../../../src-renderer/src/state/clock.svelte';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import { KEYCHAIN_PROBLEM, NOW, resetStores, status } from '../../fixtures';
import { flushSync } from 'svelte';
import { formatClock, formatShortClock } from '../../../../../src-renderer/src/lib/format/time';

afterEach(cleanup);
process.env.TZ = 'UTC';

const withStatus = (patch: Parameters<typeof status>[0]) => {
  resetStores(() => NOW);
  session.status = status(patch);
};

describe('Banners', () => {
  it('offline banner with data age and retry', () => {
    withStatus({ state: 'offline', lastSyncAt: '2026-11-22T10:03:00Z', nextAttemptAt: '2026-11-22T12:00:30Z' });

    render(Banners, { onOpenConnection: vi.fn() });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(`Offline — showing data as of ${formatShortClock('2026-11-22T10:03:00Z')} (1 h 57 min ago). Retrying in 30 s`);
  });

  it('signed-out banner opens the connection panel', async () => {
    const onOpenConnection = vi.fn();
    withStatus({ state: 'signed-out' });

    render(Banners, { onOpenConnection });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in…' }));
    expect(onOpenConnection).toHaveBeenCalled();
  });

  it('an error is shown once: dismissed until a different one arrives', async () => {
    withStatus({ state: 'error', error: { kind: 'bad-payload', message: 'The asset list is not an array', path: '$' } });
    render(Banners, { onOpenConnection: vi.fn() });
    expect(screen.getByText('The asset list is not an array (at $)')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByText(/not an array/)).not.toBeInTheDocument();
    session.status = { ...session.status!, lastSyncAt: '2026-11-22T11:59:00Z' };
    flushSync();
    expect(screen.queryByText(/not an array/)).not.toBeInTheDocument();
    session.status = { ...session.status!, error: { kind: 'server', message: 'The service failed (HTTP 503)' } };
    flushSync();
    expect(screen.getByText('The service failed (HTTP 503)')).toBeInTheDocument();
  });

  it('a failed refresh repeating the signed-out or offline reason adds no second banner', () => {
    withStatus({ state: 'signed-out', error: { kind: 'unauthorized', message: 'The access token was refused' } });
    ui.actionError = { kind: 'unauthorized', message: 'The access token was refused' };
    render(Banners, { onOpenConnection: vi.fn() });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    cleanup();

    withStatus({ state: 'offline', error: { kind: 'network', message: 'The service refused the connection' } });
    ui.actionError = { kind: 'network', message: 'The service refused the connection' };
    render(Banners, { onOpenConnection: vi.fn() });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Last error: The service refused the connection');
    cleanup();

    withStatus({ state: 'offline', error: { kind: 'network', message: 'The service refused the connection' } });
    ui.actionError = { kind: 'storage', message: 'The CSV file could not be written' };
    render(Banners, { onOpenConnection: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent('The CSV file could not be written');
  });

  it('notice and in-memory token note', () => {
    withStatus({ notice: 'The offline store was damaged and has been reset', keychainProblem: KEYCHAIN_PROBLEM });

    render(Banners, { onOpenConnection: vi.fn() });
    expect(screen.getByText('The offline store was damaged and has been reset')).toBeInTheDocument();
    // The vault's reason, word for word: the banner writes no sentence of its own.
    expect(screen.getByText(KEYCHAIN_PROBLEM)).toBeInTheDocument();
  });
});

describe('StatusBar', () => {
  it('shows state, last sync with age and the next attempt', () => {
    withStatus({ state: 'offline', nextAttemptAt: '2026-11-22T12:01:00Z' });

    render(StatusBar);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T11:58:00Z')} · 2 min ago`)).toBeInTheDocument();
    expect(screen.getByText('Next attempt in 1 min')).toBeInTheDocument();
  });

  it('ticks with the shared clock', () => {
    let t = NOW;
    resetStores(() => t);
    session.status = status();
    render(StatusBar);
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T11:58:00Z')} · 2 min ago`)).toBeInTheDocument();
    t += 5 * 60_000;
    clock.tick();
    flushSync();
    expect(screen.getByText(`Synced ${formatClock('2026-11-22T11:58:00Z')} · 7 min ago`)).toBeInTheDocument();
  });
});
