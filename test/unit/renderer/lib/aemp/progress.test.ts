import { describe, expect, it } from 'vitest';
import { checkIdentifier, progressFraction, progressText } from '../../../../../src-renderer/src/lib/aemp/progress';
import { lookupErrorText } from '../../../../../src-renderer/src/lib/aemp/messages';
import { errorText } from '../../../../../src-renderer/src/lib/format/errors';
import { formatClock } from '../../../../../src-renderer/src/lib/format/time';

describe('progressText', () => {
  it('describes page progress', () => {
    const p = { version: '2.0' as const, page: 3, lastPage: 12, equipment: 300, waitingUntil: null, done: false };
    expect(progressText(p)).toBe('Loading page 3 of 12 — 300 machines');
    expect(progressFraction(p)).toBe(0.25);
    expect(progressText({ ...p, lastPage: null })).toBe('Loading page 3 — 300 machines');
    expect(progressFraction({ ...p, lastPage: null })).toBeNull();
  });

  it('counts machines like every count in the app: one machine, grouped thousands', () => {
    const p = { version: '2.0' as const, page: 1, lastPage: 1, equipment: 1, waitingUntil: null, done: true };
    expect(progressText(p)).toBe('Loaded 1 page — 1 machine');
    expect(progressText({ ...p, page: 40, lastPage: 40, equipment: 12_500 })).toBe('Loaded 40 pages — 12,500 machines');
  });

  it('describes throttling as waiting, with the local retry time', () => {
    const at = new Date(2026, 10, 22, 12, 4, 10).toISOString();
    const p = { version: '2.0' as const, page: 3, lastPage: 12, equipment: 300, waitingUntil: at, done: false };
    expect(progressText(p)).toBe(`Waiting for the service (throttled) — retrying at ${formatClock(at)}`);
  });
});

describe('checkIdentifier', () => {
  it('trims and validates', () => {
    expect(checkIdentifier('  EX-10 ')).toEqual({ ok: true, value: 'EX-10' });
    expect(checkIdentifier('   ').ok).toBe(false);
    expect(checkIdentifier('   ')).toEqual({ ok: false, message: 'Enter an equipment id, serial number or VIN.' });
    expect(checkIdentifier('x'.repeat(201))).toEqual({ ok: false, message: 'An equipment id, serial number or VIN can have at most 200 characters.' });
    expect(checkIdentifier('CAT\t320').ok).toBe(false);
    expect(checkIdentifier('..').ok).toBe(false);
  });

  it('accepts identifiers as fleet owners write them: spaces, colons, accents, slashes (the main side accepts the same)', () => {
    for (const id of ['CAT 320', 'Pelle 2: Bâtiment B', 'ÉQ/7 – Grue', 'x'.repeat(200)]) expect(checkIdentifier(id)).toEqual({ ok: true, value: id });
  });
});

describe('messages', () => {
  it('words not-found and offline errors for a dispatcher', () => {
    expect(lookupErrorText({ kind: 'not-found', message: 'HTTP 404' }, 'EX-1')).toBe('No machine with identifier EX-1.');
    expect(errorText({ kind: 'offline', message: 'offline' }, 'the fleet list')).toBe('Not available offline: the fleet list.');
    expect(errorText({ kind: 'bad-payload', message: 'Not a number', path: '$.Equipment[2]' }, 'x')).toBe('Not a number (at $.Equipment[2])');
  });
});
