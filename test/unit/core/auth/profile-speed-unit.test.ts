/**
 * A profile says which unit its service sends speeds in: checked by the profile schema
 * with a sentence for people, kept in profiles.json, 'unstated' by default and for files
 * from before the choice existed or with a unit Fleet Desk does not know.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../../src-main/contract';
import { createProfileStore, validateProfileInput } from '../../../../src-main/core/auth/profiles';
import { fakeVault } from './fake-vault';
import { DEMO_URLS } from './demo-urls';

const input: ProfileInput = { name: 'North branch', baseUrl: 'https://fleet.example.com/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-speed-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a profile\u2019s speed unit', () => {
  it('is "unstated" unless the profile says, and takes km/h, mph and m/s', () => {
    expect(validateProfileInput(input).speedUnit).toBe('unstated');
    for (const unit of ['km/h', 'mph', 'm/s', 'unstated'] as const) expect(validateProfileInput({ ...input, speedUnit: unit }).speedUnit).toBe(unit);
  });

  it.each(['knots', 'KM/H', '', 3])('refuses %j with a sentence, not a path', (unit) => {
    expect(() => validateProfileInput({ ...input, speedUnit: unit as never })).toThrow(
      expect.objectContaining({ kind: 'invalid-argument', message: 'Speed unit must be km/h, mph, m/s or "not stated".', path: 'speedUnit' }),
    );
  });

  it('is kept in profiles.json and read back; a file without one, or with an unknown one, says "unstated"', async () => {
    const vault = fakeVault();
    const store = await createProfileStore({ userDataDir: dir, vault, demo: DEMO_URLS, env: {} });
    const saved = await store.save({ ...input, speedUnit: 'mph' });
    expect(saved.speedUnit).toBe('mph');
    const again = await createProfileStore({ userDataDir: dir, vault, demo: DEMO_URLS, env: {} });
    expect(again.get(saved.id)?.speedUnit).toBe('mph');
    expect(again.list().profiles.find((p) => p.id === saved.id)?.speedUnit).toBe('mph');

    const file = join(dir, 'profiles.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, unknown>[] };
    delete json.profiles[0].speedUnit;
    json.profiles.push({ ...json.profiles[0], id: 'p-odd', speedUnit: 'furlongs per fortnight' });
    writeFileSync(file, JSON.stringify(json));
    const old = await createProfileStore({ userDataDir: dir, vault, demo: DEMO_URLS, env: {} });
    expect(old.get(saved.id)?.speedUnit).toBe('unstated');
    expect(old.get('p-odd')?.speedUnit).toBe('unstated');
  });
});
