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
    const scores = byEntrant(board.scores, entrantOf);
    if (!scores.ok) return notSeated(rule, board.board, 'scores', scores.seat);
    // TRN-TB-4/5: each player's own play time, where the game timed it.
    const seconds = board.seconds === undefined ? undefined : byEntrant(board.seconds, entrantOf);
    if (seconds?.ok === false) return notSeated(rule, board.board, 'seconds', seconds.seat);
    boards.push({
      board: board.deal ?? `${table.match}.b${board.board}`,
      scores: scores.values,
      ...(seconds === undefined ? {} : { seconds: seconds.values }),
    });
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
          boards: result.boards.map((b) => ({
            ...b,
            scores: { ...b.scores },
            ...(b.seconds === undefined ? {} : { seconds: { ...b.seconds } }),
          })),
        },
        seats: result.sides.map((side, i) => ({ entrant: table.seats[i] ?? '', seat: side.side })),
        boards,
        recordedAt: now,
      },
    },
  };
}

/** A board's per-seat values re-keyed by entrant; the first seat no side of the result holds, if any. */
function byEntrant(
  bySeat: Readonly<Record<string, number>>,
  entrantOf: ReadonlyMap<string, string>,
):
  | { readonly ok: true; readonly values: Record<string, number> }
  | { readonly ok: false; readonly seat: string } {
  const values: Record<string, number> = {};
  for (const [seat, value] of Object.entries(bySeat)) {
    const entrant = entrantOf.get(seat);
    if (entrant === undefined) return { ok: false, seat };
    values[entrant] = value;
  }
  return { ok: true, values };
}

function notSeated(rule: string, board: string, field: 'scores' | 'seconds', seat: string): TableRecording {
  return {
    ok: false,
    rule,
    message: `result.boards: board ${board} ${field === 'scores' ? 'scores' : 'times'} seat ${seat}, which no side of the result holds`,
    messageZh: field === 'scores' ? '牌副成绩的座位不在本桌' : '牌副用时的座位不在本桌',
  };
}
