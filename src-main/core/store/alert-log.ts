/**
 * The alert log of one profile: in its SQLite store (the `alerts` table of migration v4),
 * or in memory for the run when the store cannot keep alerts. Both keep the same rules:
 * one open alert per condition (asset, rule, key), newest first, an acknowledgement is
 * written once, and only cleared alerts are pruned (an open one would be raised again).
 */
import type Database from 'better-sqlite3';
import type { AlertQuery, AlertRecord, AlertRuleKind } from '../../contract';
import type { AlertLog, NewAlert, OpenAlert, RaisedGroup } from '../ports';
import { storageError } from './database-file';

const DAY_MS = 24 * 60 * 60 * 1000;

interface AlertRow {
  id: number;
  asset_id: string;
  asset_name: string;
  rule: string;
  key: string;
  message: string;
  value: string;
  raised_at: string;
  cleared_at: string | null;
  acknowledged_at: string | null;
}

function cutoffOf(retentionDays: number, now: Date): string {
  if (!Number.isFinite(retentionDays) || retentionDays < 0) throw new Error(`retention of ${retentionDays} days is not a number of days`);
  return new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
}

function valueOf(json: string): AlertRecord['value'] {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
  } catch {
    return null;
  }
}

export class SqliteAlertLog implements AlertLog {
  readonly persistent = true;
  private readonly statements;

  constructor(
    private readonly db: Database.Database,
    private readonly profileId: string,
  ) {
    const columns = 'id, asset_id, asset_name, rule, key, message, value, raised_at, cleared_at, acknowledged_at';
    this.statements = {
      open: db.prepare('SELECT id, asset_id, rule, key FROM alerts WHERE cleared_at IS NULL').raw(),
      // A condition that is already open (another writer of this profile raised it) is not raised twice.
      insert: db.prepare(
        `INSERT INTO alerts (asset_id, asset_name, rule, key, message, value, raised_at, merged_into)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING ${columns}`,
      ),
      // One statement for all the ids an evaluation clears (a JSON array), not one per alert.
      clear: db.prepare('UPDATE alerts SET cleared_at = ? WHERE cleared_at IS NULL AND id IN (SELECT value FROM json_each(?))'),
      listAll: db.prepare(`SELECT ${columns} FROM alerts WHERE merged_into IS NULL ORDER BY raised_at DESC, id DESC LIMIT ?`),
      listRule: db.prepare(`SELECT ${columns} FROM alerts WHERE merged_into IS NULL AND rule = ? ORDER BY raised_at DESC, id DESC LIMIT ?`),
      listNew: db.prepare(
        `SELECT ${columns} FROM alerts WHERE merged_into IS NULL AND acknowledged_at IS NULL ORDER BY raised_at DESC, id DESC LIMIT ?`,
      ),
      listNewRule: db.prepare(
        `SELECT ${columns} FROM alerts WHERE merged_into IS NULL AND acknowledged_at IS NULL AND rule = ? ORDER BY raised_at DESC, id DESC LIMIT ?`,
      ),
      total: db.prepare('SELECT count(*) FROM alerts WHERE merged_into IS NULL').pluck(),
      unacknowledged: db.prepare('SELECT count(*) FROM alerts WHERE merged_into IS NULL AND acknowledged_at IS NULL').pluck(),
      ackAll: db.prepare('UPDATE alerts SET acknowledged_at = ? WHERE merged_into IS NULL AND acknowledged_at IS NULL'),
      ackOne: db.prepare('UPDATE alerts SET acknowledged_at = ? WHERE id = ? AND merged_into IS NULL AND acknowledged_at IS NULL'),
      prune: db.prepare('DELETE FROM alerts WHERE cleared_at IS NOT NULL AND cleared_at < ?'),
    };
  }

  openAlerts(): OpenAlert[] {
    return this.guard('read the open alerts', () =>
      (this.statements.open.all() as [number, string, AlertRuleKind, string][]).map(([id, assetId, rule, key]) => ({ id, assetId, rule, key })),
    );
  }

  record(change: { clear: readonly { id: number; clearedAt: string }[]; raise: readonly RaisedGroup[] }): { raised: AlertRecord[]; opened: OpenAlert[] } {
    return this.guard('write the alert log', () => {
      const raised: AlertRecord[] = [];
      const opened: OpenAlert[] = [];
      this.db.transaction(() => {
        const byTime = new Map<string, number[]>();
        for (const { id, clearedAt } of change.clear) {
          const ids = byTime.get(clearedAt);
          if (ids) ids.push(id);
          else byTime.set(clearedAt, [id]);
        }
        for (const [clearedAt, ids] of byTime) this.statements.clear.run(clearedAt, JSON.stringify(ids));
        for (const group of change.raise) {
          // The first alert of the group that is not open already is the one shown.
          let shownId: number | null = null;
          for (const alert of [group.shown, ...group.merged]) {
            const row = this.insert(alert, shownId);
            if (!row) continue;
            if (shownId === null) {
              shownId = row.id;
              raised.push(this.toRecord(row));
            }
            opened.push({ id: row.id, assetId: row.asset_id, rule: alert.rule, key: row.key });
          }
        }
      })();
      return { raised, opened };
    });
  }

  list(query: AlertQuery, limit: number): AlertRecord[] {
    return this.guard('read the alert log', () => {
      const s = this.statements;
      const rows = (
        query.unacknowledgedOnly
          ? query.rule
            ? s.listNewRule.all(query.rule, limit)
            : s.listNew.all(limit)
          : query.rule
            ? s.listRule.all(query.rule, limit)
            : s.listAll.all(limit)
      ) as AlertRow[];
      return rows.map((row) => this.toRecord(row));
    });
  }

