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
}

/** Column order of reads; `EventRowValues` in row-mapping.ts follows it. */
export const eventColumns =
  'position, stream, revision, type, data, event_id, correlation_id, causation_id, actor_id, actor_role, recorded_at, schema_version, prev_hash, hash';

/** Column order of inserts; `eventToParameters` follows it. */
export const insertColumns =
  'stream, revision, type, data, event_id, correlation_id, causation_id, actor_id, actor_role, recorded_at, schema_version, prev_hash, hash';
