import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Asset, AssetSnapshot } from '../../../../src-main/contract';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

function engineAsset(id: string, runtimeMs: number, collectedOn: string): Asset {
  return {
    assetId: id,
    type: 'thing',
    name: `Excavator ${id}`,
    serialNumber: '',
    category: 'Excavators',
    embedUrl: null,
    metrics: { 'engine-runtime': { value: runtimeMs, meta: { collectedOn, source: 'can', other: {} } } },
    lastUpdate: collectedOn,
    issues: [],
  };
}

const snapshotOf = (assets: Asset[], fetchedAt: string): AssetSnapshot => ({ profileId: 'demo', assets, skipped: [], fetchedAt, source: 'network' });

describe('offline store: utilization days', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = makeTempDir()));
  afterEach(() => cleanup());

  it('keeps the data of a database from before the utilization tables and adds them', () => {
    mkdirSync(join(dir, 'offline'));
    const file = join(dir, 'offline', 'demo.sqlite');
    // The schema as it stood just before the utilization step, wherever later steps put it.
    const before = MIGRATIONS.findIndex((step) => step.includes('CREATE TABLE utilization_days'));
    expect(before).toBeGreaterThan(0);
    const old = new Database(file);
    old.exec(MIGRATIONS.slice(0, before).join('\n'));
    old.prepare('INSERT INTO documents (kind, key, value, fetched_at) VALUES (?, ?, ?, ?)').run('fleet-list', '2.0', '{"kept":true}', '2026-01-01T00:00:00Z');
    old.pragma(`user_version = ${before}`);
    old.close();

    const store = createStoreFactory(dir).open('demo');
    expect(new Database(file, { readonly: true }).pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(store.getDocument('fleet-list', '2.0')?.value).toEqual({ kept: true });
    store.utilization!().putDays('America/Denver', [{ assetId: 'thing:1', day: '2026-01-05', hours: 7.5, marks: [], source: 'aemp', fetchedAt: '2026-01-06T00:00:00Z' }]);
    expect(store.utilization!().days('2026-01-01', '2026-01-31', 'America/Denver').map((d) => d.hours)).toEqual([7.5]);
    store.close();
  });

  it('reads back machine-days of the range and zone asked for, marks included', () => {
    const store = createStoreFactory(dir).open('demo');
    const days = store.utilization!();
    days.putDays('America/Denver', [
      { assetId: 'thing:1', day: '2026-01-05', hours: 7.5, marks: [{ kind: 'reset', count: 1 }], source: 'aemp', fetchedAt: '2026-01-06T00:00:00Z' },
      { assetId: 'thing:1', day: '2026-01-06', hours: null, marks: [], source: 'aemp', fetchedAt: '2026-01-07T00:00:00Z' },
      { assetId: 'thing:1', day: '2026-02-01', hours: 3, marks: [], source: 'aemp', fetchedAt: '2026-02-02T00:00:00Z' },
    ]);
    const read = days.days('2026-01-01', '2026-01-31', 'America/Denver');
    expect(read.map((d) => [d.day, d.hours, d.marks])).toEqual([
      ['2026-01-05', 7.5, [{ kind: 'reset', count: 1 }]],
      ['2026-01-06', null, []],
    ]);
    expect(days.machineDays('2026-01-01', '2026-01-31', 'America/Denver')).toEqual([
      { assetId: 'thing:1', days: ['2026-01-05', '2026-01-06'], hours: [7.5, null], marks: [{ day: '2026-01-05', kind: 'reset', count: 1 }] },
    ]);
    // Days cut in another zone are not these days.
    expect(days.days('2026-01-01', '2026-01-31', 'Australia/Sydney')).toEqual([]);
    expect(days.machineDays('2026-01-01', '2026-01-31', 'Australia/Sydney')).toEqual([]);
    store.close();
  });

  it('carries the machine-days of a database from before the monthly table over to it, a damaged marks cell left out', () => {
    mkdirSync(join(dir, 'offline'));
    const file = join(dir, 'offline', 'demo.sqlite');
    const before = MIGRATIONS.findIndex((step) => step.includes('CREATE TABLE utilization_months'));
    expect(before).toBeGreaterThan(0);
    const old = new Database(file);
    old.exec(MIGRATIONS.slice(0, before).join('\n'));
    const put = old.prepare('INSERT INTO utilization_days (day, asset_id, zone, hours, marks, source, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    put.run('2026-01-30', 'thing:1', 'America/Denver', 7.5, '[{"kind":"reset","count":1}]', 'aemp', 'x');
    put.run('2026-01-31', 'thing:1', 'America/Denver', null, null, 'aemp', 'x');
    put.run('2026-02-01', 'thing:1', 'America/Denver', 2.25, '{oops', 'aemp', 'x');
    put.run('2026-02-01', 'thing:2', 'UTC', 4, null, 'aemp', 'x');
    old.pragma(`user_version = ${before}`);
    old.close();

    const store = createStoreFactory(dir).open('demo');
    expect(store.utilization!().machineDays('2026-01-01', '2026-02-28', 'America/Denver')).toEqual([
      { assetId: 'thing:1', days: ['2026-01-30', '2026-01-31', '2026-02-01'], hours: [7.5, null, 2.25], marks: [{ day: '2026-01-30', kind: 'reset', count: 1 }] },
    ]);
    // A day written after the move joins the carried-over month rather than replacing it.
    store.utilization!().putDays('America/Denver', [{ assetId: 'thing:1', day: '2026-02-02', hours: 1, marks: [], source: 'aemp', fetchedAt: 'y' }]);
    expect(store.utilization!().machineDays('2026-02-01', '2026-02-28', 'America/Denver')[0].hours).toEqual([2.25, 1]);
    expect(store.utilization!().machineDays('2026-02-01', '2026-02-01', 'UTC')).toEqual([{ assetId: 'thing:2', days: ['2026-02-01'], hours: [4], marks: [] }]);
    store.close();
  });

  it('reads a damaged hours or marks cell as unknown rather than as a figure', () => {
    const store = createStoreFactory(dir).open('demo');
    store.utilization!().putDays('UTC', [
      { assetId: 'thing:1', day: '2026-01-05', hours: 5, marks: [{ kind: 'gap', count: 1 }], source: 'aemp', fetchedAt: 'x' },
      { assetId: 'thing:1', day: '2026-01-06', hours: 6, marks: [], source: 'aemp', fetchedAt: 'x' },
    ]);
    store.close();
    const db = new Database(join(dir, 'offline', 'demo.sqlite'));
    // The report reads the packed months.
    db.prepare("UPDATE utilization_months SET hours = '05=lots,06=1e9', marks = '{oops' WHERE month = '2026-01'").run();
    db.close();
    const reopened = createStoreFactory(dir).open('demo');
    expect(reopened.utilization!().machineDays('2026-01-01', '2026-01-31', 'UTC')).toEqual([{ assetId: 'thing:1', days: ['2026-01-05', '2026-01-06'], hours: [null, null], marks: [] }]);
    reopened.close();
  });

  it("keeps each machine's first and last engine-runtime reading per UTC day from the asset list", () => {
    const store = createStoreFactory(dir).open('demo');
    store.saveAssetSnapshot(snapshotOf([engineAsset('thing:1', 3_600_000, '2026-01-05T10:00:00Z')], '2026-01-05T10:00:05Z'));
    store.saveAssetSnapshot(snapshotOf([engineAsset('thing:1', 7_200_000, '2026-01-05T12:00:00Z')], '2026-01-05T12:00:05Z'));
    store.saveAssetSnapshot(snapshotOf([engineAsset('thing:1', 9_000_000, '2026-01-05T15:00:00Z')], '2026-01-05T15:00:05Z'));
    store.saveAssetSnapshot(snapshotOf([engineAsset('thing:1', 9_000_000, '2026-01-06T01:00:00Z')], '2026-01-06T01:00:05Z'));
    const days = store.utilization!().engineDays('2026-01-01', '2026-01-31');
    expect(days).toEqual([
      { day: '2026-01-05', assetId: 'thing:1', firstAt: Date.parse('2026-01-05T10:00:00Z'), firstMs: 3_600_000, lastAt: Date.parse('2026-01-05T15:00:00Z'), lastMs: 9_000_000 },
      { day: '2026-01-06', assetId: 'thing:1', firstAt: Date.parse('2026-01-06T01:00:00Z'), firstMs: 9_000_000, lastAt: Date.parse('2026-01-06T01:00:00Z'), lastMs: 9_000_000 },
    ]);
    store.close();
  });

  it('keeps engine readings after old observations are pruned', () => {
    const store = createStoreFactory(dir).open('demo');
    store.saveAssetSnapshot(snapshotOf([engineAsset('thing:1', 3_600_000, '2026-01-05T10:00:00Z')], '2026-01-05T10:00:05Z'));
    store.prune(1, new Date('2026-03-01T00:00:00Z'));
    expect(store.utilization!().engineDays('2026-01-01', '2026-01-31')).toHaveLength(1);
    store.close();
  });
});
