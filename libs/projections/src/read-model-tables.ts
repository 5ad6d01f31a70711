import type Database from 'better-sqlite3';
import type { ProjectionDb } from './projection-db';

export interface StateRow {
  readonly match_id: string;
  readonly game: string;
  readonly table_id: string;
  readonly revision: number;
  readonly position: string;
  readonly state: string;
  readonly scoreboard: string;
  readonly pending_correction: string | null;
}

export interface TimelineRow {
  readonly revision: number;
  readonly position: string;
  readonly type: string;
  readonly recorded_at: string;
  readonly actor_id: string;
  readonly actor_role: string;
  readonly data: string;
}

/**
 * The read models' SQL, prepared once per projection: preparing the statements on every flush
 * cost about as much as the writes they made.
 */
export class ReadModelTables {
  readonly upsertState: Database.Statement<
    [string, string, string, number, string, string, string, string | null]
  >;
  readonly insertTimeline: Database.Statement<
    [string, number, string, string, string, string, string, string]
  >;
  readonly selectState: Database.Statement<[string], StateRow>;
  readonly selectTimeline: Database.Statement<[string, number, number], TimelineRow>;
  readonly listStates: Database.Statement<[], Pick<StateRow, 'match_id' | 'table_id' | 'revision'>>;
  readonly listStatesAt: Database.Statement<[string], Pick<StateRow, 'match_id' | 'table_id' | 'revision'>>;

  constructor(readonly db: ProjectionDb) {
    const sql = db.db;
    this.upsertState = sql.prepare(
      `INSERT INTO match_state (match_id, game, table_id, revision, position, state, scoreboard, pending_correction)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(match_id) DO UPDATE SET revision = excluded.revision, position = excluded.position,
         state = excluded.state, scoreboard = excluded.scoreboard, pending_correction = excluded.pending_correction`,
    );
    this.insertTimeline = sql.prepare(
      `INSERT OR IGNORE INTO match_timeline (match_id, revision, position, type, recorded_at, actor_id, actor_role, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectState = sql.prepare(
      'SELECT match_id, game, table_id, revision, position, state, scoreboard, pending_correction FROM match_state WHERE match_id = ?',
    );
    this.selectTimeline = sql.prepare(
      `SELECT revision, position, type, recorded_at, actor_id, actor_role, data FROM match_timeline
       WHERE match_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    );
    this.listStates = sql.prepare('SELECT match_id, table_id, revision FROM match_state ORDER BY match_id');
    this.listStatesAt = sql.prepare(
      'SELECT match_id, table_id, revision FROM match_state WHERE table_id = ? ORDER BY match_id',
    );
  }
}
