import type { PointsPair } from './levels';
import type { RuleError, Ruleset } from './result';

/** The non-offending side's score first, the forfeiting (or absent) side's second. */
export interface AwardedScore {
  readonly rule: string;
  readonly matchTenths: PointsPair;
  readonly levelPoints: PointsPair;
}

/**
 * TRN-SCORE-4 and DEC-GD-13: a game lost by penalty, forfeit or disqualification.
 * - `cga2017` (000 第十六条 四–五): 2:0 and 18:0, or the actual level points when the
 *   non-offender's level-point difference already exceeds 18 (`actual`: non-offender first).
 * - `cesa2023` (003 三 (五) 6, TRN-SWISS-8): 2:0 and 17:0.
 */
export function forfeitScore(ruleset: Ruleset, actual?: PointsPair): AwardedScore {
  switch (ruleset) {
    case 'cga2017': {
      const keepActual = actual !== undefined && actual[0] - actual[1] > 18;
      return { rule: 'TRN-SCORE-4', matchTenths: [20, 0], levelPoints: keepActual ? actual : [18, 0] };
    }
    case 'cesa2023':
      return { rule: 'TRN-SWISS-8', matchTenths: [20, 0], levelPoints: [17, 0] };
  }
}

/**
 * TRN-WD-2 (000 第二十四条): each round a withdrawn pair forfeits gives its opponent 2 match
 * points and 18 level points.
 */
export function withdrawalForfeitScore(): AwardedScore {
  return { rule: 'TRN-WD-2', matchTenths: [20, 0], levelPoints: [18, 0] };
}

/**
 * TRN-SCORE-4 and TRN-SWISS-8: a bye. 003 gives 1.5:0 and 17:0; 000 gives no value, so a `cga2017`
 * event must state its own in the regulations (`regulations`), or the bye is refused.
 */
export function byeScore(
  ruleset: Ruleset,
  regulations?: { readonly matchTenths: number; readonly levelPoints: number },
): AwardedScore | RuleError {
  switch (ruleset) {
    case 'cesa2023':
      return { rule: 'TRN-SWISS-8', matchTenths: [15, 0], levelPoints: [17, 0] };
    case 'cga2017':
      if (regulations === undefined)
        return {
          ok: false,
          rule: 'TRN-SCORE-4',
          message:
            '000 gives no score for a bye: the regulations must set byeScore (matchTenths, levelPoints)',
        };
      return {
        rule: 'TRN-SCORE-4',
        matchTenths: [regulations.matchTenths, 0],
        levelPoints: [regulations.levelPoints, 0],
      };
  }
}
