import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HISTORY_DAYS } from '../../../../../src-main/contract';
import { checkRange, parseLocalInput, presetRange, toLocalInput, toUtcIso } from '../../../../../src-renderer/src/lib/aemp/date-range';

// Local time matters here: pin a zone with a DST change (clocks go forward
// 2026-03-29 02:00 → 03:00 and back 2026-10-25 03:00 → 02:00).
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

const NOW = Date.UTC(2026, 10, 22, 14, 0, 0); // 2026-11-22 15:00 in Berlin

describe('parseLocalInput', () => {
  it('reads datetime-local values as local time', () => {
    const r = parseLocalInput('2026-11-22T15:00');
    expect(r).toEqual({ ok: true, ms: Date.UTC(2026, 10, 22, 14, 0, 0) });
  });

  it('accepts seconds', () => {
    const r = parseLocalInput('2026-07-01T12:00:30');
    expect(r).toEqual({ ok: true, ms: Date.UTC(2026, 6, 1, 10, 0, 30) });
  });

  it('refuses empty, malformed and impossible dates', () => {
    expect(parseLocalInput('  ')).toEqual({ ok: false, message: 'Enter a date and time.' });
    expect(parseLocalInput('22.11.2026 15:00').ok).toBe(false);
    const feb30 = parseLocalInput('2026-02-30T10:00');
    expect(feb30.ok).toBe(false);
    if (!feb30.ok) expect(feb30.message).toContain('not a calendar date');
  });

  it('refuses a local time skipped by the spring-forward change', () => {
    const r = parseLocalInput('2026-03-29T02:30');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('does not exist');
  });

  it('takes the ambiguous autumn hour and converts it to UTC consistently', () => {
    const r = parseLocalInput('2026-10-25T02:30');
    expect(r.ok).toBe(true);
    if (r.ok) expect([Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 9, 25, 1, 30)]).toContain(r.ms);
  });
});

describe('toUtcIso / toLocalInput', () => {
  it('formats UTC without milliseconds', () => {
    expect(toUtcIso(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe('2026-01-02T03:04:05Z');
  });

  it('round-trips local input values', () => {
    expect(toLocalInput(Date.UTC(2026, 6, 1, 10, 5))).toBe('2026-07-01T12:05');
    const parsed = parseLocalInput(toLocalInput(NOW));
    expect(parsed).toEqual({ ok: true, ms: NOW });
  });
});

describe('checkRange', () => {
  it('returns UTC bounds across a DST change', () => {
    const r = checkRange('2026-03-28T12:00', '2026-03-29T12:00', NOW);
    expect(r).toMatchObject({ ok: true, startIso: '2026-03-28T11:00:00Z', endIso: '2026-03-29T10:00:00Z' });
  });

  it('requires start before end', () => {
    const r = checkRange('2026-11-20T10:00', '2026-11-20T10:00', NOW);
    expect(r).toEqual({ ok: false, errors: { range: 'The start must be before the end.' } });
  });

  it(`limits the range to ${MAX_HISTORY_DAYS} days`, () => {
    // 2025-11-21 10:00 → 2026-11-22 10:00 is exactly 366 days.
    expect(checkRange('2025-11-21T10:00', '2026-11-22T10:00', NOW).ok).toBe(true);
    const tooLong = checkRange('2025-11-21T09:59', '2026-11-22T10:00', NOW);
    expect(tooLong).toEqual({ ok: false, errors: { range: 'A history can span at most 366 days.' } });
  });

  it('refuses an end in the future but tolerates a minute of clock skew', () => {
    const r = checkRange('2026-11-22T10:00', '2026-11-22T15:30', NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.end).toContain('future');
    expect(checkRange('2026-11-22T10:00', '2026-11-22T15:01', NOW).ok).toBe(true);
  });

  it('reports each bad input next to its field', () => {
    const r = checkRange('', 'nonsense', NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.start).toBe('Enter a date and time.');
      expect(r.errors.end).toContain('YYYY-MM-DD');
      expect(r.errors.range).toBeUndefined();
    }
  });
});

describe('presetRange', () => {
  it('ends now (to the minute) and spans the preset', () => {
    expect(presetRange('24h', NOW + 42_000)).toEqual({ start: '2026-11-21T15:00', end: '2026-11-22T15:00' });
    expect(presetRange('7d', NOW)).toEqual({ start: '2026-11-15T15:00', end: '2026-11-22T15:00' });
    const r = presetRange('30d', NOW);
    expect(checkRange(r.start, r.end, NOW).ok).toBe(true);
  });
});
