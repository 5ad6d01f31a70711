import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BOARD_SETS_FILE_NAME, BoardSetStore } from './board-set-store';
import type { SealedBoard } from './sealed-board';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-boards-'));
  dirs.push(dir);
  return dir;
}

describe('the board sets on disk (boards.sqlite)', () => {
  it('reads a file written before sets declared tables or deals were timed: no declared tables, deal times unknown, and it takes new sets beside them', () => {
    const dir = dataDir();
    // The file as the earlier server wrote it: its schema, one set of one board dealt at one table.
    const old = new Database(join(dir, BOARD_SETS_FILE_NAME));
    old.exec(`
      CREATE TABLE boards (
        board_id TEXT PRIMARY KEY, set_id TEXT NOT NULL, game TEXT NOT NULL, number INTEGER NOT NULL,
        seed TEXT NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL, closed_at INTEGER
      );
      CREATE INDEX boards_by_set ON boards (set_id, number);
      CREATE TABLE board_tables (
        board_id TEXT NOT NULL, match_id TEXT NOT NULL, table_id TEXT NOT NULL, dealt_order INTEGER NOT NULL,
        PRIMARY KEY (board_id, match_id)
      );
      CREATE INDEX board_tables_by_match ON board_tables (match_id);
      INSERT INTO boards VALUES ('boards_old-1', 'boards_old', 'doudizhu', 1, 'old-seed', 'old-salt', 'c0ffee', NULL);
      INSERT INTO board_tables VALUES ('boards_old-1', 'm_t1', 't1', 0);
    `);
    old.close();

    const store = new BoardSetStore(dir);
    expect(store.board('boards_old-1')).toEqual({
      id: 'boards_old-1',
      set: 'boards_old',
      game: 'doudizhu',
      number: 1,
      seed: 'old-seed',
      salt: 'old-salt',
      commitment: 'c0ffee',
      tables: [{ matchId: 'm_t1', table: 't1', dealtAt: null }],
      declared: null,
    });
    store.addTable('boards_old-1', { matchId: 'm_t2', table: 't2', dealtAt: 5_000 });
    const board = {
      id: 'boards_new-1',
      set: 'boards_new',
      game: 'bigtwo',
      number: 1,
      seed: 's',
      salt: 'z',
      commitment: 'beef',
      tables: [],
      declared: ['t1', 't2'],
    };
    store.addSet('boards_new', [board], ['t1', 't2']);
    store.shutdown();

    const again = new BoardSetStore(dir);
    expect(again.board('boards_old-1')?.tables).toEqual([
      { matchId: 'm_t1', table: 't1', dealtAt: null },
      { matchId: 'm_t2', table: 't2', dealtAt: 5_000 },
    ]);
    expect(again.boardsOf('boards_old').map((b) => b.declared)).toEqual([null]);
    expect(again.boardsOf('boards_new')).toEqual([board]);
    again.shutdown();
  });

  it("TRN-MP-1: a round's set is made once however many processes share the file: the second keeps the first's seed and boards", () => {
    const dir = dataDir();
    // Two api processes' connections to one boards.sqlite beside the shared log.
    const first = new BoardSetStore(dir);
    const second = new BoardSetStore(dir);
    const board = (seed: string): SealedBoard => ({
      id: 'round-1-1',
      set: 'round-1',
      game: 'doudizhu',
      number: 1,
      seed,
      salt: `salt-${seed}`,
      commitment: `commitment-${seed}`,
      tables: [],
      declared: ['t1', 't2'],
    });
    try {
      const made = first.roundSetOnce('round-1', ['t1', 't2'], () => ({
        seed: 'seed-a',
        boards: [board('a')],
      }));
      let madeAgain = false;
      const kept = second.roundSetOnce('round-1', ['t1', 't2'], () => {
        madeAgain = true;
        return { seed: 'seed-b', boards: [board('b')] };
      });
      expect(madeAgain).toBe(false);
      expect(kept.seed).toBe(made.seed);
      expect(kept.boards.map((b) => b.seed)).toEqual(['a']);
      expect(first.boardsOf('round-1').map((b) => b.commitment)).toEqual(['commitment-a']);
    } finally {
      first.shutdown();
      second.shutdown();
    }
  });
  it('DEC-DDZ-5: a board is owed a hold lift once dealt at every declared table or closed, until its hold is marked lifted; a set without declared tables never is', () => {
    const store = new BoardSetStore(dataDir());
    const sealed = (set: string, number: number, declared: string[] | null): SealedBoard => ({
      id: `${set}-${String(number)}`,
      set,
      game: 'doudizhu',
      number,
      seed: `seed-${set}-${String(number)}`,
      salt: 'salt',
      commitment: `commitment-${set}-${String(number)}`,
      tables: [],
      declared,
    });
    try {
      store.addSet('held', [sealed('held', 1, ['t1', 't2']), sealed('held', 2, ['t1', 't2'])], ['t1', 't2']);
      store.addSet('free', [sealed('free', 1, null)]);
      store.addTable('free-1', { matchId: 'm1', table: 't1', dealtAt: 1 });
      store.addTable('held-1', { matchId: 'm1', table: 't1', dealtAt: 1 });
      expect(store.boardsOwingLift()).toEqual([]);
      store.addTable('held-1', { matchId: 'm2', table: 't2', dealtAt: 2 });
      store.close('held-2', 3);
      expect(store.boardsOwingLift()).toEqual([
        { board: 'held-1', closedAt: null },
        { board: 'held-2', closedAt: 3 },
      ]);
      store.markHoldLifted('held-1', 4);
      expect(store.boardsOwingLift()).toEqual([{ board: 'held-2', closedAt: 3 }]);
      expect(store.boardsCommittedTo('commitment-held-1').map((b) => b.id)).toEqual(['held-1']);
      expect(store.boardsCommittedTo('no-such-commitment')).toEqual([]);
    } finally {
      store.shutdown();
    }
  });
});
