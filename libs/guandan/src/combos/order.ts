import { RANKS, type Joker, type Rank } from '@tablecast/cards';
import type { Reading } from '../model/reading';

/**
 * Rank power for comparisons (GD-RANK-1): 2 … A in natural order, then the level rank lifted out
 * of its place to sit just below the small joker, then BJ (small joker), RJ (big joker).
 */
export const LEVEL_POWER = 13;
export const BJ_POWER = 14;
export const RJ_POWER = 15;

export function powerOfIndex(rankIdx: number, levelIdx: number): number {
  return rankIdx === levelIdx ? LEVEL_POWER : rankIdx;
}

const RANK_INDEX: Readonly<Record<Rank, number>> = Object.fromEntries(RANKS.map((r, i) => [r, i])) as Record<
  Rank,
  number
>;

export function rankPower(rank: Rank | Joker, level: Rank): number {
  if (rank === 'BJ') return BJ_POWER;
  if (rank === 'RJ') return RJ_POWER;
  return powerOfIndex(RANK_INDEX[rank], RANK_INDEX[level]);
}

/**
 * Sequence positions (GD-RANK-2): A-low = 0, 2 = 1 … K = 12, A-high = 13. A sequence's reading
 * names its top position's rank, and 'A' as a top is always A-high (A-low is never a top).
 */
export function rankAtPosition(position: number): number {
  return position === 0 || position === 13 ? 12 : position - 1;
}

export function topPositionOf(rank: Rank): number {
  return rank === 'A' ? 13 : RANK_INDEX[rank] + 1;
}

export function rankNameAtPosition(position: number): Rank {
  return RANKS[rankAtPosition(position)] ?? 'A';
}

/** Bomb-class ladder (GD-CMP-8): 4 < 5 < straight flush < 6 < … < 10 < four jokers; 0 = not a bomb. */
export function bombTier(reading: Reading): number {
  switch (reading.type) {
    case 'bomb':
      return reading.length <= 5 ? reading.length * 2 : reading.length * 2 + 2;
    case 'straightFlush':
      return 11;
    case 'fourJokers':
      return 100;
    case 'single':
    case 'pair':
    case 'triple':
    case 'fullHouse':
    case 'straight':
    case 'pairSequence':
    case 'tripleSequence':
      return 0;
    default:
      return unreachable(reading.type);
  }
}

/** The comparison key within one type: rank power, or the top sequence position for sequences. */
export function readingKeyValue(reading: Reading, level: Rank): number {
  const rank = reading.rank;
  if (rank === undefined) return 0;
  switch (reading.type) {
    case 'straight':
    case 'pairSequence':
    case 'tripleSequence':
    case 'straightFlush':
      return rank === 'BJ' || rank === 'RJ' ? -1 : topPositionOf(rank);
    case 'single':
    case 'pair':
    case 'triple':
    case 'fullHouse':
    case 'bomb':
    case 'fourJokers':
      return rankPower(rank, level);
    default:
      return unreachable(reading.type);
  }
}

export function unreachable(value: never): never {
  throw new Error(`unreachable: ${String(value)}`);
}
