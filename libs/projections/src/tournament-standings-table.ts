import type Database from 'better-sqlite3';
import type { ProjectionDb } from './projection-db';

/** A tournament's standings as last written: the stream revision they include, and the rows. */
export interface TournamentStandingsRecord {
  readonly tournamentId: string;
  readonly revision: number;
  readonly position: string;
  /** The standings rows (each with how its tie-break values were computed), as the fold gave them. */
  readonly rows: unknown;
}

interface Row {
  readonly tournament_id: string;
  readonly revision: number;
  readonly position: string;
  readonly standings: string;
}

/**
 * The tournaments' standings read model, beside the match read models in projections.sqlite. A row
 * is the fold of its tournament stream up to `revision`, whatever wrote it (the live runner, a
 * rebuild), so writing it again after a replay changes nothing.
 *
 * How far each stream is folded is also kept in a table of its own (`tournament_standings_folded`):
 * events that leave the standings as they are (a round's pairings and seatings) move only that
 * small row (`advance`). SQLite rewrites a whole row on any update, and the standings of 400 pairs
 * before their first result are megabytes (every row names the whole tie).
 */
export class TournamentStandingsTable {
  private readonly upsert: Database.Statement<[string, number, string, string]>;
  private readonly upsertFolded: Database.Statement<[string, number, string]>;
  private readonly select: Database.Statement<[string], Row>;
  private readonly all: Database.Statement<[], Row>;

  constructor(private readonly db: ProjectionDb) {
    db.db.exec(`CREATE TABLE IF NOT EXISTS tournament_standings (
      tournament_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, position TEXT NOT NULL, standings TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS tournament_standings_folded (
      tournament_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, position TEXT NOT NULL
    );`);
    this.upsertFolded = db.db.prepare(
      `INSERT INTO tournament_standings_folded (tournament_id, revision, position) VALUES (?, ?, ?)
       ON CONFLICT(tournament_id) DO UPDATE SET revision = excluded.revision, position = excluded.position`,
    );
    // A file written before the folded table existed has no row there: its standings row says.
    const columns = `s.tournament_id, COALESCE(f.revision, s.revision) AS revision,
      COALESCE(f.position, s.position) AS position, s.standings
      FROM tournament_standings s LEFT JOIN tournament_standings_folded f USING (tournament_id)`;
    this.upsert = db.db.prepare(
      `INSERT INTO tournament_standings (tournament_id, revision, position, standings) VALUES (?, ?, ?, ?)
       ON CONFLICT(tournament_id) DO UPDATE SET revision = excluded.revision, position = excluded.position,
         standings = excluded.standings`,
    );
    this.select = db.db.prepare(`SELECT ${columns} WHERE s.tournament_id = ?`);
    this.all = db.db.prepare(`SELECT ${columns} ORDER BY s.tournament_id`);
  }

  write(record: TournamentStandingsRecord): void {
    // Fenced like every write of a shared file (TC-SCALE-1).
    this.db.db.transaction(() => {
      this.db.assertWriter();
      this.upsert.run(record.tournamentId, record.revision, record.position, JSON.stringify(record.rows));
      this.upsertFolded.run(record.tournamentId, record.revision, record.position);
    })();
  }

  /**
   * Moves a written tournament's row on to `revision` and `position` with its standings as they
   * are: for events folded since its last `write` that leave the standings unchanged.
   */
  advance(tournamentId: string, revision: number, position: string): void {
    this.db.db.transaction(() => {
      this.db.assertWriter();
      this.upsertFolded.run(tournamentId, revision, position);
    })();
  }

  read(tournamentId: string): TournamentStandingsRecord | undefined {
    const row = this.select.get(tournamentId);
    return row === undefined ? undefined : toRecord(row);
  }

  list(): TournamentStandingsRecord[] {
    return this.all.all().map(toRecord);
  }

  /** Empties the table (a rebuild from position 0). */
  reset(): void {
    this.db.db.exec('DELETE FROM tournament_standings; DELETE FROM tournament_standings_folded;');
  }
}

function toRecord(row: Row): TournamentStandingsRecord {
  return {
    tournamentId: row.tournament_id,
    revision: row.revision,
    position: row.position,
    rows: JSON.parse(row.standings) as unknown,
  };
}
