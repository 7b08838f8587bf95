/**
 * The offline store's utilization tables (migration step "utilization"): hours per machine
 * and day as fetched from the fleet interface, and the first and last engine-runtime
 * reading of each machine per UTC day as the asset list reported them. The same hours are
 * kept packed by machine and month (step "utilization by month", `packed-month.ts`): that
 * is what a report over a fleet reads.
 */
import type Database from 'better-sqlite3';
import type { HistoryMarkKind } from '../../contract';
import type { EngineDay, StoredMachineDays, StoredUtilizationDay, UtilizationStore } from '../ports';
import { marksOf } from './stored-cells';
import { mergeMonth, monthOf, unpackMonth, type DayNames } from './packed-month';

interface DayRow {
  day: string;
  asset_id: string;
  hours: number | null;
  marks: string | null;
  source: string;
  fetched_at: string;
}

/** Marks as stored; anything of another shape (a damaged cell) reads as none. */
function readMarks(text: string | null): { kind: HistoryMarkKind; count: number }[] {
  if (text === null) return [];
  try {
    return marksOf(JSON.parse(text));
  } catch {
    return [];
  }
}

/** A UTC day, `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class SqliteUtilizationStore implements UtilizationStore {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      putDay: db.prepare(
        `INSERT INTO utilization_days (day, asset_id, zone, hours, marks, source, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (day, asset_id) DO UPDATE SET zone = excluded.zone, hours = excluded.hours, marks = excluded.marks,
           source = excluded.source, fetched_at = excluded.fetched_at`,
      ),
      days: db.prepare('SELECT day, asset_id, hours, marks, source, fetched_at FROM utilization_days WHERE day BETWEEN ? AND ? AND zone = ?'),
      // One row per machine-month: a fleet over months is too many machine-days to read one by one.
      months: db.prepare('SELECT asset_id, month, hours, marks FROM utilization_months WHERE month BETWEEN ? AND ? AND zone = ?').raw(),
      month: db.prepare('SELECT hours, marks FROM utilization_months WHERE month = ? AND zone = ? AND asset_id = ?').raw(),
      putMonth: db.prepare(
        `INSERT INTO utilization_months (month, zone, asset_id, hours, marks) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (month, zone, asset_id) DO UPDATE SET hours = excluded.hours, marks = excluded.marks`,
      ),
      // The earliest reading of a day stays first and the latest stays last.
      engine: db.prepare(
        `INSERT INTO engine_days (day, asset_id, first_at, first_ms, last_at, last_ms) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (day, asset_id) DO UPDATE SET
           first_ms = CASE WHEN excluded.first_at < first_at THEN excluded.first_ms ELSE first_ms END,
           first_at = min(first_at, excluded.first_at),
           last_ms = CASE WHEN excluded.last_at > last_at THEN excluded.last_ms ELSE last_ms END,
           last_at = max(last_at, excluded.last_at)
         WHERE excluded.first_at < first_at OR excluded.last_at > last_at`,
      ),
      engineDays: db.prepare('SELECT day, asset_id, first_at, first_ms, last_at, last_ms FROM engine_days WHERE day BETWEEN ? AND ?').raw(),
    };
  }

  putDays(zone: string, rows: readonly StoredUtilizationDay[]): void {
    const write = this.db.transaction(() => {
      const byMonth = new Map<string, StoredUtilizationDay[]>();
      for (const r of rows) {
        this.statements.putDay.run(r.day, r.assetId, zone, r.hours, r.marks.length > 0 ? JSON.stringify(r.marks) : null, r.source, r.fetchedAt);
        const key = `${monthOf(r.day)}\n${r.assetId}`;
        const list = byMonth.get(key);
        if (list) list.push(r);
        else byMonth.set(key, [r]);
      }
      for (const [key, days] of byMonth) {
        const [month, assetId] = key.split('\n');
        const old = this.statements.month.get(month, zone, assetId) as [string, string | null] | undefined;
        const packed = mergeMonth(old ? { hours: old[0], marks: old[1] } : null, days);
        this.statements.putMonth.run(month, zone, assetId, packed.hours, packed.marks);
      }
    });
    write();
  }

  days(fromDay: string, toDay: string, zone: string): StoredUtilizationDay[] {
    const rows = this.statements.days.all(fromDay, toDay, zone) as DayRow[];
    return rows.map((r) => ({
      day: r.day,
      assetId: r.asset_id,
      hours: r.hours,
      marks: readMarks(r.marks),
      source: 'aemp' as const,
      fetchedAt: r.fetched_at,
    }));
  }

  machineDays(fromDay: string, toDay: string, zone: string): StoredMachineDays[] {
    const out = new Map<string, StoredMachineDays>();
    const names: DayNames = new Map();
    const rows = this.statements.months.all(monthOf(fromDay), monthOf(toDay), zone) as [string, string, string, string | null][];
    for (const [assetId, month, hours, marks] of rows) {
      let machine = out.get(assetId);
      if (!machine) out.set(assetId, (machine = { assetId, days: [], hours: [], marks: [] }));
      unpackMonth(month, hours, marks, fromDay, toDay, machine, names);
    }
    for (const machine of out.values()) if (machine.days.length === 0) out.delete(machine.assetId);
    return [...out.values()];
  }

  /** Call inside the asset list's write transaction. */
  recordEngineReading(assetId: string, at: number, runtimeMs: number): void {
    this.statements.engine.run(utcDay(at), assetId, at, runtimeMs, at, runtimeMs);
  }

  engineDays(fromUtcDay: string, toUtcDay: string): EngineDay[] {
    const rows = this.statements.engineDays.all(fromUtcDay, toUtcDay) as [string, string, number, number, number, number][];
    return rows.map(([day, assetId, firstAt, firstMs, lastAt, lastMs]) => ({ day, assetId, firstAt, firstMs, lastAt, lastMs }));
  }
}
