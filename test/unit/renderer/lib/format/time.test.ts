import { describe, expect, it } from 'vitest';
import { formatInZone, formatSpan, isValidTimeZone, parseTime, relativeTime, shortRelativeTime } from '../../../../../src-renderer/src/lib/format/time';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-22T11:59:55Z', 'just now'],
    ['2026-11-22T11:59:15Z', '45 s ago'],
    ['2026-11-22T11:57:00Z', '3 min ago'],
    ['2026-11-22T09:55:00Z', '2 h 05 min ago'],
    ['2026-11-21T00:00:00Z', '36 h ago'],
    ['2026-11-17T12:00:00Z', '5 d ago'],
    ['2026-08-01T12:00:00Z', '3 mo ago'],
    ['2023-11-01T12:00:00Z', '3 y ago'],
  ])('%s → %s', (iso, text) => {
    expect(relativeTime(iso, NOW)).toBe(text);
  });

  it('never points to the future: data newer than the ticking clock is "just now"', () => {
    // The clock ticks every 15 s, so a sync that just landed is up to 15 s "ahead" of it.
    expect(relativeTime('2026-11-22T12:00:11Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-22T12:04:59Z', NOW)).toBe('just now');
    expect(shortRelativeTime('2026-11-22T12:00:11Z', NOW)).toBe('just now');
  });

  it('says a timestamp far ahead of this computer is ahead, not "in …"', () => {
    expect(relativeTime('2026-11-22T15:00:00Z', NOW)).toBe("3 h ahead of this computer's clock");
    expect(shortRelativeTime('2026-11-22T15:30:00Z', NOW)).toBe('3 h ahead');
    expect(relativeTime('2026-11-22T15:00:00Z', NOW)).not.toMatch(/^in /);
  });

  it('accepts fractional seconds', () => {
    expect(relativeTime('2026-11-22T11:56:59.500Z', NOW)).toBe('3 min ago');
  });

  it('says never for no timestamp and flags unreadable ones', () => {
    expect(relativeTime(null, NOW)).toBe('never');
    expect(relativeTime('yesterday-ish', NOW)).toBe('unknown time');
  });
});

describe('formatSpan', () => {
  it('pads minutes under ten hours', () => {
    expect(formatSpan(3 * 3600_000 + 7 * 60_000)).toBe('3 h 07 min');
    expect(formatSpan(3 * 3600_000)).toBe('3 h');
  });
});

describe('formatInZone', () => {
  it('renders the time in a named zone', () => {
    const r = formatInZone('2026-11-22T12:00:00Z', 'America/Denver');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.text).toContain('05:00:00');
    // The same format as every other date and time, with the zone's name.
    if (r.ok) expect(r.text).toBe(new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'America/Denver', timeZoneName: 'short' }).format(Date.parse('2026-11-22T12:00:00Z')));
  });

  it('reports an unknown zone instead of throwing', () => {
    expect(formatInZone('2026-11-22T12:00:00Z', 'Mars/Olympus')).toEqual({ ok: false, message: 'unknown time zone "Mars/Olympus"' });
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
  });

  it('parseTime returns null for garbage', () => {
    expect(parseTime('not a date')).toBeNull();
    expect(parseTime('2026-11-22T12:00:00Z')).toBe(NOW);
  });
});
