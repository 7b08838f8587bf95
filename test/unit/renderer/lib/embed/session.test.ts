import { describe, expect, it } from 'vitest';
import { embedTitle, isExpiryMessage, msLeft, renewalDelay, renewalStoppedText, timeLeftText, uselessReason } from '../../../../../src-renderer/src/lib/embed/session';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const session = { expiresAt: '2026-11-22T12:42:30Z' };

describe('embed session timer', () => {
  it('time left ticks down and ends', () => {
    expect(msLeft(session, NOW)).toBe(42.5 * 60_000);
    expect(timeLeftText(session, NOW)).toBe('Session ends in 42 min');
    expect(timeLeftText(session, Date.parse('2026-11-22T12:42:00Z'))).toBe('Session ends in 30 s');
    expect(timeLeftText(session, Date.parse('2026-11-22T12:43:00Z'))).toBe('Session expired');
    expect(timeLeftText({ expiresAt: 'garbage' }, NOW)).toBe('Session expired');
  });

  it('accepts the expiry message only from the embed URL origin', () => {
    const url = 'http://127.0.0.1:7001/embed/auth?req=%2Fmap%23focus%3Dthing%3A7&jws=abc';
    expect(isExpiryMessage({ origin: 'http://127.0.0.1:7001', data: { type: 'fleet-embed-expired' } }, url)).toBe(true);
    expect(isExpiryMessage({ origin: 'http://127.0.0.1:7002', data: { type: 'fleet-embed-expired' } }, url)).toBe(false);
    expect(isExpiryMessage({ origin: 'http://127.0.0.1:7001', data: 'fleet-embed-expired' }, url)).toBe(false);
    expect(isExpiryMessage({ origin: 'http://127.0.0.1:7001', data: { type: 'other' } }, url)).toBe(false);
    expect(isExpiryMessage({ origin: 'null', data: { type: 'fleet-embed-expired' } }, 'not a url')).toBe(false);
  });

  it('titles', () => {
    expect(embedTitle({ kind: 'branch', assetIds: [] })).toBe('Branch map');
    expect(embedTitle({ kind: 'subset', assetIds: ['a', 'b'] })).toBe('Map of 2 selected assets');
    expect(embedTitle({ kind: 'asset', assetIds: ['thing:7'] }, () => 'Crane')).toBe('Map of Crane');
  });
});

describe('renewal limits', () => {
  const T = Date.parse('2026-11-22T12:00:00Z');

  it('judges a session useless when it came with under 5 s left or was reported ended within 5 s', () => {
    expect(uselessReason({ at: T, leftMs: -1 }, false, T + 60_000)).toBe('expired-on-arrival');
    expect(uselessReason({ at: T, leftMs: 4_999 }, true, T + 60_000)).toBe('expired-on-arrival');
    expect(uselessReason({ at: T, leftMs: 3600_000 }, true, T + 4_999)).toBe('ended-at-once');
    expect(uselessReason({ at: T, leftMs: 3600_000 }, true, T + 5_000)).toBeNull();
    expect(uselessReason({ at: T, leftMs: 5_000 }, false, T + 5_000)).toBeNull();
  });

  it('keeps automatic asks at least 5 s apart', () => {
    expect(renewalDelay(null, T)).toBe(0);
    expect(renewalDelay(T, T)).toBe(5_000);
    expect(renewalDelay(T, T + 3_000)).toBe(2_000);
    expect(renewalDelay(T, T + 60_000)).toBe(0);
  });

  it('names the host, the count and the way out, never the link itself', () => {
    const text = renewalStoppedText('expired-on-arrival', 'https://maps.example.com/embed?jws=secret.part.sig', 4);
    expect(text).toContain('maps.example.com');
    expect(text).toContain('4 in a row');
    expect(text).toContain('Try again');
    expect(text).not.toContain('jws');
    expect(renewalStoppedText('ended-at-once', 'not a url', 4)).toContain('the service');
  });
});
