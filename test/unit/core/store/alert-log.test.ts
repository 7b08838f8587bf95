import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertRuleKind } from '../../../../src-main/contract';
import type { AlertLog, NewAlert, OfflineStore } from '../../../../src-main/core/ports';
import { openMemoryAlertLog, SqliteAlertLog } from '../../../../src-main/core/store/alert-log';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const alert = (assetId: string, rule: AlertRuleKind, raisedAt: string, key = ''): NewAlert => ({
  assetId,
  assetName: `Unit ${assetId}`,
  rule,
  key,
  message: `${rule} on ${assetId}`,
  value: 12.5,
  raisedAt,
});

let dir: string;
let cleanup: () => void;
const stores: OfflineStore[] = [];
beforeEach(() => ({ dir, cleanup } = makeTempDir()));
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  cleanup();
});

function sqliteLog(profileId = 'demo'): AlertLog {
  const store = createStoreFactory(dir).open(profileId);
  stores.push(store);
  return store.alertLog!();
}

// The same behaviour whether the log is kept in the store or in memory for the run.
describe.each([
  ['in the offline store', () => sqliteLog()],
  ['in memory', () => openMemoryAlertLog('demo')],
])('alert log %s', (_name, makeLog) => {
  it('records, lists newest first, filters by rule and acknowledgement, and counts shown alerts only', () => {
    const log = makeLog();
    const { raised, opened } = log.record({
      clear: [],
      raise: [
        { shown: alert('thing:1', 'low-fuel', '2026-03-10T10:00:00.000Z'), merged: [] },
        { shown: alert('thing:2', 'region', '2026-03-10T12:00:00.000Z', 'leave:region:A'), merged: [alert('thing:2', 'region', '2026-03-10T12:00:00.000Z', 'enter:region:B')] },
        { shown: alert('thing:3', 'stale', '2026-03-10T11:00:00.000Z'), merged: [] },
      ],
    });
    expect(raised.map((a) => a.assetId)).toEqual(['thing:1', 'thing:2', 'thing:3']);
    expect(raised[0]).toMatchObject({ profileId: 'demo', assetName: 'Unit thing:1', value: 12.5, clearedAt: null, acknowledgedAt: null });
    expect(opened).toHaveLength(4);
    expect(log.openAlerts()).toHaveLength(4);
    expect(log.list({ unacknowledgedOnly: false, rule: null }, 100).map((a) => a.assetId)).toEqual(['thing:2', 'thing:3', 'thing:1']);
    expect(log.list({ unacknowledgedOnly: false, rule: 'stale' }, 100).map((a) => a.assetId)).toEqual(['thing:3']);
    expect(log.list({ unacknowledgedOnly: false, rule: null }, 2)).toHaveLength(2);
    expect(log.counts()).toEqual({ total: 3, unacknowledged: 3 });

    const [first] = raised;
    expect(log.acknowledge([first.id, 9999], '2026-03-10T13:00:00.000Z')).toBe(1);
    expect(log.acknowledge([first.id], '2026-03-10T14:00:00.000Z')).toBe(0); // the first acknowledgement stays
    expect(log.list({ unacknowledgedOnly: true, rule: null }, 100).map((a) => a.assetId)).toEqual(['thing:2', 'thing:3']);
    expect(log.list({ unacknowledgedOnly: false, rule: 'low-fuel' }, 100)[0].acknowledgedAt).toBe('2026-03-10T13:00:00.000Z');
    expect(log.acknowledge('all', '2026-03-10T15:00:00.000Z')).toBe(2);
    expect(log.counts()).toEqual({ total: 3, unacknowledged: 0 });
  });

  it('keeps one open alert per condition, and raises it again only after it cleared', () => {
    const log = makeLog();
    const first = log.record({ clear: [], raise: [{ shown: alert('thing:1', 'stale', '2026-03-10T10:00:00.000Z'), merged: [] }] });
    const again = log.record({ clear: [], raise: [{ shown: alert('thing:1', 'stale', '2026-03-10T11:00:00.000Z'), merged: [] }] });
    expect(again).toEqual({ raised: [], opened: [] });
    const id = first.raised[0].id;
    const after = log.record({ clear: [{ id, clearedAt: '2026-03-10T12:00:00.000Z' }], raise: [{ shown: alert('thing:1', 'stale', '2026-03-10T13:00:00.000Z'), merged: [] }] });
    expect(after.raised).toHaveLength(1);
    const listed = log.list({ unacknowledgedOnly: false, rule: null }, 10);
    expect(listed.map((a) => a.clearedAt)).toEqual([null, '2026-03-10T12:00:00.000Z']);
  });

  it('prunes cleared alerts older than the retention and keeps open ones however old', () => {
    const log = makeLog();
    const { raised } = log.record({
      clear: [],
      raise: [
        { shown: alert('thing:1', 'maintenance', '2026-01-01T00:00:00.000Z', 't1'), merged: [] },
        { shown: alert('thing:2', 'low-fuel', '2026-01-01T00:00:00.000Z'), merged: [] },
        { shown: alert('thing:3', 'low-fuel', '2026-03-09T00:00:00.000Z'), merged: [] },
      ],
    });
    log.record({ clear: [{ id: raised[1].id, clearedAt: '2026-01-02T00:00:00.000Z' }, { id: raised[2].id, clearedAt: '2026-03-09T12:00:00.000Z' }], raise: [] });
    log.prune(30, new Date('2026-03-10T00:00:00Z'));
    expect(log.list({ unacknowledgedOnly: false, rule: null }, 10).map((a) => a.assetId).sort()).toEqual(['thing:1', 'thing:3']);
  });
});

