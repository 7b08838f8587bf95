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
    expect(next).toMatchObject({ refreshIntervalSec: 120, units: 'imperial', list: { sort: 'fuel', descending: false } });
    const again = new SettingsStore(dir);
    expect(again.get()).toEqual(next);
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('refuses out-of-range and wrong values with messages for a dispatcher, keeping the old values', () => {
    const store = new SettingsStore(dir);
    expect(rejects(store, { refreshIntervalSec: 5 }).message).toBe('Refresh every 15 s to 24 h (86,400 s)');
    expect(rejects(store, { refreshIntervalSec: 86_401 }).message).toBe('Refresh every 15 s to 24 h (86,400 s)');
    expect(rejects(store, { refreshIntervalSec: 30.5 }).message).toBe('Refresh every 15 s to 24 h (86,400 s)');
    expect(rejects(store, { retentionDays: 0 }).message).toBe('Keep positions and readings for 1 to 365 days');
    expect(rejects(store, { units: 'furlongs' }).message).toMatch(/metric or imperial/);
    expect(rejects(store, { tileUrl: 'file:///etc/passwd' }).message).toMatch(/\{z\}, \{x\} and \{y\}/);
    expect(rejects(store, { list: { sort: 'colour' } }).path).toBe('list.sort');
    expect(rejects(store, { tileCacheMb: 0 }).message).toBe('Keep 10 to 5,000 MB of map tiles');
    expect(rejects(store, { tileCacheMb: 9000 }).message).toBe('Keep 10 to 5,000 MB of map tiles');
    expect(rejects(store, { mapShowsAll: 'yes' }).message).toMatch(/Show all on the map/);
    expect(rejects(store, { colour: 'red' }).message).toBe('Fleet Desk has no setting "colour"');
    expect(store.update({ refreshIntervalSec: 7200 }).refreshIntervalSec).toBe(7200);
    store.update({ refreshIntervalSec: DEFAULT_SETTINGS.refreshIntervalSec });
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

  it('keeps the good fields of a file with some bad ones: numbers out of range are clamped, other bad values reset, each named', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ refreshIntervalSec: 1, units: 'furlongs', list: { search: 'crane', sort: 'fuel' }, extra: 1 }));
    const store = new SettingsStore(dir);
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, refreshIntervalSec: 15, list: { ...DEFAULT_SETTINGS.list, sort: 'fuel' } });
    expect(store.notice).toBe(
      'Some saved settings were not allowed any more and were changed: refresh interval 1 is now 15 (Refresh every 15 s to 24 h (86,400 s)); units reset to "metric" (Choose metric or imperial units)',
    );
  });

  it('loads a settings file written by 0.1 whose values are now out of range, keeping every other setting', () => {
    // 0.1's form allowed retention to 3,650 days and its store 5 s refreshes; its list kept the search text.
    const old = { refreshIntervalSec: 5, staleAfterMin: 525_600, units: 'imperial', theme: 'dark', tileUrl: '', tileAttribution: 'Depot tiles', tileCacheMb: 300, mapShowsAll: true, retentionDays: 3650, list: { search: 'crane', filters: ['stale'], sort: 'fuel', descending: true, columns: ['id'] } };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(old));
    const store = new SettingsStore(dir);
    expect(store.get()).toEqual({ ...old, timeZone: DEFAULT_SETTINGS.timeZone, refreshIntervalSec: 15, staleAfterMin: 10_080, retentionDays: 365, list: { filters: ['stale'], sort: 'fuel', descending: true, columns: ['id'] } });
    expect(store.notice).toMatch(/refresh interval 5 is now 15.*stale after 525,600 is now 10,080.*history kept 3,650 is now 365/);
    expect(store.notice).not.toMatch(/search/);
  });

  it('remembers the list columns; refuses unknown and repeated ones; a file from before columns gets the default set', () => {
    const store = new SettingsStore(dir);
    expect(store.get().list.columns).toEqual(['category', 'site', 'lastUpdate', 'fuel', 'ignition']);
    const next = store.update({ list: { columns: ['id', 'speed', 'odometer'] } });
    expect(next.list).toMatchObject({ columns: ['id', 'speed', 'odometer'], sort: 'name' });
    expect(new SettingsStore(dir).get().list.columns).toEqual(['id', 'speed', 'odometer']);
    expect(rejects(store, { list: { columns: ['colour'] } }).path).toBe('list.columns.0');
    expect(rejects(store, { list: { columns: ['id', 'id'] } }).message).toBe('A column is shown only once');
    expect(rejects(store, { list: { columns: 'id' } }).message).toBe('The columns must be a list');
    expect(store.update({ list: { sort: 'engineHours' } }).list.sort).toBe('engineHours');

    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ list: { search: 'crane', filters: [], sort: 'fuel', descending: true } }));
    const old = new SettingsStore(dir);
    expect(old.get().list).toEqual({ filters: [], sort: 'fuel', descending: true, columns: ['category', 'site', 'lastUpdate', 'fuel', 'ignition'] });
    expect(old.notice).toBeNull();
  });

  it('returns copies: changing a result does not change the store', () => {
    const store = new SettingsStore(dir);
    const s = store.get();
    s.list.filters.push('stale');
    expect(store.get().list.filters).toEqual([]);
  });
});
