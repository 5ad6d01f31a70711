import type Database from 'better-sqlite3';
import type { ProjectionDb } from './projection-db';

/** A match's head (match_head): its game, its table and the revision its timeline is written to. */
export interface HeadRow {
  readonly match_id: string;
  readonly game: string;
  readonly table_id: string;
  readonly revision: number;
  readonly position: string;
}

/**
 * A match's head with its stored state (match_state), which may be at an earlier revision than
 * the head (state-writes.ts): `revision` and `position` here are the state's.
 */
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
  readonly upsertHead: Database.Statement<[string, string, string, number, string]>;
  readonly upsertState: Database.Statement<[string, number, string, string, string, string | null]>;
  readonly insertTimeline: Database.Statement<
    [string, number, string, string, string, string, string, string]
  >;
  readonly selectState: Database.Statement<[string], StateRow>;
  readonly selectTimeline: Database.Statement<[string, number, number], TimelineRow>;
  /** The matches whose stored state is behind their head (a projector stopped between writes). */
  readonly selectLagging: Database.Statement<[], Pick<HeadRow, 'match_id'>>;
  readonly listStates: Database.Statement<[], Pick<HeadRow, 'match_id' | 'table_id' | 'revision'>>;
  readonly listStatesAt: Database.Statement<[string], Pick<HeadRow, 'match_id' | 'table_id' | 'revision'>>;

  constructor(readonly db: ProjectionDb) {
    const sql = db.db;
    this.upsertHead = sql.prepare(
      `INSERT INTO match_head (match_id, game, table_id, revision, position) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(match_id) DO UPDATE SET revision = excluded.revision, position = excluded.position`,
    );
    this.upsertState = sql.prepare(
      `INSERT INTO match_state (match_id, revision, position, state, scoreboard, pending_correction)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(match_id) DO UPDATE SET revision = excluded.revision, position = excluded.position,
         state = excluded.state, scoreboard = excluded.scoreboard, pending_correction = excluded.pending_correction`,
    );
    this.insertTimeline = sql.prepare(
      `INSERT OR IGNORE INTO match_timeline (match_id, revision, position, type, recorded_at, actor_id, actor_role, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectState = sql.prepare(
      `SELECT match_id, head.game, head.table_id, state.revision, state.position, state.state, state.scoreboard,
         state.pending_correction
       FROM match_head AS head JOIN match_state AS state USING (match_id) WHERE match_id = ?`,
    );
    this.selectTimeline = sql.prepare(
      `SELECT revision, position, type, recorded_at, actor_id, actor_role, data FROM match_timeline
       WHERE match_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    );
    this.listStates = sql.prepare('SELECT match_id, table_id, revision FROM match_head ORDER BY match_id');
    this.listStatesAt = sql.prepare(
      'SELECT match_id, table_id, revision FROM match_head WHERE table_id = ? ORDER BY match_id',
    );
    this.selectLagging = sql.prepare(
      `SELECT match_id FROM match_head AS head JOIN match_state AS state USING (match_id)
       WHERE state.revision < head.revision ORDER BY match_id`,
    );
  }
}
