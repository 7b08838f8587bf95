import type Database from 'better-sqlite3';

/**
 * The offline database's schema, as an ordered list of steps. Step N brings a database
 * from `user_version` N-1 to N. Steps are only ever appended: a released step never
 * changes, because databases out in the field were built by it.
 */
export const MIGRATIONS: readonly string[] = [
  // v1: the last asset list (one JSON column: one stringify to save, one parse to load,
  // measured faster than a row per asset) and the metric values observed over time,
  // one row per asset and collection time holding {metric: [value]} (a row per metric
  // value made a 10,000-asset refresh several times slower).
  `
  CREATE TABLE snapshot (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    profile_id TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    assets TEXT NOT NULL,
    skipped TEXT NOT NULL
  );
  CREATE TABLE observations (
    id INTEGER PRIMARY KEY,
    asset_id TEXT NOT NULL,
    collected_on TEXT NOT NULL,
    metrics TEXT NOT NULL
  );
  CREATE UNIQUE INDEX observations_key ON observations (asset_id, collected_on);
  `,
  // v2: fleet-interface documents, and an index so pruning by age does not scan.
  `
  CREATE TABLE documents (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (kind, key)
  );
  CREATE INDEX observations_by_time ON observations (collected_on);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies the missing steps, each in its own transaction together with its version bump. */
export function migrate(db: Database.Database): void {
  const from = schemaVersion(db);
  for (let version = from + 1; version <= SCHEMA_VERSION; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
