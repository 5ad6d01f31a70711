import { RANKS, type Rank } from '@tablecast/cards';

/**
 * Levels (GD-LVL-1): `levelIndex` 0 = 2 … 12 = A, 13 = past A (A+). The played level of a deal is
 * always a rank (2…A); only a pair's standing can be A+.
 */
export const ACE_LEVEL = 12;
export const PAST_ACE = 13;

export function levelRank(levelIndex: number): Rank {
  const rank = RANKS[Math.min(levelIndex, ACE_LEVEL)];
  if (rank === undefined) throw new RangeError(`no level ${levelIndex}`);
  return rank;
}

export function levelName(levelIndex: number): string {
  return levelIndex >= PAST_ACE ? 'A+' : levelRank(levelIndex);
}
