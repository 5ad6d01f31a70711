import type Database from 'better-sqlite3';

/** `PRAGMA user_version` from which the ledger file keeps `ledger_matches` (0: a file made before). */
export const LEDGER_MARKS_SCHEMA_VERSION = 1;

/** The ledger's tables, made once per file (every statement is a no-op on a file that has them). */
export function createLedgerTables(db: Database.Database): void {
  createFrameTables(db);
  recordLedgerMarks(db);
}

/**
 * The marks from the rows, each match's id found by a skip along the primary key and only its
 * broadcast rows read: about a third of the time of a GROUP BY over every row (0.1 s against
 * 0.3 s for 800,000 rows here), which matters while the fill holds the file's write lock.
 */
const fillFromRows = `
  WITH RECURSIVE ids (match_id) AS (
    SELECT (SELECT min(match_id) FROM disclosures)
    UNION ALL
    SELECT (SELECT min(match_id) FROM disclosures WHERE match_id > ids.match_id) FROM ids
    WHERE ids.match_id IS NOT NULL
  )
  INSERT OR REPLACE INTO ledger_matches (match_id, broadcast_revision)
    SELECT match_id, coalesce(
      (SELECT max(revision) FROM disclosures d WHERE d.match_id = ids.match_id AND d.audience = 'broadcast'),
      -1)
    FROM ids WHERE match_id IS NOT NULL`;

/**
 * Schema v1: `ledger_matches`, one row per match with frames in the ledger and the highest event
 * revision its broadcast released, kept by a trigger in the insert's own statement (a rolled back
 * frame leaves no mark; a process of an older version writing to the file keeps it too). A file
 * from before gets it once, from its rows as they are then, in one IMMEDIATE transaction: processes
 * opening the file together (a feeds process and api processes) fill it once, and a crash leaves
 * v0, filled again on the next open. The fill reads every broadcast row once; a boot after it reads
 * one row per match instead of querying each finished match's ledger.
 */
function recordLedgerMarks(db: Database.Database): void {
  const upgrade = db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) >= LEDGER_MARKS_SCHEMA_VERSION) return;
    db.exec(`
      CREATE TABLE IF NOT EXISTS ledger_matches (
        match_id TEXT NOT NULL PRIMARY KEY, broadcast_revision INTEGER NOT NULL
      ) WITHOUT ROWID;
      ${fillFromRows};
      CREATE TRIGGER IF NOT EXISTS ledger_matches_on_insert AFTER INSERT ON disclosures
      BEGIN
        INSERT INTO ledger_matches (match_id, broadcast_revision)
          VALUES (NEW.match_id, CASE WHEN NEW.audience = 'broadcast' THEN coalesce(NEW.revision, -1) ELSE -1 END)
          ON CONFLICT (match_id) DO UPDATE SET broadcast_revision = excluded.broadcast_revision
          WHERE excluded.broadcast_revision > broadcast_revision;
      END;
      PRAGMA user_version = ${String(LEDGER_MARKS_SCHEMA_VERSION)};
    `);
  });
  upgrade.immediate();
}

/** The frame and disclosure tables (every statement is a no-op on a file that has them). */
function createFrameTables(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS disclosures (
      match_id TEXT NOT NULL, audience TEXT NOT NULL, seq INTEGER NOT NULL,
      event_type TEXT, revision INTEGER, position TEXT, recorded_at TEXT,
      released_at INTEGER NOT NULL, view_revision INTEGER NOT NULL, status TEXT NOT NULL,
      PRIMARY KEY (match_id, audience, seq)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS feed_frames (
      match_id TEXT NOT NULL, audience TEXT NOT NULL, seq INTEGER NOT NULL, payload BLOB NOT NULL,
      PRIMARY KEY (match_id, audience, seq)
    );
    CREATE TABLE IF NOT EXISTS feed_published (
      match_id TEXT NOT NULL, audience TEXT NOT NULL, seq INTEGER NOT NULL,
      PRIMARY KEY (match_id, audience)
    ) WITHOUT ROWID;
  `);
}
