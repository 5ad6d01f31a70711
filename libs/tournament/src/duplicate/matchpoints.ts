import { Decimal } from 'decimal.js';

/** One participant's matchpoints on a board, against its comparison set (TRN-MP-1). */
export interface BoardMatchpoints {
  /** 2 per participant with a lower score, 1 per equal score (TRN-MP-1, TRN-MP-2). */
  readonly mp: number;
  /** 2 × (N − 1) (TRN-MP-2). */
  readonly top: number;
  /** MP / top × 100, exact (TRN-MP-2); rounded only for display. */
  readonly pct: Decimal;
  /** 1-based; equal MP% share a rank and later ranks are skipped: 1, 1, 3 (TRN-MP-3). */
  readonly rank: number;
}

export interface MatchpointOptions {
  /**
   * TRN-MP-2 open question: a comparison set of one has top = 0 and no MP%. `full` (default)
   * gives 100% and rank 1, as the lone result is not beaten; `refuse` rejects it.
   */
  readonly loneParticipant?: 'full' | 'refuse';
}

/**
 * TRN-MP-1…3: the matchpoints, MP% and board rank of each score in one comparison set (the same
 * board in the same seat; for Dou Dizhu also the same group), in input order. Scores are compared
 * exactly (numbers or decimal strings).
 */
export function boardMatchpoints(
  scores: readonly (number | string)[],
  options: MatchpointOptions = {},
): BoardMatchpoints[] {
  const n = scores.length;
  if (n === 0) throw new RangeError('scores: a comparison set needs at least one score (TRN-MP-1)');
  if (n === 1 && options.loneParticipant === 'refuse')
    throw new RangeError('scores: a comparison set of one has top = 0 and no MP% (TRN-MP-2)');
  const exact = scores.map((score, i) => {
    try {
      const value = new Decimal(score);
      if (!value.isFinite()) throw new Error('not finite');
      return value;
    } catch {
      throw new RangeError(`scores.${String(i)}: not a number (${JSON.stringify(score)})`);
    }
  });
  const top = 2 * (n - 1);
  const mps = exact.map((score) => {
    let mp = 0;
    for (const other of exact) {
      const order = score.comparedTo(other);
      if (order > 0) mp += 2;
      else if (order === 0) mp += 1;
    }
    return mp - 1; // one's own score is no comparison
  });
  return mps.map((mp) => ({
    mp,
    top,
    pct: top === 0 ? new Decimal(100) : new Decimal(mp).times(100).div(top),
    // Equal MP within one comparison set is equal MP% (same top).
    rank: 1 + mps.filter((other) => other > mp).length,
  }));
}

/** Formats an exact value with exactly 2 decimal places (比赛分保留小数点后2位), half up. */
export function twoPlaces(value: Decimal): string {
  return value.toFixed(2, Decimal.ROUND_HALF_UP);
}
