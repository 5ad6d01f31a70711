import type { CardId } from '@tablecast/cards';

/**
 * Whether `cards` are distinct physical cards, at least one, all in `held`: a play (GD-DECK-2) and
 * a taken-back wrong lead (GD-PEN-9) must both name real cards of the seat's hand, once each.
 */
export function areDistinctHeldCards(cards: readonly CardId[], held: readonly CardId[]): boolean {
  return cards.length > 0 && new Set(cards).size === cards.length && cards.every((c) => held.includes(c));
}
