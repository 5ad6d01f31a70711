import type { Chain, ChainStep } from './chain';
import { outcome, type PairRecord } from './pair-record';
import { levelPointsStep, matchPointsStep } from './pair-steps';
import { intSum, tenthsSum } from './values';

/** The open questions of TRN-TB-2 as named options; every default is documented here. */
export interface Tb2Options {
  /**
   * Step 2 when three or more pairs are tied (003 is silent): `skip` (default) passes to step 3;
   * `miniLeague` ranks them by the match points of the games among them.
   */
  readonly headToHeadAmongMany?: 'skip' | 'miniLeague';
  /** Step 3: whether a win by the opponent's forfeit counts as a round won. Default true: it is scored 2:0. */
  readonly forfeitWinCounts?: boolean;
  /** Step 3: whether a bye counts as a round won. Default false: no game was won. */
  readonly byeCounts?: boolean;
}

/**
 * TRN-TB-2 (003 三 (三) 3): match points, then 1. level-difference points; 2. the winner of the
 * tied pairs' meeting; 3. rounds won (draws apart); 4. rounds drawn; 5. the cumulative raw level
 * difference (an interpretation: the signed sum, which differs from step 1 only past 13; byes and
 * forfeits add 0); 6. the opponents' cumulative match points; 7. the ranking after the previous
 * round; then a shared place or lots.
 */
export function tb2Chain(
  records: ReadonlyMap<string, PairRecord>,
  options: Tb2Options = {},
): Chain<PairRecord> {
  const amongMany = options.headToHeadAmongMany ?? 'skip';
  const forfeitWinCounts = options.forfeitWinCounts ?? true;
  const byeCounts = options.byeCounts ?? false;
  const steps: ChainStep<PairRecord>[] = [
    matchPointsStep,
    levelPointsStep('levelDifferencePoints', 'cumulative level-difference points (级差分)'),
    {
      key: 'headToHead',
      better: 'higher',
      method: 'the match points of the meeting between the tied pairs',
      compute: (p, tied, explain) => {
        if (tied.length > 2 && amongMany === 'skip')
          return {
            value: {
              kind: 'none',
              reason: `${String(tied.length)} pairs tied: 003 gives no rule (headToHeadAmongMany = skip)`,
            },
            contributions: [],
          };
        const group = new Set(tied.map((t) => t.entrant));
        group.delete(p.entrant);
        const met = p.rounds.filter((r) => r.opponent !== null && group.has(r.opponent));
        if (tied.length === 2 && met.length === 0)
          return { value: { kind: 'none', reason: 'the tied pairs have not met' }, contributions: [] };
        return tenthsSum(
          met.map((r) => ({ round: r.round, opponent: r.opponent, n: r.own.matchTenths })),
          explain,
        );
      },
    },
    {
      key: 'roundsWon',
      better: 'higher',
      method: `rounds won, draws not counted (forfeit wins ${forfeitWinCounts ? 'counted' : 'not counted'}, byes ${byeCounts ? 'counted' : 'not counted'})`,
      compute: (p, _tied, explain) =>
        intSum(
          p.rounds
            .filter((r) => {
              const o = outcome(r);
              return o === 'won' || (o === 'forfeitWon' && forfeitWinCounts) || (o === 'bye' && byeCounts);
            })
            .map((r) => ({ round: r.round, opponent: r.opponent, n: 1, note: outcome(r) })),
          String,
          explain,
        ),
    },
    {
      key: 'roundsDrawn',
      better: 'higher',
      method: 'rounds drawn',
      compute: (p, _tied, explain) =>
        intSum(
          p.rounds
            .filter((r) => outcome(r) === 'drawn')
            .map((r) => ({ round: r.round, opponent: r.opponent, n: 1 })),
          String,
          explain,
        ),
    },
    {
      key: 'levelDifference',
      better: 'higher',
      method: 'cumulative level difference (累计级差): the signed sum of the raw level differences',
      compute: (p, _tied, explain) =>
        intSum(
          p.rounds.map((r) => ({ round: r.round, opponent: r.opponent, n: r.own.levelDifference })),
          String,
          explain,
        ),
    },
    {
      key: 'opponentsMatchPoints',
      better: 'higher',
      method: 'the sum of the cumulative match points of every opponent met',
      compute: (p, _tied, explain) =>
        tenthsSum(
          p.rounds
            .filter((r) => r.opponent !== null)
            .map((r) => ({
              round: r.round,
              opponent: r.opponent,
              n: r.opponent === null ? 0 : (records.get(r.opponent)?.matchTenths ?? 0),
            })),
          explain,
        ),
    },
    {
      key: 'previousRank',
      better: 'lower',
      method: 'the place in the standings after the previous round',
      compute: (p) =>
        p.previousRank === null
          ? { value: { kind: 'none', reason: 'no previous round' }, contributions: [] }
          : {
              value: { kind: 'number', value: String(p.previousRank) },
              contributions: [],
              sortKey: p.previousRank,
            },
    },
  ];
  return { rule: 'TRN-TB-2', steps, idOf: (p) => p.entrant };
}
