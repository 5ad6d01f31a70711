import type { Database, Statement } from 'better-sqlite3';
import { isMatchEndType, parseStreamName } from '@tablecast/events';

/**
 * The live match streams (schema v4): a match stream has a row from its first event until its
 * last event is the match's end, and again after a correction appended past the end. The append
 * writes it in its own transaction, so the set always agrees with the events; a boot reads the
 * matches still played from it instead of the last event of every match ever played.
 */
export const createLiveStreams = `
  CREATE TABLE IF NOT EXISTS live_streams (
    stream TEXT PRIMARY KEY
  ) WITHOUT ROWID`;

/** `PRAGMA user_version` from which the file keeps `live_streams`. */
export const LIVE_STREAMS_SCHEMA_VERSION = 4;

/** Whether appends to `stream` keep its row in `live_streams` (match streams only). */
export function isLiveTracked(stream: string): boolean {
  return parseStreamName(stream)?.kind === 'match';
}

/** Keeps a stream's row after an append whose last event is of type `lastType`, in its transaction. */
export class LiveStreamWriter {
  private readonly insert: Statement<[string]>;
  private readonly remove: Statement<[string]>;

  constructor(db: Database) {
    this.insert = db.prepare('INSERT OR IGNORE INTO live_streams (stream) VALUES (?)');
    this.remove = db.prepare('DELETE FROM live_streams WHERE stream = ?');
  }

  appended(stream: string, lastType: string): void {
    if (!isLiveTracked(stream)) return;
    (isMatchEndType(lastType) ? this.remove : this.insert).run(stream);
  }
}

/**
 * Fills the set once for a file from before it was kept, from each match stream's last event as
 * it is then (one indexed read per match, once in the file's life), in the caller's transaction.
 * Expects the schema v3 layout (stream and type ids).
 */
export function fillLiveStreams(db: Database): void {
  db.exec(createLiveStreams);
  const ends = db
    .prepare<[], { stream: string; type: string }>(
      `SELECT s.name AS stream, t.name AS type
         FROM streams s
           JOIN events e ON e.stream_id = s.id
             AND e.revision = (SELECT max(revision) FROM events WHERE stream_id = s.id)
           JOIN event_types t ON t.id = e.type_id
         WHERE s.name LIKE 'match-%'`,
    )
    .all();
  const writer = new LiveStreamWriter(db);
  for (const { stream, type } of ends) writer.appended(stream, type);
}
