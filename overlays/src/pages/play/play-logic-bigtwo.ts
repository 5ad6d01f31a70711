import type { B2PlayReading, B2SeatChoices, Face } from '@tablecast/bigtwo/view';

/** B2-CMP-1: 3 lowest, then up to A and 2; B2-CMP-2: within a rank ♦ < ♣ < ♥ < ♠. */
const RANK_ORDER = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2'];
const SUIT_ORDER = ['D', 'C', 'H', 'S'];

/** A card's place in Big Two's order: rank × 4 + suit. */
export function b2CardValue(face: Face): number {
  return RANK_ORDER.indexOf(face.slice(1)) * 4 + SUIT_ORDER.indexOf(face.slice(0, 1));
}

/** A hand as a player holds it: high cards left, low cards right (♠2 first, ♦3 last). */
export function sortB2Hand(hand: readonly Face[]): Face[] {
  return [...hand].sort((a, b) => b2CardValue(b) - b2CardValue(a));
}

export type B2LegalPlay = Extract<B2SeatChoices, { kind: 'play' }>['plays'][number];

/** A set of cards, whatever the order it was tapped in. */
function setKey(faces: readonly Face[]): string {
  return [...faces].sort((a, b) => b2CardValue(a) - b2CardValue(b)).join(' ');
}

/**
 * The legal play the tapped cards are (in Big Two the suits matter: exactly these cards), or null
 * when they are none, and the server will refuse them naming the rule.
 */
export function b2PlayOf(selected: readonly Face[], plays: readonly B2LegalPlay[]): B2PlayReading | null {
  if (selected.length === 0) return null;
  const key = setKey(selected);
  return plays.find((play) => setKey(play.faces) === key)?.reading ?? null;
}

/** The hint: the cards of a legal play, lowest first as the hand shows them. */
export function b2HintCards(play: B2LegalPlay): Face[] {
  return sortB2Hand(play.faces);
}
