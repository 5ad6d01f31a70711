import {
  RANKS,
  isJoker,
  rankIndex,
  rankOf,
  suitOf,
  type Face,
  type Rank,
  type Suit,
} from '@tablecast/cards/view';

/** What a card face looks like; everything Card.svelte needs, computed without the DOM. */
export interface CardLook {
  readonly face: Face;
  /** `10` for `T`; empty for jokers (they carry their name instead). */
  readonly rankLabel: string;
  readonly suit: Suit | null;
  readonly joker: 'BJ' | 'RJ' | null;
  readonly red: boolean;
  /** Every card of the level rank is a level card (级牌, GD-LVL-3). */
  readonly levelCard: boolean;
  /** The heart level card stands for any non-joker card (逢人配, GD-WILD-1). */
  readonly wildcard: boolean;
}

export function rankLabel(rank: Rank): string {
  return rank === 'T' ? '10' : rank;
}

export function cardLook(face: Face, level: Rank | null = null): CardLook {
  if (isJoker(face)) {
    return {
      face,
      rankLabel: '',
      suit: null,
      joker: face,
      red: face === 'RJ',
      levelCard: false,
      wildcard: false,
    };
  }
  const suit = suitOf(face);
  const rank = rankOf(face);
  const levelCard = level !== null && rank === level;
  return {
    face,
    rankLabel: rankLabel(rank),
    suit,
    joker: null,
    red: suit === 'H' || suit === 'D',
    levelCard,
    wildcard: levelCard && suit === 'H',
  };
}

const SUIT_ORDER: Readonly<Record<Suit, number>> = { S: 0, H: 1, C: 2, D: 3 };

/**
 * Sort key the way players arrange a Guandan hand, strongest on the left (GD-RANK-1): big joker,
 * small joker, the heart level cards (wildcards, kept apart so they are easy to find), the other
 * level cards, then A down to 2; within a rank ♠ ♥ ♣ ♦.
 */
export function handSortKey(face: Face, level: Rank | null): number {
  if (face === 'RJ') return 0;
  if (face === 'BJ') return 1;
  const look = cardLook(face, level);
  const suit = SUIT_ORDER[suitOf(face)];
  if (look.wildcard) return 2;
  if (look.levelCard) return 3 + suit / 10;
  const rank = rankIndex(rankOf(face));
  return 4 + (RANKS.length - 1 - rank) + suit / 10;
}

/** Sorts faces or physical card ids (`H5a`: the face is all but the copy letter). */
export function sortForHand<T extends string>(
  cards: readonly T[],
  level: Rank | null,
  faceOf: (card: T) => Face,
): T[] {
  // Each card's key is worked out once, not at every comparison (a hand is re-sorted on every play).
  // Equal keys are the two copies of one face (`H5a`, `H5b`): plain code-unit order settles them.
  // Not localeCompare: a page's first call builds an ICU collator, ~10 ms inside the frame that
  // draws the first deal (message-to-paint).
  return cards
    .map((card) => ({ card, key: handSortKey(faceOf(card), level) }))
    .sort((a, b) => a.key - b.key || (a.card < b.card ? -1 : a.card > b.card ? 1 : 0))
    .map(({ card }) => card);
}
