import { otherTeam, type Team } from '../model/seats';
import type { Ruleset } from '../ruleset/ruleset';
import type { MatchState, PerTeam } from './state';

export interface MatchScore {
  readonly winner: Team | null;
  readonly matchPoints: PerTeam<number>;
  readonly levelPoints: PerTeam<number>;
}

/** GD-SCORE-3: level points 13 ± d on the 26-point scale (d capped at 13). */
export function levelPoints(levels: PerTeam<number>): PerTeam<number> {
  const d = Math.max(-13, Math.min(13, levels.NS - levels.EW));
  return { NS: 13 + d, EW: 13 - d };
}

/**
 * GD-SCORE-2/3, GD-VAR-003-4: the result of a game that ended on the cards. Match points in tenths
 * from the ruleset's table; at equal levels a draw, unless the ruleset breaks the tie by who reached
 * the level first (GD-VAR-004-8).
 */
export function scoreMatch(state: MatchState): MatchScore {
  const { levels, ruleset } = state;
  const points = levelPoints(levels);
  const d = Math.abs(levels.NS - levels.EW);
  let winner: Team | null = levels.NS > levels.EW ? 'NS' : levels.EW > levels.NS ? 'EW' : null;
  if (
    winner === null &&
    ruleset.timedTieBreak === 'firstToReach' &&
    state.reachedAt.NS !== state.reachedAt.EW
  ) {
    winner = state.reachedAt.NS < state.reachedAt.EW ? 'NS' : 'EW';
    return { winner, matchPoints: split(winner, 20), levelPoints: points };
  }
  if (winner === null) return { winner, matchPoints: { NS: 10, EW: 10 }, levelPoints: points };
  return { winner, matchPoints: split(winner, tableValue(ruleset, d)), levelPoints: points };
}

/**
 * GD-SCORE-4, DEC-GD-13: a game lost by forfeit or penalty: 2:0 and the ruleset's forfeit points
 * (18:0 in 000, 17:0 in 003), or the actual level points when the winner's margin already exceeds them.
 */
export function scoreForfeit(state: MatchState, loser: Team): MatchScore {
  const winner = otherTeam(loser);
  const actual = levelPoints(state.levels);
  const margin = actual[winner] - actual[loser];
  const award = state.ruleset.forfeitLevelPoints;
  const levelPts = margin > award ? actual : split(winner, award, 0);
  return { winner, matchPoints: split(winner, 20), levelPoints: levelPts };
}

function tableValue(ruleset: Ruleset, d: number): number {
  return ruleset.matchPointsByDifference[Math.min(13, d)] ?? 20;
}

function split(winner: Team, points: number, total = 20): PerTeam<number> {
  const rest = total === 0 ? 0 : total - points;
  return winner === 'NS' ? { NS: points, EW: rest } : { NS: rest, EW: points };
}

/**
 * GD-VAR-003-15: a bye's score for the pair that has no opponent (003: 1.5 match points, 17 level
 * points), or null where the regulations of the event set it (000 leaves byes to the regulations).
 * Byes belong to the tournament layer; the ruleset carries the numbers.
 */
export function scoreBye(
  ruleset: Ruleset,
): { readonly matchPoints: number; readonly levelPoints: number } | null {
  return ruleset.byeScore;
}
