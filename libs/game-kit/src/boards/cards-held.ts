/**
 * A play is of cards in the player's hand, each once (DDZ-GEN-2, B2-GEN-2): the first card of
 * `cards` that `hand` does not hold, or that the play names twice; null when every card is held.
 */
export function cardNotHeld<Card>(cards: readonly Card[], hand: readonly Card[]): Card | null {
  const held = new Set(hand);
  const seen = new Set<Card>();
  for (const card of cards) {
    if (!held.has(card) || seen.has(card)) return card;
    seen.add(card);
  }
  return null;
}
