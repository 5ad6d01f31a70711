import { wholeSeconds, type BoardResult, type MatchResult } from '@tablecast/game-kit';
import { SEATS } from '../events/primitives';
import { matchTotals, type DoudizhuState } from '../engine/state';

/**
 * The completed boards as the duplicate comparison takes them: same commitment, same deal (DDZ-MP-1),
 * with each player's own play time in whole seconds for the tie-break (TRN-TB-4, DEC-DDZ-6).
 */
export function doudizhuBoards(state: DoudizhuState): BoardResult[] {
  return state.completed.map((b) => ({
    board: String(b.board),
    deal: b.commitment === '' ? null : b.commitment,
    scores: Object.fromEntries(SEATS.map((s) => [String(s), b.scores[s]])),
    seconds: Object.fromEntries(SEATS.map((s) => [String(s), wholeSeconds(b.playTime[s])])),
  }));
}

/**
 * Each seat is its own side; matchpoints come from comparing boards across tables (DDZ-MP-*), so
 * the match itself names no winner. The score is the seat's total after penalties (DDZ-SCORE-5).
 */
export function doudizhuResult(state: DoudizhuState): MatchResult | null {
  if (state.status !== 'ended') return null;
  const totals = matchTotals(state);
  return {
    reason: 'boardsPlayed',
    rule: 'DDZ-SCORE-5',
    winner: null,
    sides: SEATS.map((s) => ({ side: String(s), matchPoints: 0, score: totals[s] })),
    boards: doudizhuBoards(state),
  };
}
