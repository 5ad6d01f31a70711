import type { MatchResult } from '@tablecast/game-kit';
import type { MatchState } from '../engine/state';
import type { GuandanEvent } from '../events/catalog';
import { levelName } from '../model/levels';

/** GD-SCORE-2…4: the match points (tenths) and level points a tournament scores, once the game has ended. */
export function guandanResult(state: MatchState): MatchResult | null {
  return state.result === null ? null : endedResult(state.result);
}

/** The same result read from the MatchEnded event alone: the state's `result` is that event's data. */
export function guandanEndingResult(event: GuandanEvent): MatchResult | null {
  return event.type === 'MatchEnded' ? endedResult(event.data) : null;
}

function endedResult(ended: NonNullable<MatchState['result']>): MatchResult {
  return {
    reason: ended.reason,
    rule: ended.rule,
    winner: ended.winner,
    sides: (['NS', 'EW'] as const).map((team) => ({
      side: team,
      matchPoints: ended.matchPoints[team],
      score: ended.levelPoints[team],
      // GD-SCORE-1: the levels are the game's record; a deal on top of it plays on from them.
      standing: levelName(ended.levels[team]),
    })),
    // Guandan is not played in duplicate: each deal is the table's own.
    boards: [],
  };
}