describe('alert log in memory for the run', () => {
  it('is the offline store\'s log on a database in memory, so it keeps the very same rules', () => {
    const log = openMemoryAlertLog('demo');
    expect(log).toBeInstanceOf(SqliteAlertLog);
    expect(log.persistent).toBe(false);
    expect(sqliteLog().persistent).toBe(true);
  });

  it('is one log per opening: alerts of one run or profile never show in another', () => {
    const first = openMemoryAlertLog('demo');
    const second = openMemoryAlertLog('other');
    first.record({ clear: [], raise: [{ shown: alert('thing:1', 'low-fuel', '2026-03-10T10:00:00.000Z'), merged: [] }] });
    expect(first.counts()).toEqual({ total: 1, unacknowledged: 1 });
    expect(second.counts()).toEqual({ total: 0, unacknowledged: 0 });
    expect(first.list({ unacknowledgedOnly: false, rule: null }, 10)[0].profileId).toBe('demo');
  });
});

describe('alert log in the offline store', () => {
  it('is still there after the store is closed and opened again', () => {
    sqliteLog().record({ clear: [], raise: [{ shown: alert('thing:1', 'stale', '2026-03-10T10:00:00.000Z'), merged: [] }] });
    for (const store of stores.splice(0)) store.close();
    const reopened = sqliteLog();
    expect(reopened.openAlerts().map((a) => [a.assetId, a.rule, a.key])).toEqual([['thing:1', 'stale', '']]);
    expect(reopened.counts()).toEqual({ total: 1, unacknowledged: 1 });
  });

  it('is per profile', () => {
    sqliteLog('north').record({ clear: [], raise: [{ shown: alert('thing:1', 'stale', '2026-03-10T10:00:00.000Z'), merged: [] }] });
    expect(sqliteLog('south').counts()).toEqual({ total: 0, unacknowledged: 0 });
  });

  it('refuses a second open alert for one condition from another writer of the profile', () => {
    const a = sqliteLog();
    const b = sqliteLog();
    a.record({ clear: [], raise: [{ shown: alert('thing:1', 'stale', '2026-03-10T10:00:00.000Z'), merged: [] }] });
    expect(b.record({ clear: [], raise: [{ shown: alert('thing:1', 'stale', '2026-03-10T10:05:00.000Z'), merged: [] }] }).raised).toEqual([]);
    expect(a.counts().total).toBe(1);
  });

  it('says which action failed, as a storage error, when the store is closed', () => {
    const store = createStoreFactory(dir).open('demo');
    const log = store.alertLog!();
    store.close();
    expect(() => log.counts()).toThrow(/Could not count the alerts in the offline store/);
    expect(() => store.alertLog!()).toThrow(/closed/);
  });

  it('comes with the migration from the previous schema version, which keeps the data', () => {
    mkdirSync(join(dir, 'offline'));
    const file = join(dir, 'offline', 'demo.sqlite');
    const previous = new Database(file);
    for (const step of MIGRATIONS.slice(0, 3)) previous.exec(step);
    previous.pragma('user_version = 3');
    const asset = { assetId: 'thing:7', type: 'thing', name: 'Old crane', embedUrl: null, metrics: null, lastUpdate: null, issues: [] };
    previous.prepare('INSERT INTO snapshot_assets (asset_id, json) VALUES (?, ?)').run('thing:7', JSON.stringify(asset));
    previous.prepare('INSERT INTO snapshot (id, profile_id, fetched_at, asset_ids, skipped, revision) VALUES (1, ?, ?, ?, ?, 1)').run('demo', '2026-01-01T00:00:00Z', '["thing:7"]', '[]');
    previous.close();

    const store = createStoreFactory(dir).open('demo');
    stores.push(store);
    expect(store.notice).toBeNull();
    expect(store.loadAssetSnapshot()?.assets).toEqual([asset]);
    expect(store.alertLog!().counts()).toEqual({ total: 0, unacknowledged: 0 });
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'alerts'").pluck().all()).toEqual(
      expect.arrayContaining(['alerts_open', 'alerts_shown', 'alerts_unacknowledged', 'alerts_cleared']),
    );
    check.close();
  });
});
