import { FACES, isFace, type Face } from './face';

/**
 * A physical card: a face plus the deck it came from (`a` or `b`), e.g. `H5a`, `BJb`.
 * Every face appears twice in the 108-card Guandan deck (GD-DECK-1), and the record must tell
 * the two copies apart, so events name physical cards while the rules reason about faces.
 */
export const COPIES = ['a', 'b'] as const;
export type Copy = (typeof COPIES)[number];
export type CardId = `${Face}${Copy}`;

export function isCardId(value: unknown): value is CardId {
  if (typeof value !== 'string' || value.length !== 3) return false;
  const copy = value[2];
  return (copy === 'a' || copy === 'b') && isFace(value.slice(0, 2));
}

export function faceOfCard(card: CardId): Face {
  return card.slice(0, 2) as Face;
}

export function copyOfCard(card: CardId): Copy {
  return card[2] as Copy;
}

export function makeCard(face: Face, copy: Copy): CardId {
  return `${face}${copy}`;
}

/** The 108 cards of two decks in a fixed canonical order: deck a's 54 faces, then deck b's (GD-DECK-1). */
export function doubleDeck(): CardId[] {
  return COPIES.flatMap((copy) => FACES.map((face) => makeCard(face, copy)));
}

/** What is wrong with a deck order, in English and in Chinese (rejections carry both). */
export interface DeckProblem {
  readonly message: string;
  readonly messageZh: string;
}

/**
 * Checks that `order` is a permutation of the 108-card double deck: every physical card exactly once.
 * Returns the first problem found, or null.
 */
export function doubleDeckProblem(order: readonly string[]): DeckProblem | null {
  if (order.length !== 108)
    return {
      message: `a deck order has 108 cards, got ${order.length}`,
      messageZh: `牌序应有108张牌，实有${order.length}张`,
    };
  const seen = new Set<string>();
  for (const card of order) {
    if (!isCardId(card)) return { message: `not a card: ${card}`, messageZh: `不是一张牌：${card}` };
    if (seen.has(card))
      return { message: `card listed twice: ${card}`, messageZh: `同一张牌出现两次：${card}` };
    seen.add(card);
  }
  return null;
}
