/**
 * The alert log of one profile, in SQLite (the `alerts` table of migration v4): in the
 * profile's store, or, when the store cannot keep alerts, on a database in memory for
 * the run built by the same migrations. One implementation keeps the rules for both:
 * one open alert per condition (asset, rule, key), newest first, an acknowledgement is
 * written once, and only cleared alerts are pruned (an open one would be raised again).
 */
import type Database from 'better-sqlite3';
import type { AlertQuery, AlertRecord, AlertRuleKind } from '../../contract';
import type { AlertLog, ConditionAcknowledgement, NewAlert, OpenAlert, RaisedGroup } from '../ports';
import { openInMemory, storageError } from './database-file';

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
  acknowledged_by: string | null;
  ack_note: string | null;
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
  private readonly statements;

  constructor(
    private readonly db: Database.Database,
    private readonly profileId: string,
    /** False for a database in memory: the log goes with the run. */
    readonly persistent = true,
  ) {
    const columns = 'id, asset_id, asset_name, rule, key, message, value, raised_at, cleared_at, acknowledged_at, acknowledged_by, ack_note';
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
      ackAll: db.prepare('UPDATE alerts SET acknowledged_at = ?, acknowledged_by = ?, ack_note = ? WHERE merged_into IS NULL AND acknowledged_at IS NULL'),
      ackOne: db.prepare(
        'UPDATE alerts SET acknowledged_at = ?, acknowledged_by = ?, ack_note = ? WHERE id = ? AND merged_into IS NULL AND acknowledged_at IS NULL',
      ),
      // The room's record replaces the desk's own unless they already agree.
      adopt: db.prepare(
        `UPDATE alerts SET acknowledged_at = ?, acknowledged_by = ?, ack_note = ?
         WHERE merged_into IS NULL AND asset_id = ? AND rule = ? AND key = ? AND raised_at = ?
           AND (acknowledged_at IS NOT ? OR acknowledged_by IS NOT ? OR ack_note IS NOT ?)`,
      ),
      // The open alert of the condition, whenever this desk first saw it: for an acknowledgement
      // made just now, whose alert is open on the desk that made it.
      adoptOpen: db.prepare(
        `UPDATE alerts SET acknowledged_at = ?, acknowledged_by = ?, ack_note = ?
         WHERE merged_into IS NULL AND cleared_at IS NULL AND asset_id = ? AND rule = ? AND key = ?
           AND (acknowledged_at IS NOT ? OR acknowledged_by IS NOT ? OR ack_note IS NOT ?)`,
      ),
      hasExact: db.prepare('SELECT 1 FROM alerts WHERE merged_into IS NULL AND asset_id = ? AND rule = ? AND key = ? AND raised_at = ?').pluck(),
      acknowledged: db.prepare(
        `SELECT asset_id, rule, key, raised_at, acknowledged_at, acknowledged_by, ack_note FROM alerts
         WHERE merged_into IS NULL AND acknowledged_at IS NOT NULL ORDER BY raised_at DESC, id DESC LIMIT ?`,
      ),
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

  acknowledge(ids: readonly number[] | 'all', at: string, who: { by: string | null; note: string | null } = { by: null, note: null }): number {
    return this.guard('acknowledge alerts', () => {
      const note = who.note === '' ? null : who.note;
      if (ids === 'all') return this.statements.ackAll.run(at, who.by, note).changes;
      let changed = 0;
      this.db.transaction(() => {
        for (const id of ids) changed += this.statements.ackOne.run(at, who.by, note, id).changes;
      })();
      return changed;
    });
  }

  adoptAcknowledgement(ack: ConditionAcknowledgement, options: { orOpen?: boolean } = {}): boolean {
    return this.guard('take an acknowledgement from the room', () => {
      const { at, by, note } = ack;
      const s = this.statements;
      if (s.adopt.run(at, by, note, ack.assetId, ack.rule, ack.key, ack.raisedAt, at, by, note).changes > 0) return true;
      // A condition timed by the evaluation (a machine that never reported) begins when each
      // desk first saw it, so the times differ between desks; the open alert is the same one.
      if (!options.orOpen || s.hasExact.get(ack.assetId, ack.rule, ack.key, ack.raisedAt)) return false;
      return s.adoptOpen.run(at, by, note, ack.assetId, ack.rule, ack.key, at, by, note).changes > 0;
    });
  }

  acknowledgements(limit: number): ConditionAcknowledgement[] {
    return this.guard('read the acknowledgements', () =>
      (this.statements.acknowledged.all(limit) as AlertRow[]).map((row) => ({
        assetId: row.asset_id,
        rule: row.rule as AlertRuleKind,
        key: row.key,
        raisedAt: row.raised_at,
        at: row.acknowledged_at!,
        by: row.acknowledged_by,
        note: row.ack_note,
      })),
    );
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
      acknowledgedBy: row.acknowledged_by,
      ackNote: row.ack_note,
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

/**
 * The log for a run whose store cannot keep alerts: the same SQLite log on its own
 * database in memory, so it follows exactly the rules of the stored one.
 */
export function openMemoryAlertLog(profileId: string): SqliteAlertLog {
  return new SqliteAlertLog(openInMemory(), profileId, false);
}
