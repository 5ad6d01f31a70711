import type { Database } from 'better-sqlite3';
import { fillLiveStreams, LIVE_STREAMS_SCHEMA_VERSION } from './live-streams';

/**
 * Schema v3 (`PRAGMA user_version` 3; v4 adds `live_streams`, live-streams.ts). The row id is the global position and (stream, revision) is
 * unique, so two writers can never both take the same revision. Stream and type names are stored
 * once each, in `streams` and `event_types`, and an event row holds their integer ids: a row is
 * about 30 bytes shorter, the unique index holds an integer instead of the stream name, and a read
 * makes no string for either (the connection maps ids to names, name-dictionary.ts). Measured with
 * better-sqlite3 alone on the bench's rows (docs/events.md): 100-row inserts about 1.1 times and
 * page fetches about 1.25 times as many rows per CPU second as with the names in every row. The
 * dictionaries only ever grow: the store never renames or deletes a name, so an id read once is
 * good for the life of the file (an edit under the store is caught by verification, because the
 * hash covers the stream and type names an event reads as).
 *
 * The rest of the event is one JSON text, `envelope` = `[data, eventId, correlationId,
 * causationId, actorId, actorRole, recordedAt, schemaVersion, prevHash]` (the hash has its own
 * column for the head checks). Reads make one string and one JSON.parse per event instead of a
 * string per envelope field; keys are left out because JSON.parse of an object with them measured
 * about a third slower than of this array (schema v2). event_id is deliberately not indexed: random
 * UUIDs scatter index inserts and halved batched append throughput when they were.
 */
const createEvents = `
  CREATE TABLE streams (
    id   INTEGER PRIMARY KEY,
    name TEXT    NOT NULL UNIQUE
  );
  CREATE TABLE event_types (
    id   INTEGER PRIMARY KEY,
    name TEXT    NOT NULL UNIQUE
  );
  CREATE TABLE events (
    position  INTEGER PRIMARY KEY,
    stream_id INTEGER NOT NULL,
    revision  INTEGER NOT NULL,
    type_id   INTEGER NOT NULL,
    hash      TEXT    NOT NULL,
    envelope  TEXT    NOT NULL,
    UNIQUE (stream_id, revision)
  )`;

/**
 * The events with their names, for people and tools reading the file with the sqlite3 shell
 * (arbitration staff, tests that edit rows). The store never reads through it: joining the names
 * back per row costs what storing ids saved. Left joins, so an event whose name row is missing
 * still shows (with a NULL name).
 */
const createNamedView = `
  CREATE VIEW IF NOT EXISTS events_named (position, stream, revision, type, hash, envelope) AS
    SELECT e.position, s.name, e.revision, t.name, e.hash, e.envelope
    FROM events e
      LEFT JOIN streams s ON s.id = e.stream_id
      LEFT JOIN event_types t ON t.id = e.type_id`;

/** The v2 table, which the v1 → v2 migration writes (and the v2 → v3 one then rewrites). */
const createEventsV2 = `
  CREATE TABLE events (
    position INTEGER PRIMARY KEY,
    stream   TEXT    NOT NULL,
    revision INTEGER NOT NULL,
    type     TEXT    NOT NULL,
    hash     TEXT    NOT NULL,
    envelope TEXT    NOT NULL,
    UNIQUE (stream, revision)
  )`;

const createStreamHeads = `
  CREATE TABLE IF NOT EXISTS stream_heads (
    stream   TEXT    PRIMARY KEY,
    revision INTEGER NOT NULL,
    hash     TEXT    NOT NULL
  ) WITHOUT ROWID`;

/** `PRAGMA user_version` from which the file keeps `stream_heads`. */
export const HEADS_SCHEMA_VERSION = 1;

/** `PRAGMA user_version` from which events are stored as one envelope column (schema v2). */
export const ENVELOPE_SCHEMA_VERSION = 2;

/** `PRAGMA user_version` from which stream and type names are stored once, rows hold ids (schema v3). */
export const NAME_IDS_SCHEMA_VERSION = 3;

/**
 * How the file's events table stores a row: `ids` (schema v3, or no table yet), `envelope`
 * (schema v2: names and one envelope column) or `columns` (before v2: a column per envelope field).
 */
export type RowLayout = 'ids' | 'envelope' | 'columns';

export function rowLayout(db: Database): RowLayout {
  const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('events')").pluck().all();
  if (columns.length === 0 || columns.includes('stream_id')) return 'ids';
  return columns.includes('envelope') ? 'envelope' : 'columns';
}

/**
 * The envelope of a row in the layout before v2 (one column per envelope field), built by SQLite:
 * the migration copies rows with it, and a read-only open of an old file (tablecast verify must
 * not change the evidence) reads through it. `data` is kept byte for byte as it was stored.
 */
