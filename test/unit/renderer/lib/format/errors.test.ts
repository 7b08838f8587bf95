import { describe, expect, it } from 'vitest';
import { errorText } from '../../../../../src-renderer/src/lib/format/errors';

describe('errorText: one sentence per error for every view', () => {
  it('names the data an offline look-up could not load, when told what it was', () => {
    expect(errorText({ kind: 'offline', message: 'offline' }, 'the fleet list')).toBe('Not available offline: the fleet list.');
    expect(errorText({ kind: 'offline', message: 'The service cannot be reached' })).toBe('The service cannot be reached');
  });

  it('adds the path of a bad payload once, also where a view names the data', () => {
    expect(errorText({ kind: 'bad-payload', message: 'Not a number', path: '$.Equipment[2]' }, 'the fleet list')).toBe('Not a number (at $.Equipment[2])');
    expect(errorText({ kind: 'bad-payload', message: 'Bad value at $[3].name', path: '$[3].name' }, 'the fleet list')).toBe('Bad value at $[3].name');
  });

  it('never adds a path to a refused argument: its message is the rule in words', () => {
    const refused = { kind: 'invalid-argument' as const, message: 'Refresh every 15 s to 24 h (86,400 s). (Fleet Desk refused the settings, argument 1 of "settings:set".)', path: 'refreshIntervalSec' };
    expect(errorText(refused)).toBe(refused.message);
  });

  it('says how long a throttling service asked us to wait, in the AEMP view too', () => {
    const throttled = { kind: 'rate-limited' as const, message: 'The service is throttling requests', retryAfterMs: 90_000 };
    expect(errorText(throttled)).toBe('The service is throttling requests — the service asked us to wait 1 min');
    expect(errorText(throttled, 'the fleet list')).toBe(errorText(throttled));
  });
});
