import { describe, expect, it } from 'vitest';
import { embedTitle, isExpiryMessage, msLeft, shouldRenew, timeLeftText } from '../../../../../src-renderer/src/lib/embed/session';

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

  it('renews shortly before the end', () => {
    expect(shouldRenew(session, NOW)).toBe(false);
    expect(shouldRenew(session, Date.parse('2026-11-22T12:42:20Z'))).toBe(true);
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
