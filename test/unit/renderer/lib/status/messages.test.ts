import { describe, expect, it } from 'vitest';
import { errorText } from '../../../../../src-renderer/src/lib/format/errors';
import { errorKey, nextAttemptText, offlineBanner, sentences, signedOutBanner, stateLabel, syncedText } from '../../../../../src-renderer/src/lib/status/messages';
import { NOW, status } from '../../fixtures';
import { formatClock, formatShortClock } from '../../../../../src-renderer/src/lib/format/time';

process.env.TZ = 'UTC';

describe('status bar messages', () => {
  it('synced time with age', () => {
    expect(syncedText(status(), NOW)).toBe(`Synced ${formatClock('2026-11-22T11:58:00Z')} · 2 min ago`);
    expect(syncedText(status({ lastSyncAt: null }), NOW)).toBe('Not synced yet');
    expect(syncedText(null, NOW)).toBe('Not synced yet');
  });

  it('next attempt', () => {
    expect(nextAttemptText(status({ nextAttemptAt: '2026-11-22T12:00:30Z' }), NOW)).toBe('Next attempt in 30 s');
    expect(nextAttemptText(status({ nextAttemptAt: '2026-11-22T11:59:00Z' }), NOW)).toBe('Next attempt now');
    expect(nextAttemptText(status(), NOW)).toBeNull();
  });

  it('state labels', () => {
    expect(stateLabel(status({ state: 'signed-out' }))).toBe('Signed out');
    expect(stateLabel(null)).toBe('Connecting…');
  });

  it('offline banner says what data is shown and when we retry', () => {
    const s = status({ state: 'offline', lastSyncAt: '2026-11-22T10:03:00Z', nextAttemptAt: '2026-11-22T12:00:30Z' });
    expect(offlineBanner(s, NOW)).toBe(`Offline — showing data as of ${formatShortClock('2026-11-22T10:03:00Z')} (1 h 57 min ago). Retrying in 30 s.`);
    expect(offlineBanner(status({ state: 'offline', lastSyncAt: null }), NOW)).toBe('Offline — no data fetched yet.');
    expect(offlineBanner(status(), NOW)).toBeNull();
    const failed = status({ state: 'offline', lastSyncAt: null, error: { kind: 'network', message: 'The service refused the connection' } });
    expect(offlineBanner(failed, NOW)).toBe('Offline — no data fetched yet. Last error: The service refused the connection.');
  });

  it('signed-out banner ends each sentence with one full stop, however the reason ended', () => {
    const refreshHint = { kind: 'unauthorized' as const, message: 'Signed out of this connection profile. Sign in again (or paste a token) to refresh the list.' };
    const text = signedOutBanner(status({ state: 'signed-out', error: refreshHint }));
    expect(text).toBe('Signed out of this connection profile. Sign in again (or paste a token) to refresh the list. The list shows the last data fetched.');
    expect(text).not.toContain('..');
  });

  it('signed-out banner does not say signed out twice', () => {
    const text = signedOutBanner(status({ state: 'signed-out', error: { kind: 'unauthorized', message: 'Not signed in to this connection' } }))!;
    expect(text).toBe('Not signed in to this connection. The list shows the last data fetched.');
    expect(text.match(/signed (in|out)/gi)).toHaveLength(1);
  });

  it('signed-out banner lets a reason that asks to sign in again lead', () => {
    const revoked = { kind: 'unauthorized' as const, message: 'The service no longer accepts the sign-in; please sign in again.' };
    expect(signedOutBanner(status({ state: 'signed-out', error: revoked }))).toBe('The service no longer accepts the sign-in; please sign in again. The list shows the last data fetched.');
  });

  it('signed-out banner gives any other reason after saying so', () => {
    expect(signedOutBanner(status({ state: 'signed-out', error: { kind: 'unauthorized', message: 'The token has expired' } }))).toBe(
      'You are signed out: The token has expired. The list shows the last data fetched.',
    );
    expect(signedOutBanner(status({ state: 'signed-out' }))).toBe('You are signed out. The list shows the last data fetched.');
    expect(signedOutBanner(status())).toBeNull();
  });

  it('sentences never double a full stop', () => {
    expect(sentences(['One.', 'Two. ', 'Three'])).toBe('One. Two. Three.');
  });

  it('error text carries the JSON path and the wait asked for', () => {
    expect(errorText({ kind: 'bad-payload', message: 'The asset list is not an array', path: '$' })).toBe('The asset list is not an array (at $)');
    expect(errorText({ kind: 'bad-payload', message: 'Bad value at $[3].name', path: '$[3].name' })).toBe('Bad value at $[3].name');
    expect(errorText({ kind: 'rate-limited', message: 'The service is throttling requests', retryAfterMs: 120_000 })).toBe('The service is throttling requests — the service asked us to wait 2 min');
    expect(errorKey({ kind: 'server', message: 'a' })).not.toBe(errorKey({ kind: 'server', message: 'b' }));
    expect(errorKey(null)).toBeNull();
  });
});
