import type { Database } from 'better-sqlite3';

/**
 * One table for the log: the row id is the global position, (stream, revision) is unique so two
 * writers can never both take the same revision, and the envelope lives in columns (faster to read
 * than a JSON blob, and queryable by correlation id in an inquiry). event_id is deliberately not
 * indexed: random UUIDs scatter index inserts and halved batched append throughput when they were.
 */
export function migrate(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position       INTEGER PRIMARY KEY,
      stream         TEXT    NOT NULL,
      revision       INTEGER NOT NULL,
      type           TEXT    NOT NULL,
      data           TEXT    NOT NULL,
      event_id       TEXT    NOT NULL,
      correlation_id TEXT    NOT NULL,
      causation_id   TEXT,
      actor_id       TEXT    NOT NULL,
      actor_role     TEXT    NOT NULL,
      recorded_at    TEXT    NOT NULL,
      schema_version INTEGER NOT NULL,
      prev_hash      TEXT,
      hash           TEXT    NOT NULL,
      UNIQUE (stream, revision)
    );
    CREATE TABLE IF NOT EXISTS checkpoints (
      name     TEXT    PRIMARY KEY,
      position INTEGER NOT NULL
    );
  `);
  recordStreamHeads(db);
}

/** `PRAGMA user_version` from which the file keeps `stream_heads`. */
export const HEADS_SCHEMA_VERSION = 1;

/**
 * Truncation evidence (docs/events.md): each stream's head, written in the append's transaction.
 * A file from before heads were kept gets them once, from its events as they are then (trust on
 * first use); the version mark stops a later open from quietly re-creating a deleted head row.
 */
function recordStreamHeads(db: Database): void {
  const upgrade = db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) >= HEADS_SCHEMA_VERSION) return;
    db.exec(`
      CREATE TABLE IF NOT EXISTS stream_heads (
        stream   TEXT    PRIMARY KEY,
        revision INTEGER NOT NULL,
        hash     TEXT    NOT NULL
      ) WITHOUT ROWID;
      INSERT OR REPLACE INTO stream_heads (stream, revision, hash)
        SELECT stream, max(revision), hash FROM events GROUP BY stream;
      PRAGMA user_version = ${HEADS_SCHEMA_VERSION};
    `);
  });
  upgrade.immediate();
}

/** Column order of reads; `EventRowValues` in row-mapping.ts follows it. */
export const eventColumns =
  'position, stream, revision, type, data, event_id, correlation_id, causation_id, actor_id, actor_role, recorded_at, schema_version, prev_hash, hash';

/** Column order of inserts; `eventToParameters` follows it. */
export const insertColumns =
  'stream, revision, type, data, event_id, correlation_id, causation_id, actor_id, actor_role, recorded_at, schema_version, prev_hash, hash';
