import type { Rank, Suit, SuitedFace } from '@tablecast/cards';

/** Big Two ranks, low to high (B2-CMP-2): 3 < 4 < … < K < A < 2. Index = the card's Big Two rank. */
export const B2_RANKS: readonly Rank[] = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2'];
/** Suits, low to high (B2-CMP-1): ♦ < ♣ < ♥ < ♠. Index = the card's Big Two suit. */
export const B2_SUITS: readonly Suit[] = ['D', 'C', 'H', 'S'];

export const RANK_COUNT = 13;
export const ACE = 11;
export const TWO = 12;

const rankByChar = new Int8Array(128).fill(-1);
B2_RANKS.forEach((rank, index) => {
  rankByChar[rank.charCodeAt(0)] = index;
});
const suitByChar = new Int8Array(128).fill(-1);
B2_SUITS.forEach((suit, index) => {
  suitByChar[suit.charCodeAt(0)] = index;
});

/** Big Two rank index of a rank symbol, or -1. */
export function b2RankIndex(rank: string): number {
  return rank.length === 1 ? (rankByChar[rank.charCodeAt(0) & 127] ?? -1) : -1;
}

/** Big Two suit index of a suit symbol, or -1. */
export function b2SuitIndex(suit: string): number {
  return suit.length === 1 ? (suitByChar[suit.charCodeAt(0) & 127] ?? -1) : -1;
}

/**
 * A card's single-card value, 0 (♦3) … 51 (♠2): rank × 4 + suit, so a higher value is a higher
 * single (B2-CMP-1, B2-CMP-2). -1 for anything that is not one of the 52 cards (jokers included:
 * Big Two has none, B2-DEAL-1).
 */
export function cardValue(face: string): number {
  if (face.length !== 2) return -1;
  const suit = suitByChar[face.charCodeAt(0) & 127] ?? -1;
  const rank = rankByChar[face.charCodeAt(1) & 127] ?? -1;
  return suit < 0 || rank < 0 ? -1 : rank * 4 + suit;
}

/** The face of each value 0…51. */
export const FACE_OF_VALUE: readonly SuitedFace[] = Array.from(
  { length: 52 },
  (_, value): SuitedFace => `${B2_SUITS[value & 3] ?? 'D'}${B2_RANKS[value >> 2] ?? '3'}`,
);

/** Orders Big Two cards low to high as singles (B2-CMP-2, then B2-CMP-1). */
export function compareBigTwoFaces(a: string, b: string): number {
  return cardValue(a) - cardValue(b);
}

/** The 52-card Big Two deck (B2-DEAL-1), low to high: ♦3, ♣3, ♥3, ♠3, ♦4, … ♠2. */
export function bigTwoDeck(): SuitedFace[] {
  return [...FACE_OF_VALUE];
}
