import type { ChainStep } from './chain';
import type { PairRecord } from './pair-record';
import { intSum, tenthsSum } from './values';

/** The first step of both Guandan chains (TRN-TB-1, TRN-TB-2): cumulative match points (场分). */
export const matchPointsStep: ChainStep<PairRecord> = {
  key: 'matchPoints',
  better: 'higher',
  method: 'cumulative match points (场分)',
  compute: (p, _tied, explain) =>
    tenthsSum(
      p.rounds.map((r) => ({ round: r.round, opponent: r.opponent, n: r.own.matchTenths })),
      explain,
    ),
};

/**
 * The second step of both Guandan chains: the pair's level points summed over its rounds, from the
 * table its document scores with (26-point 级分 for TRN-TB-1, 2023 级差分 for TRN-TB-2).
 */
export function levelPointsStep(key: string, method: string): ChainStep<PairRecord> {
  return {
    key,
    better: 'higher',
    method,
    compute: (p, _tied, explain) =>
      intSum(
        p.rounds.map((r) => ({ round: r.round, opponent: r.opponent, n: r.own.levelPoints })),
        String,
        explain,
      ),
  };
}
