import { b2Cga2017 } from '@tablecast/bigtwo';
import { ddzCga2017 } from '@tablecast/doudizhu';
import type { Principal } from '../auth/roles';
import type { BoardSets } from '../boards/board-sets.service';
import type { PublicBoard } from '../boards/board-requests';
import type { MatchCommandService } from '../matches/match-command.service';
import type { SeatBots } from '../seat-bots/seat-bots.service';

/** A duplicate game's demo final: its tables (each plays the same boards), seats, ruleset and players. */
export interface DuplicateDemoGame {
  readonly game: string;
  readonly title: string;
  /** The match ids' prefix (`ddz_…`, `b2_…`). */
  readonly prefix: string;
  readonly tables: readonly string[];
  /** Each seat as the game's create request names it, in the module's seat order. */
  readonly seats: readonly (number | string)[];
  readonly ruleset: unknown;
  /** The players' names, per table and seat. */
  readonly names: readonly (readonly string[])[];
}

/** Dou Dizhu: three tables playing the same boards (duplicate, DDZ-GEN-1). */
export const DDZ_DEMO: DuplicateDemoGame = {
  game: 'doudizhu',
  title: 'Dou Dizhu',
  prefix: 'ddz',
  tables: ['t1', 't2', 't3'],
  seats: [0, 1, 2],
  ruleset: ddzCga2017,
  names: [
    ['赵一', '钱二', '孙三'],
    ['李四', '周五', '吴六'],
    ['郑七', '王八', '冯九'],
  ],
};

/** Big Two: a four-table duplicate final (B2-GEN-1), four seats a table. */
export const B2_DEMO: DuplicateDemoGame = {
  game: 'bigtwo',
  title: 'Big Two',
  prefix: 'b2',
  tables: ['t1', 't2', 't3', 't4'],
  seats: ['S', 'E', 'N', 'W'],
  ruleset: b2Cga2017,
  names: [
    ['陈东', '林南', '黄西', '张北'],
    ['何东', '罗南', '高西', '梁北'],
    ['谢东', '宋南', '唐西', '许北'],
    ['韩东', '冯南', '邓西', '曹北'],
  ],
};

/** Who sets up the demo final: the organiser, as the referee. */
export const DEMO_ORGANISER: Principal = { role: 'referee', table: null, actorId: 'referee' };

export interface DuplicateFinal {
  readonly game: DuplicateDemoGame;
  /** The match at each table, t1 first. */
  readonly matches: readonly { readonly table: string; readonly matchId: string }[];
  readonly boards: readonly PublicBoard[];
}

export interface DuplicateFinalServices {
  readonly matches: MatchCommandService;
  readonly boards: BoardSets;
  readonly bots: SeatBots;
}

/** Creates the final's matches and its sealed board set, which declares the final's tables. */
export async function setUpFinal(
  services: DuplicateFinalServices,
  game: DuplicateDemoGame,
  id: string,
  boards: number,
): Promise<DuplicateFinal> {
  const set = services.boards.create({ game: game.game, boards, tables: [...game.tables] });
  const matches = game.tables.map((table) => ({ table, matchId: `${id}_${table}` }));
  for (const [t, { table, matchId }] of matches.entries()) {
    await services.matches.create(
      {
        game: game.game,
        matchId,
        table,
        ruleset: game.ruleset,
        players: game.seats.map((seat, s) => ({
          id: `${matchId}-p${String(seat)}`,
          name: game.names[t]?.[s] ?? '',
          seat,
        })),
      },
      DEMO_ORGANISER,
    );
  }
  return { game, matches, boards: set.boards };
}

/**
 * Plays the final: bots on every seat at operator pace; each board dealt at every table, the next
 * one once every table has played it; then each match ended. `onBoard` hears of each board played
 * everywhere.
 */
export async function playFinal(
  services: DuplicateFinalServices,
  final: DuplicateFinal,
  options: {
    readonly paceMs: number;
    readonly signal: AbortSignal;
    readonly onBoard: (board: PublicBoard) => Promise<void>;
  },
): Promise<void> {
  const seats = final.game.seats.map(String);
  for (const { matchId } of final.matches)
    for (const seat of seats)
      await services.bots.seat(
        { matchId, seat, paceMs: options.paceMs, seed: `${matchId}-seat-${seat}` },
        DEMO_ORGANISER,
      );
  try {
    for (const board of final.boards) {
      for (const { matchId } of final.matches) {
        if (options.signal.aborted) return;
        await services.boards.deal(board.id, { matchId }, DEMO_ORGANISER);
      }
      for (const { matchId } of final.matches)
        await boardPlayed(services.matches, matchId, board.number, options.signal);
      if (options.signal.aborted) return;
      await options.onBoard(board);
    }
    for (const { matchId } of final.matches) {
      const match = await services.matches.read(matchId);
      await services.matches.execute(
        matchId,
        {
          game: final.game.game,
          revision: match.revision,
          idempotencyKey: `demo-end-${matchId}`,
          command: { type: 'EndMatch' },
        },
        DEMO_ORGANISER,
      );
    }
  } finally {
    for (const { matchId } of final.matches)
      for (const seat of seats) await services.bots.unseat(matchId, seat);
  }
}

/** Resolves once the table has played the board (its module's board results list it), or the demo stops. */
async function boardPlayed(
  matches: MatchCommandService,
  matchId: string,
  board: number,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    const match = await matches.read(matchId);
    if (match.module.boards(match.state).some((b) => b.board === String(board))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
