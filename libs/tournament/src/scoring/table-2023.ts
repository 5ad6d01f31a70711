import type { PointsPair } from './levels';

/** One row of the 2023 table: level-difference points and match points (in tenths) of the higher pair first. */
export interface Table2023Row {
  /** The level difference; the last row stands for 13 or more. */
  readonly difference: number;
  readonly levelPoints: PointsPair;
  /** Match points in tenths (1.5:0.5 is 15:5): exact, never binary floats (DEC-T-2). */
  readonly matchTenths: PointsPair;
}

/** TRN-SCORE-3 (003 三 (三) 2): the match-point column is the source's, not a formula. */
const MATCH_TENTHS_2023: readonly PointsPair[] = [
  [10, 10],
  [15, 5],
  [15, 5],
  [16, 4],
  [16, 4],
  [17, 3],
  [17, 3],
  [18, 2],
  [18, 2],
  [19, 1],
  [19, 1],
  [20, 0],
  [20, 0],
  [20, 0],
];

/** TRN-SCORE-3: the 2023 level-difference table, rows 0 … 13 (the last one is "13 or more"). */
export const TABLE_2023: readonly Table2023Row[] = MATCH_TENTHS_2023.map((matchTenths, difference) => ({
  difference,
  levelPoints: [13 + difference, 13 - difference],
  matchTenths,
}));

/**
 * TRN-SCORE-3: the row for a level difference (the higher pair's level minus the lower's, so ≥ 0);
 * 13 and above share the capped 26:0 row.
 */
export function table2023Row(difference: number): Table2023Row {
  if (!Number.isInteger(difference) || difference < 0)
    throw new RangeError(
      `TRN-SCORE-3: difference must be a whole number of levels, 0 or more (got ${String(difference)})`,
    );
  const row = TABLE_2023[Math.min(difference, 13)];
  if (row === undefined) throw new RangeError('TRN-SCORE-3: the table has rows 0 to 13');
  return row;
}
