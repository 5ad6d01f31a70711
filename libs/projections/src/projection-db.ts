import Database from 'better-sqlite3';
import { useWalMode } from '@tablecast/event-store';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const PROJECTIONS_FILE_NAME = 'projections.sqlite';

/**
 * Bump when a read model's shape changes: the runner then rebuilds from position 0.
 * v3: the engine's in-hand state gained `barred` and `penaltiesBefore` (GD-PEN-4/5/12), and the
 * scoreboard applies committee rulings; stored states of a deal in progress lack them.
 * v4: every game's match has a read model, its game in its own column.
 * v5: the arbitration index (appeals by match, rulings by id, next pairings by match).
 * v6: a match's head (revision, position) in match_head, written with every flush; its state in
 * match_state at a revision of its own, written less often (state-writes.ts).
 * v7: a tournament's standings name each tie-break step's tied pairs by a run of places
 * (`among: {from, count}`), not by every id; stored standings name ids.
 */
export const PROJECTIONS_SCHEMA_VERSION = 7;

/** The arbitration index (arbitration-index.ts): one row per key, the first record standing. */
const ARBITRATION_INDEX_TABLES = `
  CREATE TABLE IF NOT EXISTS arbitration_appeals (appeal_id TEXT PRIMARY KEY, match_id TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS arbitration_appeals_by_match ON arbitration_appeals (match_id);
  CREATE TABLE IF NOT EXISTS arbitration_rulings (ruling_id TEXT PRIMARY KEY, appeal_id TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS arbitration_next_pairings (match_id TEXT PRIMARY KEY, published_at INTEGER NOT NULL);
`;
const DROP_ARBITRATION_INDEX = `DROP TABLE IF EXISTS arbitration_appeals; DROP TABLE IF EXISTS arbitration_rulings;
  DROP TABLE IF EXISTS arbitration_next_pairings;`;

/** The meta key naming the lease token of the one projector allowed to write a shared file. */
const PROJECTOR_TOKEN = 'projectorToken';

/**
 * TC-SCALE-1: a projector's write refused because another holder of the projections lease (a
 * later token) claimed the shared file, or a rebuild emptied it: what it would write is from a
 * term that is no longer its own.
 */
export class ProjectionsFencedError extends Error {
  constructor(
    readonly token: number,
    readonly holder: string | undefined,
  ) {
    super(
      `projections.sqlite is no longer written under projections lease token ${String(token)} (${
        holder === undefined ? 'no projector claims it (rebuilt?)' : `token ${holder} claims it`
      }) (TC-SCALE-1)`,
    );
    this.name = 'ProjectionsFencedError';
  }
}

/**
 * The read models' own SQLite file beside the event store. Read models and their checkpoint are
 * written in one transaction, so after a crash the checkpoint never runs ahead of (or behind)
 * the rows it describes: replaying from it is exactly-once.
 */
export class ProjectionDb {
  readonly db: Database.Database;
  /** Prepared once: the runner writes the checkpoint with every flush. */
  private readonly upsertMeta: Database.Statement<[string, string]>;
  private readonly selectMeta: Database.Statement<[string], { value: string }>;
  /** The lease token this process writes a shared file under; undefined: a file of its own. */
  private writerToken: number | undefined;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, PROJECTIONS_FILE_NAME));
    useWalMode(this.db);
    this.db.pragma('synchronous = NORMAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);');
    this.upsertMeta = this.db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
    this.selectMeta = this.db.prepare('SELECT value FROM meta WHERE key = ?');
    if (this.meta('schemaVersion') !== String(PROJECTIONS_SCHEMA_VERSION)) {
      // Read models are disposable: a new shape means dropping them and replaying from position 0.
      this.db.exec(
        `DROP TABLE IF EXISTS match_head; DROP TABLE IF EXISTS match_state; DROP TABLE IF EXISTS match_timeline;
         DROP TABLE IF EXISTS tournament_standings; DROP TABLE IF EXISTS tournament_standings_folded;
         ${DROP_ARBITRATION_INDEX}
         DELETE FROM meta;`,
      );
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS match_head (
        match_id TEXT PRIMARY KEY, game TEXT NOT NULL, table_id TEXT NOT NULL, revision INTEGER NOT NULL,
        position TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS match_state (
        match_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, position TEXT NOT NULL, state TEXT NOT NULL,
        scoreboard TEXT NOT NULL, pending_correction TEXT
      );
      CREATE TABLE IF NOT EXISTS match_timeline (
        match_id TEXT NOT NULL, revision INTEGER NOT NULL, position TEXT NOT NULL, type TEXT NOT NULL,
        recorded_at TEXT NOT NULL, actor_id TEXT NOT NULL, actor_role TEXT NOT NULL, data TEXT NOT NULL,
        PRIMARY KEY (match_id, revision)
      );
      ${ARBITRATION_INDEX_TABLES}
    `);
    this.setMeta('schemaVersion', String(PROJECTIONS_SCHEMA_VERSION));
  }

  meta(key: string): string | undefined {
    return this.selectMeta.get(key)?.value;
  }

  /**
   * TC-SCALE-1: takes a shared file for the projector holding projections lease token `token`,
   * in one write transaction: refused (ProjectionsFencedError) when a later token took it already.
   * From now on every write of the read models checks, in its own transaction, that the file is
   * still this token's (`assertWriter`): a projector paused past its lease writes nothing after
   * its successor claimed the file.
   */
  claimWriter(token: number): void {
    this.db
      .transaction(() => {
        const current = this.meta(PROJECTOR_TOKEN);
        if (current !== undefined && Number(current) > token)
          throw new ProjectionsFencedError(token, current);
        this.setMeta(PROJECTOR_TOKEN, String(token));
      })
      .immediate();
    this.writerToken = token;
  }

  /** Inside each write transaction of the read models: throws if the shared file is not this writer's. */
  assertWriter(): void {
    if (this.writerToken === undefined) return;
    const current = this.meta(PROJECTOR_TOKEN);
    if (current !== String(this.writerToken)) throw new ProjectionsFencedError(this.writerToken, current);
  }

  setMeta(key: string, value: string): void {
    this.upsertMeta.run(key, value);
  }

  /** Empties every read model and the checkpoint (rebuild from position 0). */
  reset(): void {
    this.db.transaction(() => {
      this.db.exec(
        `DELETE FROM match_head; DELETE FROM match_state; DELETE FROM match_timeline; DELETE FROM meta;
         DELETE FROM arbitration_appeals; DELETE FROM arbitration_rulings; DELETE FROM arbitration_next_pairings;`,
      );
      this.setMeta('schemaVersion', String(PROJECTIONS_SCHEMA_VERSION));
    })();
  }

  close(): void {
    this.db.close();
  }
}
