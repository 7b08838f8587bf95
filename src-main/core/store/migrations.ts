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
  // v3: one row per asset, so a refresh rewrites only the assets that changed; the
  // snapshot row keeps the list order as a JSON array of ids and a revision that tells
  // a store whether another writer touched the list since it last read or wrote it.
  // The v2 list is carried over; a list whose text was damaged is dropped.
  `
  CREATE TABLE snapshot_assets (
    asset_id TEXT PRIMARY KEY,
    json TEXT NOT NULL
  );
  INSERT OR IGNORE INTO snapshot_assets (asset_id, json)
    SELECT json_extract(item.value, '$.assetId'), item.value
    FROM snapshot, json_each(CASE WHEN json_valid(snapshot.assets) THEN snapshot.assets ELSE '[]' END) AS item
    WHERE json_type(item.value, '$.assetId') = 'text';
  CREATE TABLE snapshot_v3 (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    profile_id TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    asset_ids TEXT NOT NULL,
    skipped TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO snapshot_v3 (id, profile_id, fetched_at, asset_ids, skipped)
    SELECT 1, profile_id, fetched_at,
      (SELECT json_group_array(json_extract(item.value, '$.assetId')) FROM json_each(snapshot.assets) AS item
       WHERE json_type(item.value, '$.assetId') = 'text'),
      skipped
    FROM snapshot WHERE json_valid(snapshot.assets);
  DROP TABLE snapshot;
  ALTER TABLE snapshot_v3 RENAME TO snapshot;
  `,
  // v4: the alert log. One row per raised alert; `merged_into` marks an alert raised in the
  // same evaluation as a shown one for the same asset and rule (tracked until it clears,
  // never listed). At most one open alert per condition (asset, rule, key), enforced here
  // so two writers of one profile cannot both raise it.
  `
  CREATE TABLE alerts (
    id INTEGER PRIMARY KEY,
    asset_id TEXT NOT NULL,
    asset_name TEXT NOT NULL,
    rule TEXT NOT NULL,
    key TEXT NOT NULL,
    message TEXT NOT NULL,
    value TEXT NOT NULL,
    raised_at TEXT NOT NULL,
    cleared_at TEXT,
    acknowledged_at TEXT,
    merged_into INTEGER
  );
  CREATE UNIQUE INDEX alerts_open ON alerts (asset_id, rule, key) WHERE cleared_at IS NULL;
  CREATE INDEX alerts_shown ON alerts (raised_at, id) WHERE merged_into IS NULL;
  CREATE INDEX alerts_unacknowledged ON alerts (raised_at, id) WHERE merged_into IS NULL AND acknowledged_at IS NULL;
  CREATE INDEX alerts_cleared ON alerts (cleared_at) WHERE cleared_at IS NOT NULL;
  `,
  // v5: each asset's list row (contract AssetRow as JSON), so a cold start paints from a few
  // hundred bytes per asset instead of parsing every full record. The rows hold for the list
  // of one revision and one row format: `rows_revision` and `rows_format` say which, and rows
  // that do not match the list (a v4 database has none) are rebuilt from the full list at
  // its first load.
  `
  CREATE TABLE snapshot_rows (
    asset_id TEXT PRIMARY KEY,
    row TEXT NOT NULL
  );
  ALTER TABLE snapshot ADD COLUMN rows_revision INTEGER;
  ALTER TABLE snapshot ADD COLUMN rows_format INTEGER;
  `,
  // sites: the dispatcher's sites of this profile (one row per site, its JSON), and where each
  // machine was last seen relative to them: the site (NULL: off every site), since when (epoch
  // ms), and whether that is only when Fleet Desk first saw it there ("at least since").
  `
  CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    json TEXT NOT NULL
  );
  CREATE TABLE site_presence (
    asset_id TEXT PRIMARY KEY,
    site_id TEXT,
    since INTEGER,
    since_at_least INTEGER NOT NULL
  );
  `,
  // Utilization: engine hours per machine and day, cut in the branch's time zone (`zone`:
  // rows of another zone are stale after the zone setting changed), fetched from the fleet
  // interface's histories and kept so a past day is fetched once; and the first and last
  // engine-runtime reading of each machine per UTC day from the asset list, kept apart from
  // `observations` because those are pruned after the retention and these are cheap.
  // Keyed by day first, so a report reads one range of days with one index scan.
  `
  CREATE TABLE utilization_days (
    day TEXT NOT NULL,
    asset_id TEXT NOT NULL,
    zone TEXT NOT NULL,
    hours REAL,
    marks TEXT,
    source TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (day, asset_id)
  ) WITHOUT ROWID;
  CREATE TABLE engine_days (
    day TEXT NOT NULL,
    asset_id TEXT NOT NULL,
    first_at INTEGER NOT NULL,
    first_ms REAL NOT NULL,
    last_at INTEGER NOT NULL,
    last_ms REAL NOT NULL,
    PRIMARY KEY (day, asset_id)
  ) WITHOUT ROWID;
  `,
  // Utilization by month: one row per machine, month and zone holding that month's days
  // packed (`DD=hours` items, an empty hours for a day fetched without a figure; marks as a
  // JSON object by day), so a report over a fleet and months reads a row per machine-month
  // instead of a row per machine-day. `utilization_days` stays the record of each fetch;
  // this is carried over from it, with a damaged marks cell left out.
  `
  CREATE TABLE utilization_months (
    month TEXT NOT NULL,
    zone TEXT NOT NULL,
    asset_id TEXT NOT NULL,
    hours TEXT NOT NULL,
    marks TEXT,
    PRIMARY KEY (month, zone, asset_id)
  ) WITHOUT ROWID;
  INSERT INTO utilization_months (month, zone, asset_id, hours, marks)
    SELECT substr(day, 1, 7), zone, asset_id,
      group_concat(substr(day, 9, 2) || '=' || ifnull(hours, ''), ','),
      json_group_object(substr(day, 9, 2), json(marks)) FILTER (WHERE json_valid(marks))
    FROM utilization_days GROUP BY substr(day, 1, 7), zone, asset_id;
  `,
  // Who acknowledged an alert (the dispatcher's name) and the note left with it, so a
  // dispatch room can show which desk handled an alert and why.
  `
  ALTER TABLE alerts ADD COLUMN acknowledged_by TEXT;
  ALTER TABLE alerts ADD COLUMN ack_note TEXT;
  `,
  // Notes dispatchers leave on machines: one per machine, who wrote it last and when, and
  // (JSON) the text of another desk it replaced when two desks wrote at once.
  `
  CREATE TABLE machine_notes (
    asset_id TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    author TEXT,
    at TEXT NOT NULL,
    replaced TEXT
  );
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
