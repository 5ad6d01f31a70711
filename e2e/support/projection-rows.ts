import { openTablecastEventStore } from '@tablecast/event-store';
import { matchLogCatalog, readModelGame } from '@tablecast/games';
import { ProjectionDb, rebuildProjections } from '@tablecast/projections';
import { projectionRowsOf, type ProjectionRows } from '@tablecast/projections/testing';

export { projectionRowsOf, type ProjectionRows };

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
