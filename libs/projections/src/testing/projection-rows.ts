import Database from 'better-sqlite3';
import { join } from 'node:path';
import { PROJECTIONS_FILE_NAME } from '../projection-db';

/** The match read models of a projections.sqlite, in key order, and its checkpoint. */
export interface ProjectionRows {
  readonly head: unknown[];
  readonly state: unknown[];
  readonly timeline: unknown[];
  readonly checkpoint: unknown[];
}

/**
 * Every row of the match read models in `dir`/projections.sqlite, in key order, and its
 * checkpoint: what a rebuild of the log must reproduce, a file shared by processes included.
 */
export function projectionRowsOf(dir: string): ProjectionRows {
  const db = new Database(join(dir, PROJECTIONS_FILE_NAME), { readonly: true });
  try {
    return {
      head: db.prepare('SELECT * FROM match_head ORDER BY match_id').all(),
      state: db.prepare('SELECT * FROM match_state ORDER BY match_id').all(),
      timeline: db.prepare('SELECT * FROM match_timeline ORDER BY match_id, revision').all(),
      checkpoint: db.prepare("SELECT value FROM meta WHERE key = 'checkpoint'").all(),
    };
  } finally {
    db.close();
  }
}
