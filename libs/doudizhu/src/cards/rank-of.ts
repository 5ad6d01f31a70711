import { DDZ_RANKS, type DdzRank, type Face } from '@tablecast/cards';

/** Number of Dou Dizhu ranks: 3 … A, 2, small joker, big joker (DDZ-CMP-3). */
export const RANK_COUNT = 15;
export const ACE = 11;
export const TWO = 12;
export const SMALL_JOKER = 13;
export const BIG_JOKER = 14;

/** Read once: the cards barrel re-exports through getters, too slow for the inner loop. */
export const RANK_NAMES: readonly DdzRank[] = [...DDZ_RANKS];

// Natural rank character (second character of a suited face) -> Dou Dizhu rank.
const rankByChar = new Int8Array(128).fill(-1);
'3456789TJQKA2'.split('').forEach((char, rank) => {
  rankByChar[char.charCodeAt(0)] = rank;
});

/**
 * The Dou Dizhu rank of a face, 0 (a 3) … 14 (the big joker), read from its characters: `BJ` and
 * `RJ` are the jokers (the spade jack is `SJ`), otherwise the second character is the rank.
 * The caller guarantees a valid face; this runs in the move generator's hot path.
 */
export function rankOfFace(face: Face): number {
  const first = face.charCodeAt(0);
  if (first === 66) return SMALL_JOKER; // 'B'
  if (first === 82) return BIG_JOKER; // 'R'
  return rankByChar[face.charCodeAt(1)] ?? -1;
}

/** Rank index of a rank symbol (`3`…`A`, `2`, `BJ`, `RJ`), or -1. */
export function rankIndexOf(name: string): number {
  return (RANK_NAMES as readonly string[]).indexOf(name);
}
