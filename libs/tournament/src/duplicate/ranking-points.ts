import { Decimal } from 'decimal.js';

/** The ranking points per board rank (TRN-MP-4): the known table, and what lies past it. */
export interface RankingPointsSchedule {
  /** Points for ranks 1, 2, 3, …: the source gives 10000, 7000, 5000, 3500. */
  readonly table: readonly string[];
  /**
   * Past the table: `reciprocal` is DEC-T-1, 10000 / x (the ACBL placing schedule that matches
   * the given four); `refuse` rejects the rank, for organisers who must supply the official value.
   */
  readonly beyond: 'reciprocal' | 'refuse';
}

/** DEC-T-1 and TRN-MP-4: the default schedule. */
export const DEFAULT_RANKING_POINTS: RankingPointsSchedule = {
  table: ['10000', '7000', '5000', '3500'],
  beyond: 'reciprocal',
};

/**
 * TRN-MP-4: the ranking points of a board rank, kept to 2 decimal places (比赛分保留小数点后2位),
 * half up. Tied participants each receive their shared rank's points (TRN-MP-6).
 */
export function rankingPoints(
  rank: number,
  schedule: RankingPointsSchedule = DEFAULT_RANKING_POINTS,
): Decimal {
  if (!Number.isInteger(rank) || rank < 1)
    throw new RangeError(`rank: must be a whole number from 1 (got ${String(rank)})`);
  const listed = schedule.table[rank - 1];
  if (listed !== undefined) return new Decimal(listed).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (schedule.beyond === 'refuse')
    throw new RangeError(
      `TRN-MP-4: no ranking points for rank ${String(rank)}; the table covers ranks 1 to ${String(schedule.table.length)}`,
    );
  return new Decimal(10000).div(rank).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
