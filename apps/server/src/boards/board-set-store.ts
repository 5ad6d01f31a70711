import Database from 'better-sqlite3';
import { useWalMode } from '@tablecast/event-store';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DealtTable, SealedBoard } from './sealed-board';

export const BOARD_SETS_FILE_NAME = 'boards.sqlite';

interface BoardRow {
  board_id: string;
  set_id: string;
  game: string;
  number: number;
  seed: string;
  salt: string;
  commitment: string;
  declared: string | null;
}

interface TableRow {
  match_id: string;
  table_id: string;
  dealt_at: number | null;
}

/**
 * The duplicate board sets on disk, in their own SQLite file in the data dir: a board's seed and
 * salt exist nowhere else until its deal is revealed, so a restart must not lose them, and they
 * are never in the event log, whose public feeds are built from it. Each board's tables are kept
 * in the order they were dealt it; a set's declared tables (if it declared any) beside it. A file
 * written before sets declared tables or deals were timed is read as it is: no declared tables,
 * deal times unknown.
 */
export class BoardSetStore {
  /**
   * This file's own name, made once when the file is made: what follows the log for these boards
   * (their reveals and holds) keeps its checkpoint under it, so two board files on one log (two
   * deployments on one KurrentDB, a file made again) never share where they are.
   */
  readonly followerId: string;
  private readonly db: Database.Database;
  private readonly insertBoard: Database.Statement<[string, string, string, number, string, string, string]>;
  private readonly insertSet: Database.Statement<[string, string, string | null]>;
  private readonly seedOfSet: Database.Statement<[string], { seed: string | null }>;
  private readonly insertTable: Database.Statement<[string, string, string, number | null, string]>;
  private readonly boardById: Database.Statement<[string], BoardRow>;
  private readonly boardsOfSet: Database.Statement<[string], BoardRow>;
  private readonly tablesOf: Database.Statement<[string], TableRow>;
  private readonly boardsAt: Database.Statement<[string], { board_id: string }>;
  private readonly closeStatement: Database.Statement<[number, string]>;
  private readonly closedAt: Database.Statement<[string], { closed_at: number | null }>;
  private readonly awaitingTables: Database.Statement<[], { set_id: string }>;
  private readonly byCommitment: Database.Statement<[string], { board_id: string }>;
  private readonly holdLifted: Database.Statement<[number, string]>;
  private readonly owingLifts: Database.Statement<[], { board_id: string; closed_at: number | null }>;
  private readonly inTransaction: (work: () => void) => void;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, BOARD_SETS_FILE_NAME));
    // Several api processes may share this file (TC-SCALE-2): a writer waits for another's lock.
    useWalMode(this.db);
    this.db.pragma('synchronous = FULL');
    // Under one write lock: api processes booting together on a shared file would otherwise each
    // see a column missing and each add it, and the second fails with "duplicate column name".
    this.db
      .transaction(() => {
        this.createTables();
      })
      .immediate();
    this.followerId = this.ownId();
    this.insertBoard = this.db.prepare(
      'INSERT INTO boards (board_id, set_id, game, number, seed, salt, commitment) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertSet = this.db.prepare(
      'INSERT INTO board_sets (set_id, declared_tables, seed) VALUES (?, ?, ?)',
    );
    this.seedOfSet = this.db.prepare('SELECT seed FROM board_sets WHERE set_id = ?');
    this.insertTable = this.db.prepare(
      'INSERT OR IGNORE INTO board_tables (board_id, match_id, table_id, dealt_at, dealt_order) ' +
        'VALUES (?, ?, ?, ?, (SELECT COUNT(*) FROM board_tables WHERE board_id = ?))',
    );
    const columns =
      'b.board_id, b.set_id, b.game, b.number, b.seed, b.salt, b.commitment, s.declared_tables AS declared';
    const from = 'FROM boards b LEFT JOIN board_sets s ON s.set_id = b.set_id';
    this.boardById = this.db.prepare(`SELECT ${columns} ${from} WHERE b.board_id = ?`);
    this.boardsOfSet = this.db.prepare(`SELECT ${columns} ${from} WHERE b.set_id = ? ORDER BY b.number`);
    this.tablesOf = this.db.prepare(
      'SELECT match_id, table_id, dealt_at FROM board_tables WHERE board_id = ? ORDER BY dealt_order, match_id',
    );
    this.boardsAt = this.db.prepare('SELECT board_id FROM board_tables WHERE match_id = ?');
    this.closeStatement = this.db.prepare(
      'UPDATE boards SET closed_at = ? WHERE board_id = ? AND closed_at IS NULL',
    );
    this.closedAt = this.db.prepare('SELECT closed_at FROM boards WHERE board_id = ?');
    // A round's set (it has a seed) with an open board not yet recorded at each of its declared tables.
    this.awaitingTables = this.db.prepare(
      `SELECT s.set_id FROM board_sets s WHERE s.seed IS NOT NULL AND EXISTS (
         SELECT 1 FROM boards b WHERE b.set_id = s.set_id AND b.closed_at IS NULL AND
           (SELECT COUNT(*) FROM board_tables t WHERE t.board_id = b.board_id) < json_array_length(s.declared_tables)
       ) ORDER BY s.set_id`,
    );
    this.byCommitment = this.db.prepare('SELECT board_id FROM boards WHERE commitment = ? ORDER BY board_id');
    this.holdLifted = this.db.prepare(
      'UPDATE boards SET hold_lifted_at = ? WHERE board_id = ? AND hold_lifted_at IS NULL',
    );
    // DEC-DDZ-5, DEC-B2-5: a board of a set that declares its tables, dealt at every one of them or
    // closed, whose hold has not been seen lifted at each table it was dealt at.
    this.owingLifts = this.db.prepare(
      `SELECT b.board_id, b.closed_at FROM boards b JOIN board_sets s ON s.set_id = b.set_id
       WHERE s.declared_tables IS NOT NULL AND s.declared_tables != 'null' AND b.hold_lifted_at IS NULL AND (
         b.closed_at IS NOT NULL OR
         (SELECT COUNT(*) FROM board_tables t WHERE t.board_id = b.board_id) >= json_array_length(s.declared_tables)
       ) ORDER BY b.set_id, b.number`,
    );
    const transaction = this.db.transaction((work: () => void) => {
      work();
    });
    // IMMEDIATE: the write lock before the first read, so a set checked and written by one
    // process is never interleaved with another's write to it.
    this.inTransaction = (work) => {
      transaction.immediate(work);
    };
  }

  /** The file's id, made by the first process to open it (under the write lock, so all agree). */
  private ownId(): string {
    return this.db
      .transaction(() => {
        this.db
          .prepare("INSERT OR IGNORE INTO board_store (key, value) VALUES ('follower_id', ?)")
          .run(randomUUID());
        const row = this.db
          .prepare<[], { value: string }>("SELECT value FROM board_store WHERE key = 'follower_id'")
          .get();
        if (row === undefined) throw new Error('boards.sqlite: its follower id was not recorded');
        return row.value;
      })
      .immediate();
  }

  /** The tables, and the columns later versions added to a file an older one made. */
  private createTables(): void {
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS boards (
        board_id TEXT PRIMARY KEY, set_id TEXT NOT NULL, game TEXT NOT NULL, number INTEGER NOT NULL,
        seed TEXT NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL, closed_at INTEGER
      );
      CREATE INDEX IF NOT EXISTS boards_by_set ON boards (set_id, number);
      CREATE TABLE IF NOT EXISTS board_tables (
        board_id TEXT NOT NULL, match_id TEXT NOT NULL, table_id TEXT NOT NULL, dealt_order INTEGER NOT NULL,
        PRIMARY KEY (board_id, match_id)
      );
      CREATE INDEX IF NOT EXISTS board_tables_by_match ON board_tables (match_id);
      CREATE TABLE IF NOT EXISTS board_sets (set_id TEXT PRIMARY KEY, declared_tables TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS board_store (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    const tableColumns = this.db.pragma('table_info(board_tables)') as { name: string }[];
    if (!tableColumns.some((c) => c.name === 'dealt_at'))
      this.db.exec('ALTER TABLE board_tables ADD COLUMN dealt_at INTEGER');
    // A round's set (TRN-MP-1) keeps the seed its boards are derived from; an organiser's set has none.
    const setColumns = this.db.pragma('table_info(board_sets)') as { name: string }[];
    if (!setColumns.some((c) => c.name === 'seed'))
      this.db.exec('ALTER TABLE board_sets ADD COLUMN seed TEXT');
    // When a board's broadcast hold was seen lifted at every table dealt it (DEC-DDZ-5): a board
    // due a lift without it is owed one, found again at the next start. A file's older boards have
    // none: each is looked at once, then marked.
    const boardColumns = this.db.pragma('table_info(boards)') as { name: string }[];
    if (!boardColumns.some((c) => c.name === 'hold_lifted_at'))
      this.db.exec('ALTER TABLE boards ADD COLUMN hold_lifted_at INTEGER');
  }

  /**
   * Records a whole set at once (every board or none), with the tables it declares, if any, and the
   * seed its boards were derived from, if they were (a round's set).
   */
  addSet(
    set: string,
    boards: readonly SealedBoard[],
    declared: readonly string[] | null = null,
    seed: string | null = null,
  ): void {
    this.inTransaction(() => {
      if (declared !== null || seed !== null) this.insertSet.run(set, JSON.stringify(declared), seed);
      for (const b of boards) {
        this.insertBoard.run(b.id, set, b.game, b.number, b.seed, b.salt, b.commitment);
      }
    });
  }

  /**
   * A round's set (TRN-MP-1), made once however many processes start the round at the same time:
   * inside one IMMEDIATE transaction, the set already held (with its seed) is kept, else `make`'s
   * boards are recorded. Returns the set's seed and boards as recorded.
   */
  roundSetOnce(
    set: string,
    declared: readonly string[] | null,
    make: () => { readonly seed: string; readonly boards: readonly SealedBoard[] },
  ): { readonly seed: string; readonly boards: readonly SealedBoard[] } {
    let recorded: { readonly seed: string; readonly boards: readonly SealedBoard[] } | undefined;
    this.inTransaction(() => {
      const held = this.boardsOf(set);
      const heldSeed = this.setSeed(set);
      if (held.length > 0 && heldSeed !== null) {
        recorded = { seed: heldSeed, boards: held };
        return;
      }
      const made = make();
      this.insertSet.run(set, JSON.stringify(declared), made.seed);
      for (const b of made.boards)
        this.insertBoard.run(b.id, set, b.game, b.number, b.seed, b.salt, b.commitment);
      recorded = made;
    });
    if (recorded === undefined) throw new Error(`board set ${set}: its transaction recorded nothing`);
    return recorded;
  }

  /** Records that the board was dealt at the match's table (once per match), and when. */
  addTable(boardId: string, table: DealtTable): void {
    this.insertTable.run(boardId, table.matchId, table.table, table.dealtAt, boardId);
  }

  board(boardId: string): SealedBoard | null {
    const row = this.boardById.get(boardId);
    return row === undefined ? null : this.sealed(row);
  }

  boardsOf(set: string): SealedBoard[] {
    return this.boardsOfSet.all(set).map((row) => this.sealed(row));
  }

  /** The seed a round's set was derived from; null for a set of independent boards or none. */
  setSeed(set: string): string | null {
    return this.seedOfSet.get(set)?.seed ?? null;
  }

  /** The round sets with an open board not yet recorded at every table they declare. */
  roundSetsAwaitingTables(): string[] {
    return this.awaitingTables.all().map((r) => r.set_id);
  }

  /** The boards dealt at a match. */
  boardsDealtAt(matchId: string): string[] {
    return this.boardsAt.all(matchId).map((r) => r.board_id);
  }

  /** The boards whose first deal published this commitment (a table's DeckCommitted). */
  boardsCommittedTo(commitment: string): SealedBoard[] {
    return this.byCommitment
      .all(commitment)
      .map((r) => this.board(r.board_id))
      .filter((b): b is SealedBoard => b !== null);
  }

  /** The board's hold was seen lifted at every table dealt it (or there was none left to lift). */
  markHoldLifted(boardId: string, at: number): void {
    this.holdLifted.run(at, boardId);
  }

  /** The boards due a hold lift (dealt at every declared table, or closed) not yet seen lifted everywhere. */
  boardsOwingLift(): { readonly board: string; readonly closedAt: number | null }[] {
    return this.owingLifts.all().map((r) => ({ board: r.board_id, closedAt: r.closed_at }));
  }

  /** The organiser closed the board: its deal is revealed wherever it has been played. */
  close(boardId: string, at: number): void {
    this.closeStatement.run(at, boardId);
  }

  isClosed(boardId: string): boolean {
    return (this.closedAt.get(boardId)?.closed_at ?? null) !== null;
  }

  shutdown(): void {
    this.db.close();
  }

  private sealed(row: BoardRow): SealedBoard {
    return {
      id: row.board_id,
      set: row.set_id,
      game: row.game,
      number: row.number,
      seed: row.seed,
      salt: row.salt,
      commitment: row.commitment,
      tables: this.tablesOf
        .all(row.board_id)
        .map((t) => ({ matchId: t.match_id, table: t.table_id, dealtAt: t.dealt_at })),
      declared: row.declared === null ? null : (JSON.parse(row.declared) as string[]),
    };
  }
}
