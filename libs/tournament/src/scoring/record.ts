import { byeScore, forfeitScore, type AwardedScore } from './forfeits';
import type { PointsPair } from './levels';
import { scoreGame, type LevelInput } from './match-points';
import type { RuleError, Ruleset, ScoredResult } from './result';

/** Which match a result belongs to: its id, the correction's revision (0 first), the round. */
export interface ResultKey {
  readonly id: string;
  readonly revision?: number;
  readonly round: number;
}

/** A played game, scored from both pairs' final levels (TRN-SCORE-1/2/3). */
export function playedResult(
  ruleset: Ruleset,
  key: ResultKey,
  a: { readonly entrant: string; readonly level: LevelInput },
  b: { readonly entrant: string; readonly level: LevelInput },
): ScoredResult {
  if (a.entrant === b.entrant) throw new RangeError(`b.entrant: a pair cannot play itself (${a.entrant})`);
  const [sa, sb] = scoreGame(ruleset, a.level, b.level);
  return { ...base(key), kind: 'played', a: { entrant: a.entrant, ...sa }, b: { entrant: b.entrant, ...sb } };
}

/** A round forfeited by `forfeitedBy` to `winner` (TRN-SCORE-4, TRN-SWISS-8, or TRN-WD-2 via `award`). */
export function forfeitResult(
  ruleset: Ruleset,
  key: ResultKey,
  winner: string,
  forfeitedBy: string,
  options: { readonly actual?: PointsPair; readonly award?: AwardedScore } = {},
): ScoredResult {
  if (winner === forfeitedBy) throw new RangeError(`forfeitedBy: the winner cannot forfeit (${winner})`);
  const award = options.award ?? forfeitScore(ruleset, options.actual);
  return {
    ...base(key),
    kind: 'forfeit',
    forfeitedBy,
    a: {
      entrant: winner,
      matchTenths: award.matchTenths[0],
      levelPoints: award.levelPoints[0],
      levelDifference: 0,
    },
    b: {
      entrant: forfeitedBy,
      matchTenths: award.matchTenths[1],
      levelPoints: award.levelPoints[1],
      levelDifference: 0,
    },
  };
}

/** A bye (TRN-SWISS-8); refused under `cga2017` unless the regulations give its score (TRN-SCORE-4). */
export function byeResult(
  ruleset: Ruleset,
  key: ResultKey,
  entrant: string,
  regulations?: { readonly matchTenths: number; readonly levelPoints: number },
): ScoredResult | RuleError {
  const award = byeScore(ruleset, regulations);
  if ('ok' in award) return award;
  return {
    ...base(key),
    kind: 'bye',
    a: { entrant, matchTenths: award.matchTenths[0], levelPoints: award.levelPoints[0], levelDifference: 0 },
    b: null,
  };
}

function base(key: ResultKey): { id: string; revision: number; round: number } {
  if (!Number.isInteger(key.round) || key.round < 1)
    throw new RangeError(`round: must be a whole number from 1 (got ${String(key.round)})`);
  const revision = key.revision ?? 0;
  if (!Number.isInteger(revision) || revision < 0)
    throw new RangeError(`revision: must be a whole number from 0 (got ${String(revision)})`);
  return { id: key.id, revision, round: key.round };
}