  counts(): { total: number; unacknowledged: number } {
    return this.guard('count the alerts', () => ({
      total: this.statements.total.get() as number,
      unacknowledged: this.statements.unacknowledged.get() as number,
    }));
  }

  acknowledge(ids: readonly number[] | 'all', at: string): number {
    return this.guard('acknowledge alerts', () => {
      if (ids === 'all') return this.statements.ackAll.run(at).changes;
      let changed = 0;
      this.db.transaction(() => {
        for (const id of ids) changed += this.statements.ackOne.run(at, id).changes;
      })();
      return changed;
    });
  }

  prune(retentionDays: number, now: Date): void {
    this.guard('delete old alerts', () => {
      this.statements.prune.run(cutoffOf(retentionDays, now));
    });
  }

  private insert(alert: NewAlert, mergedInto: number | null): AlertRow | undefined {
    return this.statements.insert.get(
      alert.assetId,
      alert.assetName,
      alert.rule,
      alert.key,
      alert.message,
      JSON.stringify(alert.value ?? null),
      alert.raisedAt,
      mergedInto,
    ) as AlertRow | undefined;
  }

  private toRecord(row: AlertRow): AlertRecord {
    return {
      id: row.id,
      profileId: this.profileId,
      assetId: row.asset_id,
      assetName: row.asset_name,
      rule: row.rule as AlertRuleKind,
      message: row.message,
      value: valueOf(row.value),
      raisedAt: row.raised_at,
      clearedAt: row.cleared_at,
      acknowledgedAt: row.acknowledged_at,
    };
  }

  private guard<T>(action: string, work: () => T): T {
    try {
      return work();
    } catch (err) {
      throw storageError(`Could not ${action} in the offline store`, err);
    }
  }
}

interface MemoryAlert extends AlertRecord {
  key: string;
  mergedInto: number | null;
}

/** The same log in memory, for a run whose store cannot keep alerts. */
export class MemoryAlertLog implements AlertLog {
  readonly persistent = false;
  private readonly alerts: MemoryAlert[] = [];
  private nextId = 1;

  constructor(private readonly profileId: string) {}

  openAlerts(): OpenAlert[] {
    return this.alerts.filter((a) => a.clearedAt === null).map(({ id, assetId, rule, key }) => ({ id, assetId, rule, key }));
  }

  record(change: { clear: readonly { id: number; clearedAt: string }[]; raise: readonly RaisedGroup[] }): { raised: AlertRecord[]; opened: OpenAlert[] } {
    const byId = new Map(this.alerts.map((a) => [a.id, a]));
    for (const { id, clearedAt } of change.clear) {
      const alert = byId.get(id);
      if (alert && alert.clearedAt === null) alert.clearedAt = clearedAt;
    }
    const openKeys = new Set(this.alerts.filter((a) => a.clearedAt === null).map((a) => conditionKey(a.assetId, a.rule, a.key)));
    const raised: AlertRecord[] = [];
    const opened: OpenAlert[] = [];
    const insert = (alert: NewAlert, mergedInto: number | null): MemoryAlert | null => {
      const key = conditionKey(alert.assetId, alert.rule, alert.key);
      if (openKeys.has(key)) return null;
      openKeys.add(key);
      const stored: MemoryAlert = { ...alert, id: this.nextId++, profileId: this.profileId, clearedAt: null, acknowledgedAt: null, mergedInto };
      this.alerts.push(stored);
      opened.push({ id: stored.id, assetId: stored.assetId, rule: stored.rule, key: stored.key });
      return stored;
    };
    for (const group of change.raise) {
      let shownId: number | null = null;
      for (const alert of [group.shown, ...group.merged]) {
        const stored = insert(alert, shownId);
        if (!stored || shownId !== null) continue;
        shownId = stored.id;
        raised.push(toRecord(stored));
      }
    }
    return { raised, opened };
  }

  list(query: AlertQuery, limit: number): AlertRecord[] {
    return this.alerts
      .filter((a) => a.mergedInto === null && (!query.unacknowledgedOnly || a.acknowledgedAt === null) && (query.rule === null || a.rule === query.rule))
      .sort((a, b) => (a.raisedAt === b.raisedAt ? b.id - a.id : a.raisedAt < b.raisedAt ? 1 : -1))
      .slice(0, limit)
      .map(toRecord);
  }

  counts(): { total: number; unacknowledged: number } {
    let total = 0;
    let unacknowledged = 0;
    for (const a of this.alerts) {
      if (a.mergedInto !== null) continue;
      total++;
      if (a.acknowledgedAt === null) unacknowledged++;
    }
    return { total, unacknowledged };
  }

  acknowledge(ids: readonly number[] | 'all', at: string): number {
    const wanted = ids === 'all' ? null : new Set(ids);
    let changed = 0;
    for (const a of this.alerts) {
      if (a.mergedInto !== null || a.acknowledgedAt !== null || (wanted && !wanted.has(a.id))) continue;
      a.acknowledgedAt = at;
      changed++;
    }
    return changed;
  }

  prune(retentionDays: number, now: Date): void {
    const cutoff = cutoffOf(retentionDays, now);
    const kept = this.alerts.filter((a) => a.clearedAt === null || a.clearedAt >= cutoff);
    this.alerts.splice(0, this.alerts.length, ...kept);
  }
}

function conditionKey(assetId: string, rule: string, key: string): string {
  return `${assetId}\u0000${rule}\u0000${key}`;
}

function toRecord(a: MemoryAlert): AlertRecord {
  return {
    id: a.id,
    profileId: a.profileId,
    assetId: a.assetId,
    assetName: a.assetName,
    rule: a.rule,
    message: a.message,
    value: a.value,
    raisedAt: a.raisedAt,
    clearedAt: a.clearedAt,
    acknowledgedAt: a.acknowledgedAt,
  };
}
