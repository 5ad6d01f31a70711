import { FACES, isFace, type Face } from './face';
import type { DeckProblem } from './card';

/**
 * The 54-card one-deck pack of Dou Dizhu (DDZ-DEAL-1): 52 suited cards plus the small joker BJ and
 * the big joker RJ. Every face occurs once, so a physical card is named by its face alone.
 * Canonical order is FACES order (suit-major, then BJ, RJ).
 */
export function singleDeck(): Face[] {
  return [...FACES];
}

/**
 * Checks that `order` is a permutation of the 54-card one-deck pack: every face exactly once.
 * Returns the first problem found, or null.
 */
export function singleDeckProblem(order: readonly string[]): DeckProblem | null {
  if (order.length !== 54)
    return {
      message: `a one-deck order has 54 cards, got ${order.length}`,
      messageZh: `牌序应有54张牌，实有${order.length}张`,
    };
  const seen = new Set<string>();
  for (const card of order) {
    if (!isFace(card)) return { message: `not a card: ${card}`, messageZh: `不是一张牌：${card}` };
    if (seen.has(card))
      return { message: `card listed twice: ${card}`, messageZh: `同一张牌出现两次：${card}` };
    seen.add(card);
  }
  return null;
}
