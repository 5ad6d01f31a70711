import { ddzCga2017, type DoudizhuState } from '@tablecast/doudizhu';
import type { Principal } from '../auth/roles';
import type { BoardSets } from '../boards/board-sets.service';
import type { PublicBoard } from '../boards/board-requests';
import type { MatchCommandService } from '../matches/match-command.service';
import type { SeatBots } from '../seat-bots/seat-bots.service';

/** The Dou Dizhu demo's three tables: each plays the same boards (duplicate, DDZ-GEN-1). */
export const DDZ_DEMO_TABLES = ['t1', 't2', 't3'] as const;
const SEATS = [0, 1, 2] as const;
const NAMES = [
  ['赵一', '钱二', '孙三'],
  ['李四', '周五', '吴六'],
  ['郑七', '王八', '冯九'],
] as const;

/** Who sets up the demo final: the organiser, as the referee. */
export const DEMO_ORGANISER: Principal = { role: 'referee', table: null, actorId: 'referee' };

export interface DdzFinal {
  /** The match at each table, t1 first. */
  readonly matches: readonly { readonly table: string; readonly matchId: string }[];
  readonly boards: readonly PublicBoard[];
}

export interface DdzFinalServices {
  readonly matches: MatchCommandService;
  readonly boards: BoardSets;
  readonly bots: SeatBots;
}

/** Creates the final's three matches and its sealed board set. */
export async function setUpFinal(services: DdzFinalServices, id: string, boards: number): Promise<DdzFinal> {
  const set = services.boards.create({ game: 'doudizhu', boards });
  const matches = DDZ_DEMO_TABLES.map((table) => ({ table, matchId: `${id}_${table}` }));
  for (const [t, { table, matchId }] of matches.entries()) {
    await services.matches.create(
      {
        game: 'doudizhu',
        matchId,
        table,
        ruleset: ddzCga2017,
        players: SEATS.map((seat) => ({
          id: `${matchId}-p${String(seat)}`,
          name: NAMES[t]?.[seat] ?? '',
          seat,
        })),
      },
      DEMO_ORGANISER,
    );
  }
  return { matches, boards: set.boards };
}

/**
 * Plays the final: bots on every seat at operator pace; each board dealt at the three tables, the
 * next one once every table has played it; then each match ended. `onBoard` hears of each board
 * played everywhere.
 */
export async function playFinal(
  services: DdzFinalServices,
  final: DdzFinal,
  options: {
    readonly paceMs: number;
    readonly signal: AbortSignal;
    readonly onBoard: (board: PublicBoard) => Promise<void>;
  },
): Promise<void> {
  for (const { matchId } of final.matches)
    for (const seat of SEATS)
      await services.bots.seat(
        { matchId, seat, paceMs: options.paceMs, seed: `${matchId}-seat-${String(seat)}` },
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
          game: 'doudizhu',
          revision: match.revision,
          idempotencyKey: `demo-end-${matchId}`,
          command: { type: 'EndMatch' },
        },
        DEMO_ORGANISER,
      );
    }
  } finally {
    for (const { matchId } of final.matches)
      for (const seat of SEATS) await services.bots.unseat(matchId, seat);
  }
}

/** Resolves once the table has played the board (or the demo stops). */
async function boardPlayed(
  matches: MatchCommandService,
  matchId: string,
  board: number,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    const state = (await matches.read(matchId)).state as DoudizhuState;
    if (state.completed.some((b) => b.board === board)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
