import { openTablecastEventStore } from '@tablecast/event-store';
import { matchLogCatalog, readModelGame } from '@tablecast/games';
import { ProjectionDb, rebuildProjections } from '@tablecast/projections';
import Database from 'better-sqlite3';
import { join } from 'node:path';

/** The match read models of a projections.sqlite, in key order, and its checkpoint. */
export interface ProjectionRows {
  readonly head: unknown[];
  readonly state: unknown[];
  readonly timeline: unknown[];
  readonly checkpoint: unknown[];
}

/** The rows of `dir`/projections.sqlite. */
export function projectionRowsOf(dir: string): ProjectionRows {
  const db = new Database(join(dir, 'projections.sqlite'), { readonly: true });
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

/**
 * The read models a rebuild of the SQLite log in `logDir` makes, in `rebuiltDir`: what a shared
 * file must equal when no event was projected twice into a model (its state and scoreboard would
 * differ) and none skipped (a timeline row would be missing).
 */
export async function rebuiltProjectionRows(logDir: string, rebuiltDir: string): Promise<ProjectionRows> {
  const store = openTablecastEventStore({ dataDir: logDir }, matchLogCatalog);
  const db = new ProjectionDb(rebuiltDir);
  try {
    await rebuildProjections(store, db, readModelGame);
  } finally {
    db.close();
    await store.close();
  }
  return projectionRowsOf(rebuiltDir);
}

/** The rows of one match (its head, state and timeline), without the file's checkpoint. */
export function matchRowsOf(rows: ProjectionRows, matchId: string): Omit<ProjectionRows, 'checkpoint'> {
  const ofMatch = (table: unknown[]): unknown[] =>
    table.filter((row) => (row as { match_id?: unknown }).match_id === matchId);
  return { head: ofMatch(rows.head), state: ofMatch(rows.state), timeline: ofMatch(rows.timeline) };
}
