/** The list and tile settings are each branch's own; the shared values are where a new branch starts. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../../src-main/core/settings/settings-store';
import { DEFAULT_SETTINGS } from '../../../../src-main/core/settings/settings-schema';
import { FleetError } from '../../../../src-main/core/errors';

let dir: string;
let active: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fleet-branch-settings-'));
  active = 'demo';
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const YARD_TILES = 'http://127.0.0.1:8080/yard/{z}/{x}/{y}.png';
const open = () => new SettingsStore(dir, { activeProfile: () => active });
const file = () => JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;

describe('settings per branch', () => {
  it('a sort, filters, columns and tiles set in one branch stay that branch’s; the other keeps its own', () => {
    const store = open();
    store.update({ list: { sort: 'fuel', descending: true, filters: ['ignition:on'], columns: ['id'] }, tileUrl: YARD_TILES });
    active = 'north';
    expect(store.get().list).toEqual(DEFAULT_SETTINGS.list);
    expect(store.get().tileUrl).toBe(DEFAULT_SETTINGS.tileUrl);
    store.update({ list: { sort: 'lastUpdate' } });
    active = 'demo';
    expect(store.get().list).toEqual({ sort: 'fuel', descending: true, filters: ['ignition:on'], columns: ['id'] });
    expect(store.get().tileUrl).toBe(YARD_TILES);
    active = 'north';
    expect(store.get().list.sort).toBe('lastUpdate');
  });

  it('the dispatcher’s own settings (units, theme, show all on the map) hold for every branch', () => {
    const store = open();
    store.update({ units: 'imperial', theme: 'dark', mapShowsAll: true });
    active = 'north';
    expect(store.get()).toMatchObject({ units: 'imperial', theme: 'dark', mapShowsAll: true });
  });

  it('survives a restart, each branch with its own', () => {
    open().update({ list: { sort: 'fuel' } });
    active = 'north';
    expect(open().get().list.sort).toBe('name');
    active = 'demo';
    expect(open().get().list.sort).toBe('fuel');
  });

  it('an old settings file (one list for all) loads: its values are where every branch starts', () => {
    const old = { ...DEFAULT_SETTINGS, tileUrl: YARD_TILES, list: { sort: 'fuel', descending: true, filters: [], columns: ['fuel'] } };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(old));
    const store = open();
    expect(store.notice).toBeNull();
    expect(store.get()).toMatchObject({ tileUrl: YARD_TILES, list: old.list });
    active = 'north';
    expect(store.get()).toMatchObject({ tileUrl: YARD_TILES, list: old.list });
    // A change in north leaves the demo on the old values.
    store.update({ list: { sort: 'name' } });
    active = 'demo';
    expect(store.get().list.sort).toBe('fuel');
  });

  it('a bad value of one branch is refused with the shared rule’s words, and nothing is lost', () => {
    const store = open();
    store.update({ list: { sort: 'fuel' } });
    let refused: unknown;
    try {
      store.update({ tileUrl: 'ftp://tiles.example/{z}/{x}/{y}.png' });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(FleetError);
    expect((refused as FleetError).message).toMatch(/^The tile address is empty or an http/);
    expect(store.get().list.sort).toBe('fuel');
    expect(store.get().tileUrl).toBe(DEFAULT_SETTINGS.tileUrl);
  });

  it('a branch value in the file the rules no longer allow falls back to the shared one, named in the notice; the good ones stay', () => {
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ ...DEFAULT_SETTINGS, branches: { north: { tileUrl: 'javascript:alert(1)', list: { sort: 'colour', descending: true } }, demo: 'nonsense' } }),
    );
    active = 'north';
    const store = open();
    expect(store.get().tileUrl).toBe(DEFAULT_SETTINGS.tileUrl);
    expect(store.get().list).toEqual({ ...DEFAULT_SETTINGS.list, descending: true });
    expect(store.notice).toContain('branch "north": tile address now the shared one');
    expect(store.notice).toContain('list sort reset');
  });

  it('keeps in the branch only what it changed: the rest follows the shared values', () => {
    const store = open();
    store.update({ list: { sort: 'fuel' } });
    store.update({ tileUrl: YARD_TILES }, 'shared');
    expect(store.get().tileUrl).toBe(YARD_TILES);
    expect(file()).toMatchObject({ tileUrl: YARD_TILES, branches: { demo: { list: { sort: 'fuel' } } } });
    expect((file().branches as Record<string, Record<string, unknown>>).demo.tileUrl).toBeUndefined();
  });

  it('forgets a removed branch’s own values', () => {
    const store = open();
    store.update({ list: { sort: 'fuel' } });
    store.forgetBranch('demo');
    expect(store.get().list.sort).toBe('name');
    expect(file().branches).toEqual({});
  });
});
