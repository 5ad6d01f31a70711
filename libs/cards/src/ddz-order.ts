import { faceIndex, type Face } from './face';

/**
 * The Dou Dizhu rank order, low to high (DDZ-CMP-2, DDZ-CMP-3): 3 < 4 < … < K < A < 2 < small
 * joker BJ < big joker RJ. Suits never matter. Index in this list is the face's Dou Dizhu rank.
 */
export const DDZ_RANKS = [
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'T',
  'J',
  'Q',
  'K',
  'A',
  '2',
  'BJ',
  'RJ',
] as const;
export type DdzRank = (typeof DDZ_RANKS)[number];

/** Rank index of the A: sequences (straights, pair sequences, airplanes) end at or below it. */
export const DDZ_ACE = 11;
/** Rank index of the 2, never part of a sequence. */
export const DDZ_TWO = 12;
export const DDZ_SMALL_JOKER = 13;
export const DDZ_BIG_JOKER = 14;

// FACES index -> Dou Dizhu rank, precomputed: natural ranks run 2…A (index 0…12) per suit.
const rankByFaceIndex: readonly number[] = Array.from({ length: 54 }, (_, index) => {
  if (index === 52) return DDZ_SMALL_JOKER;
  if (index === 53) return DDZ_BIG_JOKER;
  const natural = index % 13; // 0 is the 2, 1 the 3, …, 12 the A
  return natural === 0 ? DDZ_TWO : natural - 1;
});

/** The face's Dou Dizhu rank, 0 (a 3) … 14 (the big joker). */
export function ddzRank(face: Face): number {
  return rankByFaceIndex[faceIndex(face)] ?? -1;
}

/** The rank symbol in the oracle notation: `3`…`A`, `2`, `BJ`, `RJ`. */
export function ddzRankName(rank: number): DdzRank {
  const name = DDZ_RANKS[rank];
  if (name === undefined) throw new RangeError(`no Dou Dizhu rank ${rank}`);
  return name;
}

/** Orders faces low to high by Dou Dizhu rank, then by FACES order so the sort is total. */
export function compareDdzFaces(a: Face, b: Face): number {
  return ddzRank(a) - ddzRank(b) || faceIndex(a) - faceIndex(b);
}
