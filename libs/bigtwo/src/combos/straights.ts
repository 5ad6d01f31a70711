import { ACE, TWO } from '../cards/card-value';
import type { BigTwoRules } from './rules';

/**
 * DEC-B2-1, B2-COMBO-4: the sequence order is A, 2, 3, …, K, A without wrap-around, so the ten
 * straights start at A (A2345), 2 (23456), 3 … T (TJQKA); JQKA2 and anything through K-A-2 are none.
 * In Big Two rank indexes (3 = 0 … A = 11, 2 = 12).
 */
const SEQUENCE: readonly number[] = [ACE, TWO, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ACE];
export const STRAIGHT_COUNT = 10;

/** The five ranks of straight `s`, in sequence order. */
export const WINDOW_RANKS: readonly (readonly number[])[] = Array.from({ length: STRAIGHT_COUNT }, (_, s) =>
  SEQUENCE.slice(s, s + 5),
);

/** Rank bit masks (bit r = rank r) of the ten straights. */
export const WINDOW_MASKS: Int32Array = Int32Array.from(WINDOW_RANKS, (ranks) =>
  ranks.reduce((mask, rank) => mask | (1 << rank), 0),
);

/** Rank mask → the straight it is (0…9), or -1. */
export const STRAIGHT_OF_MASK: Int8Array = (() => {
  const table = new Int8Array(1 << 13).fill(-1);
  WINDOW_MASKS.forEach((mask, s) => {
    table[mask] = s;
  });
  return table;
})();

/**
 * B2-CMP-4 readings (a)/(b), per straight: (a) the highest card in the single order (B2-CMP-2), so
 * the 2 in A2345 and 23456; (b) the top of the sequence (5 in A2345, A in TJQKA).
 */
const KEY_RANK_A: Int8Array = Int8Array.from(WINDOW_RANKS, (ranks) => Math.max(...ranks));
const KEY_RANK_B: Int8Array = Int8Array.from(WINDOW_RANKS, (ranks) => ranks[4] ?? 0);

export function straightKeyRanks(rules: BigTwoRules): Int8Array {
  return rules.straightKey === 'b' ? KEY_RANK_B : KEY_RANK_A;
}
