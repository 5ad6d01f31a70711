/** A pair's final level in a Guandan game, 2 up to A, and A+ for a pair past A (过A). */
export const LEVELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'A+'] as const;
export type Level = (typeof LEVELS)[number];

/** TRN-SCORE-1: 2 = 0 … A = 12, A+ = 13. */
export function levelIndex(level: Level): number {
  return LEVELS.indexOf(level);
}

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** Both sides' points of one game, the first side's first. */
export type PointsPair = readonly [number, number];

/**
 * TRN-SCORE-1 (000 附录四): the 26-point level-difference table. The row pair gets 13 + d and the
 * column pair 13 − d, d = levelIndex(row) − levelIndex(col); the source's (2, 2) cell is "—", the
 * formula gives 13:13.
 */
export function levelPoints26(row: Level, col: Level): PointsPair {
  const d = levelIndex(row) - levelIndex(col);
  return [13 + d, 13 - d];
}
