import { isJoker, rankOf, suitOf, type Face, type Rank, type Suit } from '@tablecast/cards/view';

/**
 * What a card face looks like; everything Card.svelte needs, computed without the DOM. A game's
 * mark on the face (a badge) is the game's to give (card-mark.ts).
 */
export interface CardLook {
  readonly face: Face;
  /** `10` for `T`; empty for jokers (they carry their name instead). */
  readonly rankLabel: string;
  readonly suit: Suit | null;
  readonly joker: 'BJ' | 'RJ' | null;
  readonly red: boolean;
}

export function rankLabel(rank: Rank): string {
  return rank === 'T' ? '10' : rank;
}

export function cardLook(face: Face): CardLook {
  if (isJoker(face)) return { face, rankLabel: '', suit: null, joker: face, red: face === 'RJ' };
  const suit = suitOf(face);
  return { face, rankLabel: rankLabel(rankOf(face)), suit, joker: null, red: suit === 'H' || suit === 'D' };
}
