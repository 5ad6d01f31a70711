import type Database from 'better-sqlite3';

/**
 * Where a frame's view sits in its bytes, as FrameEncoder built them: the view's JSON is the
 * frame's last field, `bytes` long (UTF-8), just before the closing brace. `key` names the view's
 * bytes (their SHA-256): frames whose views are equal bytes share one archived copy.
 */
export interface FrameView {
  readonly key: Buffer;
  readonly bytes: number;
}

/**
 * The views of archived frames, each kept once per match (`feed_views`). A frame of the staff
 * feed and the frames the delayed audiences get when that event is released carry the same view
 * (about a third of the archive's bytes were such repeats): the frame's row keeps its bytes up to
 * the view and the view's key, and a read puts the view and the closing brace back, byte for byte
 * what was sent. Rows written before (view_key null) keep the whole frame.
 */
export class ArchivedViews {
  private readonly insert: Database.Statement<[string, Buffer, Buffer]>;
  private readonly prune: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT OR IGNORE INTO feed_views (match_id, view_key, view) VALUES (?, ?, ?)');
    // After the match's old frames were pruned: the views none of its kept frames refers to.
    this.prune = db.prepare(
      `DELETE FROM feed_views WHERE match_id = ? AND view_key NOT IN
         (SELECT view_key FROM feed_frames WHERE match_id = ? AND view_key IS NOT NULL)`,
    );
  }

  /** Keeps the view of `payload` (once per match); returns the bytes the frame's row keeps. */
  split(matchId: string, payload: Buffer, view: FrameView): Buffer {
    const viewStart = payload.length - 1 - view.bytes;
    this.insert.run(matchId, view.key, payload.subarray(viewStart, payload.length - 1));
    return payload.subarray(0, viewStart);
  }

  pruneMatch(matchId: string): void {
    this.prune.run(matchId, matchId);
  }
}

const CLOSING_BRACE = Buffer.from('}');

/**
 * A frame as it was sent, from its archived row: the whole frame (no view key), or its head and
 * shared view put together; null when the view is missing (never expected: pruned with its last frame).
 */
export function frameBytes(row: {
  readonly payload: Buffer;
  readonly viewKey: Buffer | null;
  readonly view: Buffer | null;
}): Buffer | null {
  if (row.viewKey === null) return row.payload;
  if (row.view === null) return null;
  return Buffer.concat([row.payload, row.view, CLOSING_BRACE]);
}

/** The table, and the column on a `feed_frames` made before views were shared. */
export function createArchivedViews(db: Database.Database): void {
  // A rowid table, as feed_frames: a 2 KB view fits a rowid leaf, not a WITHOUT ROWID one.
  db.exec(`CREATE TABLE IF NOT EXISTS feed_views (
      match_id TEXT NOT NULL, view_key BLOB NOT NULL, view BLOB NOT NULL,
      PRIMARY KEY (match_id, view_key)
    )`);
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(feed_frames)').all();
  if (!columns.some((column) => column.name === 'view_key')) {
    db.exec('ALTER TABLE feed_frames ADD COLUMN view_key BLOB');
  }
}
