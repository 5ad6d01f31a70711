import { positionToString, type EventStore } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { TournamentStandingsTable, type ProjectionDb } from '@tablecast/projections';
import { TournamentStandingsFold } from '@tablecast/tournament';

/**
 * Empties the tournaments' standings read model and folds every tournament stream again from
 * position 0 (TRN: standings are a projection, identical after a rebuild). One pass over the log;
 * each tournament's row is written once, at the end, with the revision and position it includes.
 */
export async function rebuildTournamentStandings(
  store: EventStore<TablecastEvent>,
  db: ProjectionDb,
): Promise<{ tournaments: number }> {
  const table = new TournamentStandingsTable(db);
  const fold = new TournamentStandingsFold();
  const last = new Map<string, { revision: number; position: string }>();
  for await (const event of store.readAll()) {
    const tournamentId = fold.applyLogged(event);
    if (tournamentId !== null)
      last.set(tournamentId, { revision: event.revision, position: positionToString(event.position) });
  }
  db.db.transaction(() => {
    table.reset();
    for (const [tournamentId, at] of last)
      table.write({ tournamentId, ...at, rows: fold.standings(tournamentId) ?? [] });
  })();
  return { tournaments: last.size };
}
