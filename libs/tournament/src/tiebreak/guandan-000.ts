import type { Chain, ChainStep } from './chain';
import type { PairRecord } from './pair-record';
import { levelPointsStep, matchPointsStep } from './pair-steps';
import { intSum } from './values';

/**
 * TRN-TB-1 (000 第二十七条 四, 第二十八条 二, 第二十九条 五), round robin and Swiss:
 * 1. match points; 2. 26-point level points; 3. level points in the games among the tied pairs;
 * 4. opponents' points, the sum of each opponent's total level points (Buchholz-like, an
 * interpretation); 5. a shared place, or the order drawn by lot (`rankByChain`'s final step).
 */
export function tb1Chain(records: ReadonlyMap<string, PairRecord>): Chain<PairRecord> {
  const steps: ChainStep<PairRecord>[] = [
    matchPointsStep,
    levelPointsStep('levelPoints', 'cumulative 26-point level points (级分)'),
    {
      key: 'levelPointsAmongTied',
      better: 'higher',
      method: 'level points in the games among the tied pairs (双方或多方之间比赛级分)',
      compute: (p, tied, explain) => {
        const group = new Set(tied.map((t) => t.entrant));
        return intSum(
          p.rounds
            .filter((r) => r.opponent !== null && group.has(r.opponent))
            .map((r) => ({ round: r.round, opponent: r.opponent, n: r.own.levelPoints })),
          String,
          explain,
        );
      },
    },
    {
      key: 'opponentsPoints',
      better: 'higher',
      method: "opponents' points (对手分): the total level points of every opponent met",
      compute: (p, _tied, explain) =>
        intSum(
          p.rounds
            .filter((r) => r.opponent !== null)
            .map((r) => ({
              round: r.round,
              opponent: r.opponent,
              n: r.opponent === null ? 0 : (records.get(r.opponent)?.levelPoints ?? 0),
            })),
          String,
          explain,
        ),
    },
  ];
  return { rule: 'TRN-TB-1', steps, idOf: (p) => p.entrant };
}
