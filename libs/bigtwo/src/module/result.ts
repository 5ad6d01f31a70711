import { wholeSeconds, type BoardResult, type MatchResult } from '@tablecast/game-kit';
import { SEATS } from '../events/primitives';
import { matchTotals, type BigTwoState } from '../engine/state';

/**
 * The completed boards as the duplicate comparison takes them: same commitment, same deal (B2-MP-1),
 * with each player's own play time in whole seconds for the tie-break (TRN-TB-5, DEC-B2-6).
 */
export function bigtwoBoards(state: BigTwoState): BoardResult[] {
  return state.completed.map((b) => ({
    board: String(b.board),
    deal: b.commitment === '' ? null : b.commitment,
    scores: Object.fromEntries(SEATS.map((s) => [s, b.scores[s]])),
    seconds: Object.fromEntries(SEATS.map((s) => [s, wholeSeconds(b.playTime[s])])),
  }));
}

/**
 * Each seat scores alone (B2-GEN-3: scoring is per player); matchpoints come from comparing boards
 * across tables (B2-MP-*), so the match itself names no winner. The score is the seat's total
 * of board scores (B2-SCORE-4) after penalties.
 */
export function bigtwoResult(state: BigTwoState): MatchResult | null {
  if (state.status !== 'ended') return null;
  const totals = matchTotals(state);
  return {
    reason: 'boardsPlayed',
    rule: 'B2-SCORE-4',
    winner: null,
    sides: SEATS.map((s) => ({ side: s, matchPoints: 0, score: totals[s] })),
    boards: bigtwoBoards(state),
  };
}
