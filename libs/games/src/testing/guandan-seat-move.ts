import { faceOfCard, nextBelow, type Prng } from '@tablecast/cards';
import {
  COMBO_TYPES,
  legalPlays,
  legalPlaysOfType,
  physical,
  type GuandanView,
  type Play,
  type Seat,
} from '@tablecast/guandan';
import type { ClientCommand } from '@tablecast/protocol';

/**
 * A random legal move of one seat in the play phase, decided from that seat's own view only (as a
 * player's terminal receives it): its own hand, the trick's last play, the level and the ruleset,
 * never another seat's cards. Null when the view does not put `seat` to play (another seat's turn,
 * a deal, tribute or a match over), or when the view carries no hand of its own to play from.
 * `passBias` in [0,1] is the chance of passing when a follow is possible, as the random legal bot's.
 */
export function guandanSeatMove(
  view: GuandanView,
  seat: Seat,
  prng: Prng,
  passBias = 0.3,
): ClientCommand | null {
  const hand = view.hand;
  const held = view.seats[seat].hand;
  if (view.status !== 'inHand' || hand?.phase !== 'play' || hand.turn !== seat) return null;
  if (held === null) return null;
  const toBeat = hand.trick?.last?.as ?? null;
  if (toBeat !== null && nextBelow(prng, 1000) < passBias * 1000) return { type: 'Pass', seat };
  const faces = held.map(faceOfCard);
  // Leading: a type at random first (cheap), every lead when the hand has none of that type.
  let plays: readonly Play[] = [];
  if (toBeat === null) {
    const type = COMBO_TYPES[nextBelow(prng, COMBO_TYPES.length)] ?? 'single';
    plays = legalPlaysOfType(faces, null, hand.level, type, view.ruleset);
  }
  if (plays.length === 0) plays = legalPlays(faces, toBeat, hand.level, view.ruleset);
  const play = plays[plays.length === 0 ? 0 : nextBelow(prng, plays.length)];
  if (play === undefined) return { type: 'Pass', seat };
  return { type: 'PlayCards', seat, cards: physical(held, play.cards), as: play.as };
}
