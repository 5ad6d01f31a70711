import type { Bracket } from './bracket';
import { singleKnockout, type SingleKnockoutOptions } from './knockout';

/**
 * TRN-KO-5: after the Swiss stage, the top 2^n of the standings go through to a knockout, seeded by
 * their Swiss places. `standings` is the Swiss ranking, best first.
 */
export function swissThenKnockout(
  standings: readonly string[],
  qualifiers: number,
  options: SingleKnockoutOptions = {},
): Bracket {
  if (!Number.isInteger(Math.log2(qualifiers)) || qualifiers < 2)
    throw new RangeError(`qualifiers: TRN-KO-5 needs 2^n pairs, got ${qualifiers}`);
  if (standings.length < qualifiers)
    throw new RangeError(`standings: ${standings.length} pairs cannot fill a knockout of ${qualifiers}`);
  return singleKnockout(standings.slice(0, qualifiers), options);
}

/** One unit (单元) of a Swiss with low-position elimination: its rounds, then how many go out. */
export interface EliminationUnit {
  readonly rounds: number;
  readonly eliminate: number;
}

/**
 * TRN-SWISS-4: the regulations fix the units, their rounds and the pairs eliminated after each.
 * Returns the unit a round belongs to and whether the round closes it.
 */
export function eliminationUnitOf(
  plan: readonly EliminationUnit[],
  round: number,
): { unit: number; closesUnit: boolean; eliminate: number } | null {
  let first = 1;
  for (const [i, unit] of plan.entries()) {
    const last = first + unit.rounds - 1;
    if (round >= first && round <= last)
      return { unit: i + 1, closesUnit: round === last, eliminate: round === last ? unit.eliminate : 0 };
    first = last + 1;
  }
  return null;
}

/**
 * TRN-SWISS-4: after a unit, the lowest-placed pairs on cumulative score go out. `standings` is the
 * ranking (TRN-TB-1), best first.
 */
export function eliminateLowest(
  standings: readonly string[],
  count: number,
): { continuing: string[]; eliminated: string[] } {
  if (!Number.isInteger(count) || count < 0 || count >= standings.length)
    throw new RangeError(`eliminate: must leave at least one of ${standings.length} pairs, got ${count}`);
  return {
    continuing: standings.slice(0, standings.length - count),
    eliminated: standings.slice(standings.length - count),
  };
}