const legacyEnvelope = `'[' || data || ',' || substr(json_array(event_id, correlation_id, causation_id,
    actor_id, actor_role, recorded_at, schema_version, prev_hash), 2)`;

/**
 * Column order of reads: `EventRowValues` (schema v3: ids) and `NamedRowValues` (a read-only open
 * of an older file: names) in row-mapping.ts follow it.
 */
export function eventColumns(layout: RowLayout): string {
  switch (layout) {
    case 'ids':
      return 'position, stream_id, revision, type_id, hash, envelope';
    case 'envelope':
      return 'position, stream, revision, type, hash, envelope';
    case 'columns':
      return `position, stream, revision, type, hash, ${legacyEnvelope}`;
    default: {
      const unknown: never = layout;
      throw new Error(`unknown row layout ${String(unknown)}`);
    }
  }
}

/** Column order of inserts; `EventInserter` follows it. */
export const insertColumns = 'stream_id, revision, type_id, hash, envelope';

/** Brings a file opened for writing to the current schema; a new file starts there. */
export function migrate(db: Database): void {
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get()) return;
    db.exec(`${createEvents};
      ${createNamedView};
      ${createStreamHeads};
      PRAGMA user_version = ${NAME_IDS_SCHEMA_VERSION};`);
  }).immediate();
  db.exec(`CREATE TABLE IF NOT EXISTS checkpoints (
      name     TEXT    PRIMARY KEY,
      position INTEGER NOT NULL
    )`);
  recordStreamHeads(db);
  storeEnvelopes(db);
  storeNameIds(db);
  recordLiveStreams(db);
}

/**
 * Schema v4: the live match streams (live-streams.ts), kept by every append from then on. A file
 * from before gets them once, from its events as they are then, in one IMMEDIATE transaction:
 * two processes opening the file together fill it once, and a crash leaves v3, filled again on
 * the next open.
 */
function recordLiveStreams(db: Database): void {
  const upgrade = db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) >= LIVE_STREAMS_SCHEMA_VERSION) return;
    fillLiveStreams(db);
    db.exec(`PRAGMA user_version = ${LIVE_STREAMS_SCHEMA_VERSION}`);
  });
  upgrade.immediate();
}

/**
 * Truncation evidence (docs/events.md): each stream's head, written in the append's transaction.
 * A file from before heads were kept gets them once, from its events as they are then (trust on
 * first use); the version mark stops a later open from quietly re-creating a deleted head row.
 * (A file in a later layout marked 0 is one whose heads were dropped on purpose, as tests do.)
 */
function recordStreamHeads(db: Database): void {
  const upgrade = db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) >= HEADS_SCHEMA_VERSION) return;
    const events =
      rowLayout(db) === 'ids'
        ? `(SELECT s.name AS stream, e.revision, e.hash FROM events e JOIN streams s ON s.id = e.stream_id)`
        : 'events';
    db.exec(`
      ${createStreamHeads};
      INSERT OR REPLACE INTO stream_heads (stream, revision, hash)
        SELECT stream, max(revision), hash FROM ${events} GROUP BY stream;
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
    if (rowLayout(db) === 'columns') {
      db.exec(`
        ALTER TABLE events RENAME TO events_before_v2;
        ${createEventsV2};
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

/**
 * Schema v3: moves stream and type names into their dictionaries (ids in order of first
 * appearance) and rewrites the events with ids, in one transaction (a crash leaves v2, migrated
 * again on the next open). Positions, revisions, hashes and envelopes are copied unchanged, and
 * every event reads with the names it had, so the chain verifies as before.
 */
function storeNameIds(db: Database): void {
  const upgrade = db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) >= NAME_IDS_SCHEMA_VERSION) return;
    if (rowLayout(db) === 'envelope') {
      db.exec(`
        ALTER TABLE events RENAME TO events_before_v3;
        ${createEvents};
        INSERT INTO streams (name)
          SELECT stream FROM events_before_v3 GROUP BY stream ORDER BY min(position);
        INSERT INTO event_types (name)
          SELECT type FROM events_before_v3 GROUP BY type ORDER BY min(position);
        INSERT INTO events (position, stream_id, revision, type_id, hash, envelope)
          SELECT e.position, s.id, e.revision, t.id, e.hash, e.envelope
          FROM events_before_v3 e
            JOIN streams s ON s.name = e.stream
            JOIN event_types t ON t.name = e.type
          ORDER BY e.position;
        DROP TABLE events_before_v3;
      `);
    }
    db.exec(`${createNamedView};
      PRAGMA user_version = ${NAME_IDS_SCHEMA_VERSION}`);
  });
  upgrade.immediate();
}
