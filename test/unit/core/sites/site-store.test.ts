import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { box, circle, polygon, site } from './site-shapes';

/** The step that brought the sites tables, found by what it makes (steps from parallel work may come before it). */
const SITES_STEP = MIGRATIONS.findIndex((step) => /CREATE TABLE sites\b/.test(step));

/** Every table made by this step and the steps after it, which a database of the schema before it lacks. */
function tablesFromStep(step: number): string[] {
  return MIGRATIONS.slice(step).flatMap((sql) => [...sql.matchAll(/CREATE TABLE (\w+)/g)].map((match) => match[1]));
}

/** Every column a step from this one on added to an older table. */
function columnsFromStep(step: number): [string, string][] {
  return MIGRATIONS.slice(step).flatMap((sql) => [...sql.matchAll(/ALTER TABLE (\w+) ADD COLUMN (\w+)/g)].map((match): [string, string] => [match[1], match[2]]));
}

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = makeTempDir()));
afterEach(() => cleanup());

describe('the sites tables of the offline store', () => {
  it('are added to a database of the schema before them, keeping its list', () => {
    expect(SITES_STEP).toBeGreaterThan(0);
    mkdirSync(join(dir, 'offline'));
    const before = createStoreFactory(dir).open('demo');
    before.saveAssetSnapshot(makeSnapshot(3, new Date('2026-11-01T08:00:00Z')));
    before.close();
    // Roll the file back to the version before the sites step.
    const db = new Database(join(dir, 'offline', 'demo.sqlite'));
    for (const table of tablesFromStep(SITES_STEP)) db.exec(`DROP TABLE ${table}`);
    for (const [table, column] of columnsFromStep(SITES_STEP)) db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
    db.pragma(`user_version = ${SITES_STEP}`);
    db.close();

    const store = createStoreFactory(dir).open('demo');
    expect(store.notice).toBeNull();
    expect(store.loadAssetSnapshot()?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:2', 'thing:3']);
    const sites = store.siteStore!();
    expect(sites.list()).toEqual([]);
    const yard = site('s-00000001', polygon(box(-112, 40, -111.9, 40.1)));
    sites.change({ put: [yard], remove: [] });
    expect(sites.list()).toEqual([yard]);
    store.close();
    const check = new Database(join(dir, 'offline', 'demo.sqlite'), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
  });

  it('keep sites and presence between runs, and leave a damaged row out', () => {
    const first = createStoreFactory(dir).open('demo');
    const yard = site('s-00000001', circle(-111.9, 40.7, 300));
    const job = site('s-00000002', polygon(box(-112, 40, -111.9, 40.1)), { kind: 'job' });
    first.siteStore!().change({ put: [yard, job], remove: [] });
    first.siteStore!().savePresence([
      ['thing:1', { siteId: yard.id, since: 1000, sinceAtLeast: true }],
      ['thing:2', { siteId: null, since: 2000, sinceAtLeast: false }],
    ]);
    first.siteStore!().savePresence([['thing:2', null]]);
    first.close();
    const db = new Database(join(dir, 'offline', 'demo.sqlite'));
    db.prepare('INSERT INTO sites (id, json) VALUES (?, ?)').run('s-00000003', '{"id":"s-00000003","name":');
    db.prepare('INSERT INTO sites (id, json) VALUES (?, ?)').run('s-00000004', JSON.stringify({ ...yard, id: 's-00000004', shape: { type: 'circle', center: [0, 0], radiusM: -1 } }));
    db.close();

    const again = createStoreFactory(dir).open('demo');
    expect(again.siteStore!().list()).toEqual([yard, job]);
    expect([...again.siteStore!().presence()]).toEqual([['thing:1', { siteId: yard.id, since: 1000, sinceAtLeast: true }]]);
    again.siteStore!().change({ put: [], remove: [yard.id] });
    expect(again.siteStore!().list()).toEqual([job]);
    again.close();
  });

  it('write a change in one transaction: a failure part-way leaves the sites as they were', () => {
    const store = createStoreFactory(dir).open('demo');
    const sites = store.siteStore!();
    const yard = site('s-00000001', circle(-111.9, 40.7, 300));
    sites.change({ put: [yard], remove: [] });
    const unwritable = { ...site('s-00000003', circle(-111.9, 40.7, 300)), notes: 10n } as unknown as typeof yard;
    expect(() => sites.change({ put: [site('s-00000002', circle(-111.8, 40.7, 300)), unwritable], remove: [yard.id] })).toThrow(/Could not save the sites/);
    expect(sites.list()).toEqual([yard]);
    store.close();
  });
});
