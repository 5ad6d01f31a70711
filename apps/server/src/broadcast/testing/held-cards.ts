import { evolve, initialState, type GuandanEvent, type MatchState } from '@tablecast/guandan';

/** A card id as it appears in any frame's text (rank, suit, deck copy a/b), for leak scans. */
export const CARD_ID = /(?:[SHCD][2-9TJQKA]|BJ|RJ)[ab]/g;

/**
 * The cards still in a hand (or passing into one) after each revision of the match: what no
 * public frame of that revision may name. Folded through the rules engine, not the feed, so a
 * redaction bug cannot hide itself.
 */
export function heldAfterEachRevision(events: readonly GuandanEvent[]): Set<string>[] {
  let state: MatchState = initialState();
  return events.map((event) => {
    state = evolve(state, event);
    const held = new Set<string>();
    const hand = state.hand;
    if (hand !== null) {
      for (const seat of ['S', 'E', 'N', 'W'] as const) for (const card of hand.hands[seat]) held.add(card);
      if (hand.assignments.length === 0) for (const t of hand.tributesGiven) held.add(t.card);
    }
    return held;
  });
}
