import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../../src-main/core/settings/settings-store';
import { DEFAULT_SETTINGS } from '../../../../src-main/core/settings/settings-schema';
import { FleetError } from '../../../../src-main/core/errors';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fleet-settings-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const now = () => new Date('2026-03-01T10:00:00Z');

function rejects(store: SettingsStore, patch: unknown): FleetError {
  try {
    store.update(patch);
  } catch (err) {
    expect(err).toBeInstanceOf(FleetError);
    return err as FleetError;
  }
  throw new Error('expected the update to be refused');
}

describe('SettingsStore', () => {
  it('starts with the defaults, with the composition root filling in the tile URL', () => {
    const store = new SettingsStore(dir, { defaults: { tileUrl: 'http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png' } });
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, tileUrl: 'http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png' });
    expect(store.get()).toMatchObject({ refreshIntervalSec: 60, staleAfterMin: 60, units: 'metric', retentionDays: 30 });
    expect(store.notice).toBeNull();
  });

  it('saves an update and reads it back in a new store', () => {
    const store = new SettingsStore(dir);
    const next = store.update({ refreshIntervalSec: 120, units: 'imperial', list: { sort: 'fuel' } });
    expect(next).toMatchObject({ refreshIntervalSec: 120, units: 'imperial', list: { sort: 'fuel', search: '', descending: false } });
    const again = new SettingsStore(dir);
    expect(again.get()).toEqual(next);
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('refuses out-of-range and wrong values with messages for a dispatcher, keeping the old values', () => {
    const store = new SettingsStore(dir);
    expect(rejects(store, { refreshIntervalSec: 5 }).message).toBe('The refresh interval must be at least 10 seconds');
    expect(rejects(store, { refreshIntervalSec: 7200 }).message).toBe('The refresh interval must be at most 3600 seconds');
    expect(rejects(store, { refreshIntervalSec: 30.5 }).message).toMatch(/whole number/);
    expect(rejects(store, { retentionDays: 0 }).message).toMatch(/Keeping history must be at least 1 day$/);
    expect(rejects(store, { units: 'furlongs' }).message).toMatch(/metric or imperial/);
    expect(rejects(store, { tileUrl: 'file:///etc/passwd' }).message).toMatch(/\{z\}, \{x\} and \{y\}/);
    expect(rejects(store, { list: { sort: 'colour' } }).path).toBe('$.list.sort');
    expect(rejects(store, { tileCacheMb: 0 }).message).toBe('The map tile cache must be at least 10 MB');
    expect(rejects(store, { tileCacheMb: 9000 }).message).toBe('The map tile cache must be at most 5000 MB');
    expect(rejects(store, { mapShowsAll: 'yes' }).message).toMatch(/Show all on map/);
    expect(rejects(store, { colour: 'red' }).message).toMatch(/Unknown setting "colour"/);
    expect(rejects(store, 'fast').kind).toBe('invalid-argument');
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('moves a corrupt file aside and uses the defaults, with a notice', () => {
    writeFileSync(join(dir, 'settings.json'), '{"refreshIntervalSec": 12');
    const store = new SettingsStore(dir, { now });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.notice).toMatch(/damaged/);
    expect(readdirSync(dir)).toEqual(['settings.json.corrupt-2026-03-01T10-00-00-000Z']);
    store.update({ staleAfterMin: 15 });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).staleAfterMin).toBe(15);
  });

  it('keeps the good fields of a file with some bad ones', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ refreshIntervalSec: 1, units: 'imperial', list: { search: 'crane' }, extra: 1 }));
    const store = new SettingsStore(dir);
    expect(store.get()).toMatchObject({ refreshIntervalSec: 60, units: 'imperial', list: { search: 'crane', sort: 'name' } });
    expect(store.notice).toMatch(/refreshIntervalSec/);
  });

  it('remembers the list columns; refuses unknown and repeated ones; a file from before columns gets the default set', () => {
    const store = new SettingsStore(dir);
    expect(store.get().list.columns).toEqual(['category', 'lastUpdate', 'fuel', 'ignition']);
    const next = store.update({ list: { columns: ['id', 'speed', 'odometer'] } });
    expect(next.list).toMatchObject({ columns: ['id', 'speed', 'odometer'], sort: 'name' });
    expect(new SettingsStore(dir).get().list.columns).toEqual(['id', 'speed', 'odometer']);
    expect(rejects(store, { list: { columns: ['colour'] } }).path).toBe('$.list.columns.0');
    expect(rejects(store, { list: { columns: ['id', 'id'] } }).message).toBe('A list column is named twice');
    expect(rejects(store, { list: { columns: 'id' } }).message).toBe('The list columns must be a list');
    expect(store.update({ list: { sort: 'engineHours' } }).list.sort).toBe('engineHours');

    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ list: { search: 'crane', filters: [], sort: 'fuel', descending: true } }));
    const old = new SettingsStore(dir);
    expect(old.get().list).toEqual({ search: 'crane', filters: [], sort: 'fuel', descending: true, columns: ['category', 'lastUpdate', 'fuel', 'ignition'] });
    expect(old.notice).toBeNull();
  });

  it('returns copies: changing a result does not change the store', () => {
    const store = new SettingsStore(dir);
    const s = store.get();
    s.list.filters.push('stale');
    expect(store.get().list.filters).toEqual([]);
  });
});
