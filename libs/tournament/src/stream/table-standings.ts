import {
  duplicateStandings,
  type DuplicateOptions,
  type DuplicateResult,
  type DuplicateRow,
} from '../duplicate/duplicate-standings';
import type { TournamentState } from './state';
import { isDuplicateGame } from './table-game';
import { movementOptions, roundLabel } from './table-sessions';

/**
 * The board results of a duplicate Swiss event's recorded tables, as TRN-MP-1 compares them: a
 * board is its round and deal (the same commitment: the same cards at every table), the seat is
 * the game's seat id, the group the table's (TRN-MOVE-3: Dou Dizhu compares within a group), and
 * the table its match (Big Two's defeated opponents, TRN-TB-5 step 1), and the seconds each
 * player's own play time on it as the game timed it (TRN-TB-4 steps 1-2, TRN-TB-5 steps 3-4). A
 * result recorded without times (an older event, or a game that keeps none) counts each board 0 s.
 */
export function tableBoardResults(state: TournamentState): DuplicateResult[] {
  const out: DuplicateResult[] = [];
  for (const round of state.rounds)
    for (const [match, result] of round.tableResults) {
      const group = round.tables.get(match)?.group ?? 1;
      const seatOf = new Map(result.seats.map((s) => [s.entrant, s.seat]));
      for (const board of result.boards)
        for (const [player, score] of Object.entries(board.scores))
          out.push({
            // TRN-MOVE-6: a board is named by its round and, in an event of several, its session.
            board: `${roundLabel(round.round, round.paired.session)}.${board.board}`,
            player,
            score,
            seconds: board.seconds?.[player] ?? 0,
            seat: seatOf.get(player) ?? '',
            group,
            table: match,
          });
    }
  return out;
}

/**
 * TRN-MP-1…5 over the whole event: each player's S is the sum of its ranking points over every
 * board it played, every round (TRN-MP-5), ranked by S and then the game's chain (TRN-TB-4 Dou
 * Dizhu, TRN-TB-5 Big Two). Empty until a table's result is recorded, and for a game of pairs.
 */
export function duplicateEventStandings(
  state: TournamentState,
  options: DuplicateOptions = {},
): DuplicateRow[] {
  const game = state.created?.game ?? '';
  if (!isDuplicateGame(game)) return [];
  const results = tableBoardResults(state);
  return results.length === 0 ? [] : duplicateStandings(game, results, options);
}

/**
 * TRN-MOVE-6: the standings after the `streamRound`-th stream round (a session), as the move that
 * follows it reads them: over every session so far (`rankingBasis: cumulative`), or over that
 * session alone (`lastSession`). An event without sessions reads the cumulative standings.
 */
export function standingsAfterSession(state: TournamentState, streamRound: number): DuplicateRow[] {
  if (state.created === null) return [];
  const rounds =
    movementOptions(state.created).rankingBasis === 'lastSession'
      ? state.rounds.slice(streamRound - 1, streamRound)
      : state.rounds.slice(0, streamRound);
  return duplicateEventStandings({ ...state, rounds });
}
