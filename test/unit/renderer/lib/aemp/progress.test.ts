import { describe, expect, it } from 'vitest';
import { checkIdentifier, progressFraction, progressText } from '../../../../../src-renderer/src/lib/aemp/progress';
import { lookupErrorText } from '../../../../../src-renderer/src/lib/aemp/messages';
import { errorText } from '../../../../../src-renderer/src/lib/format/errors';
import { formatClock } from '../../../../../src-renderer/src/lib/format/time';

describe('progressText', () => {
  it('describes page progress', () => {
    const p = { version: '2.0' as const, page: 3, lastPage: 12, units: 300, waitingUntil: null, done: false };
    expect(progressText(p)).toBe('Loading page 3 of 12 — 300 units');
    expect(progressFraction(p)).toBe(0.25);
    expect(progressText({ ...p, lastPage: null })).toBe('Loading page 3 — 300 units');
    expect(progressFraction({ ...p, lastPage: null })).toBeNull();
  });

  it('describes throttling as waiting, with the local retry time', () => {
    const at = new Date(2026, 10, 22, 12, 4, 10).toISOString();
    const p = { version: '2.0' as const, page: 3, lastPage: 12, units: 300, waitingUntil: at, done: false };
    expect(progressText(p)).toBe(`Waiting for the service (throttled) — retrying at ${formatClock(at)}`);
  });
});

describe('checkIdentifier', () => {
  it('trims and validates', () => {
    expect(checkIdentifier('  EX-10 ')).toEqual({ ok: true, value: 'EX-10' });
    expect(checkIdentifier('   ').ok).toBe(false);
    expect(checkIdentifier('a/b').ok).toBe(false);
    expect(checkIdentifier('x'.repeat(65)).ok).toBe(false);
  });
});

describe('messages', () => {
  it('words not-found and offline errors for a dispatcher', () => {
    expect(lookupErrorText({ kind: 'not-found', message: 'HTTP 404' }, 'EX-1')).toBe('No unit with identifier EX-1');
    expect(errorText({ kind: 'offline', message: 'offline' }, 'the fleet list')).toBe('Not available offline: the fleet list.');
    expect(errorText({ kind: 'bad-payload', message: 'Not a number', path: '$.Equipment[2]' }, 'x')).toBe('Not a number (at $.Equipment[2])');
  });
});
