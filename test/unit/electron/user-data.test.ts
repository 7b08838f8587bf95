import { describe, expect, it } from 'vitest';
import { userDataOverride } from '../../../src-main/electron/user-data';

describe('userDataOverride', () => {
  it('is null when FLEET_USER_DATA is unset or empty', () => {
    expect(userDataOverride({})).toBeNull();
    expect(userDataOverride({ FLEET_USER_DATA: '' })).toBeNull();
  });

  it('takes an absolute path, normalised', () => {
    expect(userDataOverride({ FLEET_USER_DATA: '/tmp/fleet-e2e/./data/../data' })).toBe('/tmp/fleet-e2e/data');
  });

  it.each(['data', './data', '../data', '~/data', '/tmp/a\0b'])('refuses %j, naming the variable and the value', (value) => {
    expect(() => userDataOverride({ FLEET_USER_DATA: value })).toThrow(/^FLEET_USER_DATA must be an absolute folder path/);
  });
});

describe('userDataOverride refusal', () => {
  it('is an invalid-argument error naming the value', () => {
    expect(() => userDataOverride({ FLEET_USER_DATA: 'relative/dir' })).toThrow(expect.objectContaining({ kind: 'invalid-argument', message: expect.stringContaining('"relative/dir"') }));
  });
});
