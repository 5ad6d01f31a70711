import {
  RANKS,
  isRank,
  rankIndex,
  rankOf,
  suitOf,
  type Face,
  type Rank,
  type Suit,
} from '@tablecast/cards/view';
import { faceOf } from '../../lib/on-air/labels';
import { isLevelCard, isWildcard } from './card-marks';

/**
 * The level rank of the deal in progress (GD-LVL-3), for the 级/配 marks and the hand order; null
 * between deals. Read from the on-air view or the replay's, which both carry Guandan's deal.
 */
export function levelOfDeal(view: { readonly hand: { readonly level: string } | null }): Rank | null {
  const level = view.hand?.level ?? null;
  return level !== null && isRank(level) ? level : null;
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
  const suit = SUIT_ORDER[suitOf(face)];
  if (isWildcard(face, level)) return 2;
  if (isLevelCard(face, level)) return 3 + suit / 10;
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

/** A hand in the order players hold it: jokers, wildcards, level cards, then A down to 2. */
export function handInPlayerOrder(hand: readonly string[], level: Rank | null): string[] {
  return sortForHand(hand, level, faceOf);
}
