import type { Database } from 'better-sqlite3';

/**
 * One table for the log: the row id is the global position, (stream, revision) is unique so two
 * writers can never both take the same revision, and the rest of the event is one JSON text,
 * `envelope` = `[data, eventId, correlationId, causationId, actorId, actorRole, recordedAt,
 * schemaVersion, prevHash]` (the hash has its own column for the head checks). Reads make one
 * string and one JSON.parse per event instead of a string per envelope field; keys are left out
 * because JSON.parse of an object with them measured about a third slower than of this array
 * (schema v2, docs/events.md). event_id is deliberately not indexed: random UUIDs scatter index
 * inserts and halved batched append throughput when they were.
 */
const createEvents = `
  CREATE TABLE events (
    position INTEGER PRIMARY KEY,
    stream   TEXT    NOT NULL,
    revision INTEGER NOT NULL,
    type     TEXT    NOT NULL,
    hash     TEXT    NOT NULL,
    envelope TEXT    NOT NULL,
    UNIQUE (stream, revision)
  )`;

/** `PRAGMA user_version` from which the file keeps `stream_heads`. */
export const HEADS_SCHEMA_VERSION = 1;

/** `PRAGMA user_version` from which events are stored as one envelope column (schema v2). */
export const ENVELOPE_SCHEMA_VERSION = 2;

/**
 * The envelope of a row in the layout before v2 (one column per envelope field), built by SQLite:
 * the migration copies rows with it, and a read-only open of an old file (tablecast verify must
 * not change the evidence) reads through it. `data` is kept byte for byte as it was stored.
 */
const legacyEnvelope = `'[' || data || ',' || substr(json_array(event_id, correlation_id, causation_id,
    actor_id, actor_role, recorded_at, schema_version, prev_hash), 2)`;

/** Column order of reads; `EventRowValues` in row-mapping.ts follows it. */
export function eventColumns(envelopeLayout: boolean): string {
  return `position, stream, revision, type, hash, ${envelopeLayout ? 'envelope' : legacyEnvelope}`;
}

/** Column order of inserts; `eventToParameters` follows it. */
export const insertColumns = 'stream, revision, type, hash, envelope';

/** Whether the file's events table has the envelope column (schema v2), or is absent. */
export function hasEnvelopeLayout(db: Database): boolean {
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('events')").all();
  return columns.length === 0 || columns.some((column) => column.name === 'envelope');
}

/** Brings a file opened for writing to the current schema; a new file starts there. */
export function migrate(db: Database): void {
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get()) return;
    db.exec(`${createEvents};
      CREATE TABLE stream_heads (
        stream   TEXT    PRIMARY KEY,
        revision INTEGER NOT NULL,
        hash     TEXT    NOT NULL
      ) WITHOUT ROWID;
      PRAGMA user_version = ${ENVELOPE_SCHEMA_VERSION};`);
  }).immediate();
  db.exec(`CREATE TABLE IF NOT EXISTS checkpoints (
      name     TEXT    PRIMARY KEY,
      position INTEGER NOT NULL
    )`);
  recordStreamHeads(db);
  storeEnvelopes(db);
}

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

/**
 * Schema v2: rewrites a file of the column-per-field layout into the envelope layout, in one
 * transaction (a crash leaves the old layout, migrated again on the next open). Positions,
 * revisions, hashes and `data` are copied unchanged, so the chain verifies as before.
 */
function storeEnvelopes(db: Database): void {
  const upgrade = db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) >= ENVELOPE_SCHEMA_VERSION) return;
    if (!hasEnvelopeLayout(db)) {
      db.exec(`
        ALTER TABLE events RENAME TO events_before_v2;
        ${createEvents};
        INSERT INTO events (position, stream, revision, type, hash, envelope)
          SELECT position, stream, revision, type, hash, ${legacyEnvelope}
          FROM events_before_v2 ORDER BY position;
        DROP TABLE events_before_v2;
      `);
    }
    db.exec(`PRAGMA user_version = ${ENVELOPE_SCHEMA_VERSION}`);
  });
  upgrade.immediate();
}
