import type { MatchResult } from '@tablecast/game-kit';
import type { TableResultRecorded } from '@tablecast/events';
import type { SeatedTableState } from './state';

export type TableRecording =
  | { readonly ok: true; readonly event: TableResultRecorded }
  | { readonly ok: false; readonly rule: string; readonly message: string; readonly messageZh: string };

/**
 * A duplicate table's game result as the tournament records it (TRN-MP-1): one side per seat, in
 * the game's seat order, so the result's i-th side is the player seated at `seats[i]`; each
 * board's scores are re-keyed from the game's seat ids to the entrants. A board is named by its
 * deal's commitment (the same cards at every table it was dealt), or, dealt at this table alone,
 * by the table and its number: then it is compared with no other table.
 */
export function recordTableResult(
  round: number,
  table: SeatedTableState,
  matchId: string,
  result: MatchResult,
  now: string,
  rule: string,
): TableRecording {
  if (result.sides.length !== table.seats.length)
    return {
      ok: false,
      rule,
      message: `result.sides: table ${table.match} seats ${String(table.seats.length)} players, the result has ${String(result.sides.length)} sides`,
      messageZh: '成绩方数与座位数不符',
    };
  const entrantOf = new Map(result.sides.map((side, i) => [side.side, table.seats[i] ?? '']));
  const boards: TableResultRecorded['data']['boards'] = [];
  for (const board of result.boards) {
    const scores: Record<string, number> = {};
    for (const [seat, score] of Object.entries(board.scores)) {
      const entrant = entrantOf.get(seat);
      if (entrant === undefined)
        return {
          ok: false,
          rule,
          message: `result.boards: board ${board.board} scores seat ${seat}, which no side of the result holds`,
          messageZh: '牌副成绩的座位不在本桌',
        };
      scores[entrant] = score;
    }
    boards.push({ board: board.deal ?? `${table.match}.b${board.board}`, scores });
  }
  return {
    ok: true,
    event: {
      type: 'TableResultRecorded',
      data: {
        round,
        match: table.match,
        matchId,
        gameResult: {
          reason: result.reason,
          rule: result.rule,
          winner: result.winner,
          sides: result.sides.map((s) => ({ ...s })),
          boards: result.boards.map((b) => ({ ...b, scores: { ...b.scores } })),
        },
        seats: result.sides.map((side, i) => ({ entrant: table.seats[i] ?? '', seat: side.side })),
        boards,
        recordedAt: now,
      },
    },
  };
}
